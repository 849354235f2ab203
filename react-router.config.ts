import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // Browser-test runs may build elsewhere so that parallel runs do not overwrite each other.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // React Router v8's changes, each decided (false: today's behaviour until we move on purpose).
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
