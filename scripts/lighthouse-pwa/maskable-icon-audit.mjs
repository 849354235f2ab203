import { Audit } from "lighthouse";
import { checkResult, iconsOf } from "./audit-helpers.mjs";

/** Lighthouse 11's maskable-icon: an icon a phone may crop to its own shape. */
export default class MaskableIcon extends Audit {
  static get meta() {
    return {
      id: "maskable-icon",
      title: "Manifest has a maskable icon",
      failureTitle: "Manifest doesn't have a maskable icon",
      description: "A maskable icon fills the phone's icon shape instead of sitting in a white circle.",
      requiredArtifacts: ["AppManifest"],
    };
  }

  static audit(artifacts) {
    const maskable = iconsOf(artifacts.AppManifest.data, "maskable", 1);
    return checkResult(maskable.length ? [] : ["the manifest has no icon with purpose maskable"]);
  }
}
