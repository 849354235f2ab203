/**
 * The page's web app manifest as Chromium parsed it, and Chromium's installability errors for the page
 * (`Page.getInstallabilityErrors`: the check behind its install prompt, and what Lighthouse 11's
 * InstallabilityErrors gatherer asked).
 */
import { Gatherer } from "lighthouse";

export default class AppManifest extends Gatherer {
  meta = { supportedModes: ["navigation"] };

  async getArtifact(context) {
    const session = context.driver.defaultSession;
    const manifest = await session.sendCommand("Page.getAppManifest");
    const { installabilityErrors } = await session.sendCommand("Page.getInstallabilityErrors");
    let data = null;
    try {
      data = manifest.data ? JSON.parse(manifest.data) : null;
    } catch {
      data = null;
    }
    return {
      url: manifest.url,
      parseErrors: manifest.errors.map((error) => error.message),
      data,
      installabilityErrors: installabilityErrors.map((error) =>
        [error.errorId, ...error.errorArguments.map((arg) => `${arg.name}=${arg.value}`)].join(" "),
      ),
    };
  }
}
