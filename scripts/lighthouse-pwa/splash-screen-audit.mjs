import { Audit } from "lighthouse";
import { checkResult, iconsOf } from "./audit-helpers.mjs";

/** Lighthouse 11's splash-screen: name, background and theme colours, and an icon of 512 px. */
export default class SplashScreen extends Audit {
  static get meta() {
    return {
      id: "splash-screen",
      title: "Configured for a custom splash screen",
      failureTitle: "Is not configured for a custom splash screen",
      description:
        "A phone draws the app's splash screen from the manifest's name, colours and a 512 px icon.",
      requiredArtifacts: ["AppManifest"],
    };
  }

  static audit(artifacts) {
    const manifest = artifacts.AppManifest.data;
    return checkResult([
      ...(manifest?.name ? [] : ["the manifest has no name"]),
      ...(manifest?.background_color ? [] : ["the manifest has no background_color"]),
      ...(manifest?.theme_color ? [] : ["the manifest has no theme_color"]),
      ...(iconsOf(manifest, "any", 512).length ? [] : ["the manifest has no icon of 512 px"]),
    ]);
  }
}
