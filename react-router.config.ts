import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // `npm run bench` builds into its own folder (AMP_BUILD_DIR) so that a server running on build/ keeps working.
  buildDirectory: process.env.AMP_BUILD_DIR || "build",
} satisfies Config;
