import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig, type Alias, type Plugin } from "vite";
import { precompressAssets } from "./scripts/vite-precompress.ts";
import { readerScript } from "./scripts/vite-reader-script.ts";

/**
 * React Router's package exports send Node, and every bundler, to its `development` build (the two
 * builds differ only in dev warnings, which cost time on every render). A production build points
 * straight at the `production` files, and bundles React Router into the server so that the Express
 * adapter and the routes share that one copy.
 */
const reactRouterProduction: Alias[] = [
  {
    find: /^react-router$/,
    replacement: path.resolve("node_modules/react-router/dist/production/index.mjs"),
  },
  {
    find: /^react-router\/dom$/,
    replacement: path.resolve("node_modules/react-router/dist/production/dom-export.mjs"),
  },
];

/**
 * React Router 7's plugin starts Vite servers of its own with `envFile: false`, which Vite 8 deprecates
 * in favour of `envDir: false` and says so, nine times a build. The same setting, in Vite 8's words.
 */
const envFileAsEnvDir = (): Plugin => ({
  name: "newsdesk:env-file-as-env-dir",
  config(config) {
    if ((config as { envFile?: false }).envFile !== false) return;
    delete (config as { envFile?: false }).envFile;
    config.envDir = false;
  },
});

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [envFileAsEnvDir(), tailwindcss(), reactRouter(), readerScript(), precompressAssets()],
  resolve: {
    alias: [
      { find: /^#app\//, replacement: `${path.resolve("app")}/` },
      ...(command === "build" ? reactRouterProduction : []),
    ],
  },
  build: {
    assetsInlineLimit: 0,
    // The server bundle's entry is the whole server (Express, start-up, command-line tools), not only
    // the React Router build: production runs compiled JavaScript only.
    rollupOptions: isSsrBuild ? { input: "server/production.ts" } : undefined,
  },
  ssr: {
    // Native or Node-only packages stay external to the server bundle.
    external: ["@electric-sql/pglite", "pg"],
    // With React Router bundled, its own dependencies are too, so that they resolve from its folder (its
    // `cookie` 1.x, not the older copy Express hoists to the top) rather than from wherever npm put them.
    noExternal:
      command === "build"
        ? [
            "react-router",
            "@react-router/node",
            "cookie",
            "set-cookie-parser",
            "@mjackson/node-fetch-server",
            // Its package entry loads all of its 1,600 icons, one module each: 0.3 s of every server
            // start (a restart after a crash too), for the 40 the pages use. Bundled, only those are in.
            "lucide-react",
          ]
        : [],
  },
}));
