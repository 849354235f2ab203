import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import path from "node:path";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: [{ find: /^#app\//, replacement: `${path.resolve("app")}/` }] },
  build: { assetsInlineLimit: 0 },
  ssr: {
    // Native or Node-only packages stay external to the server bundle.
    external: ["@electric-sql/pglite", "pg"],
  },
});
