import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  // BUILD_DIR lets several builds live side by side (e.g. parallel test runs); default ./build.
  buildDirectory: process.env.BUILD_DIR || "build",
  // React Router 7's defaults, said out loud so that every build does not print a warning for each: moving
  // to React Router 8's behaviour (which needs Node 22) is a change of its own.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
