/**
 * Lighthouse's default run plus an "Installable app" category: the checks Lighthouse's PWA category
 * made up to version 11 (dropped in 12, the last line that runs on Node 20), run on Chromium's own
 * answers. `npm run lighthouse` passes this file as `--config-path`. Plain JavaScript: Lighthouse
 * imports these modules itself, in a process of its own.
 */
const here = (name) => new URL(name, import.meta.url).pathname;

export default {
  extends: "lighthouse:default",
  artifacts: [{ id: "AppManifest", gatherer: here("app-manifest-gatherer.mjs") }],
  audits: [
    here("installable-manifest-audit.mjs"),
    here("splash-screen-audit.mjs"),
    here("themed-omnibox-audit.mjs"),
    here("maskable-icon-audit.mjs"),
  ],
  categories: {
    pwa: {
      title: "Installable app",
      description: "What Lighthouse 11's PWA category checked: Chromium would offer to install the site.",
      auditRefs: [
        { id: "installable-manifest", weight: 2 },
        { id: "splash-screen", weight: 1 },
        { id: "themed-omnibox", weight: 1 },
        { id: "maskable-icon", weight: 1 },
      ],
    },
  },
};
