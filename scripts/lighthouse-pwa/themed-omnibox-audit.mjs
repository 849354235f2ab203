import { Audit } from "lighthouse";
import { checkResult } from "./audit-helpers.mjs";

/** Lighthouse 11's themed-omnibox: a theme colour in the page and in the manifest. */
export default class ThemedOmnibox extends Audit {
  static get meta() {
    return {
      id: "themed-omnibox",
      title: "Sets a theme color for the address bar",
      failureTitle: "Does not set a theme color for the address bar",
      description: "The browser's address bar takes the site's colour from `<meta name=theme-color>`.",
      requiredArtifacts: ["AppManifest", "MetaElements"],
    };
  }

  static audit(artifacts) {
    const meta = artifacts.MetaElements.find((element) => element.name === "theme-color");
    return checkResult([
      ...(meta?.content ? [] : ["the page has no theme-color meta"]),
      ...(artifacts.AppManifest.data?.theme_color ? [] : ["the manifest has no theme_color"]),
    ]);
  }
}
