import path from "node:path";
import { defineConfig } from "vitest/config";

// Vitest runs without the reactRouter() plugin (it would try to build the app).
export default defineConfig({
  resolve: { alias: [{ find: /^#app\//, replacement: `${path.resolve("app")}/` }] },
  test: {
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
