import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // Browser-test runs may build elsewhere so that parallel runs do not overwrite each other.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
