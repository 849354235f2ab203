import { Audit } from "lighthouse";
import { checkResult } from "./audit-helpers.mjs";

/** Lighthouse 11's installable-manifest: a manifest Chromium parses, and no installability error. */
export default class InstallableManifest extends Audit {
  static get meta() {
    return {
      id: "installable-manifest",
      title: "Web app manifest and service worker meet the installability requirements",
      failureTitle: "Web app manifest or service worker do not meet the installability requirements",
      description: "Chromium offers to install a site only when its own installability check finds no error.",
      requiredArtifacts: ["AppManifest"],
    };
  }

  static audit(artifacts) {
    const { url, parseErrors, installabilityErrors } = artifacts.AppManifest;
    return checkResult([
      ...(url ? [] : ["the page links no manifest"]),
      ...parseErrors.map((error) => `manifest: ${error}`),
      ...installabilityErrors,
    ]);
  }
}
