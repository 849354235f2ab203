import path from "node:path";
import { defineConfig } from "vitest/config";
import { readerScript } from "./scripts/vite-reader-script.ts";

// Vitest runs without the reactRouter() plugin (it would try to build the app).
export default defineConfig({
  // Gives root.tsx the reader script's address (the source file, as in development).
  plugins: [readerScript()],
  resolve: {
    alias: [
      { find: /^#app\//, replacement: `${path.resolve("app")}/` },
      // What only tests use lives apart from the app (tests/support/); production code never imports it
      // (tests/import-rules/layers.ts).
      { find: /^#test-support\//, replacement: `${path.resolve("tests/support")}/` },
    ],
  },
  test: {
    include: [
      "app/**/*.test.ts",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/*.test.ts",
      "tests/support/*.test.ts",
    ],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Whether the tests on PostgreSQL run, said first (and a CI run without PostgreSQL refused), and what
    // was skipped and why, said last (tests/vitest/).
    globalSetup: ["tests/vitest/postgres-check.ts"],
    reporters: ["default", "./tests/vitest/skip-report.ts"],
    // React Router 7's config loader starts a Vite server of its own with `envFile: false`, which Vite 8
    // calls deprecated: two lines per HTTP test file, about nothing we can change. Fixed in React Router
    // 8 (remix-run/react-router#15229), which needs Node 22. Only that exact line is dropped.
    onConsoleLog: (log) =>
      !log.includes("The `envFile` option is deprecated, please use `envDir: false` instead."),
  },
});
