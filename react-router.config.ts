import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // `npm run bench` builds into its own folder (AMP_BUILD_DIR) so that a server running on build/ keeps working.
  buildDirectory: process.env.AMP_BUILD_DIR || "build",
  // Lazy route discovery (React Router's default; decision 067): the browser learns a route from `/__manifest` when it
  // first goes there, instead of loading all 84 in every first page (5 KiB gzip, decision 059). The race that made 059
  // load them all was a router fetcher's revalidation taking over a navigation, gone with decision 065.
  routeDiscovery: { mode: "lazy" },
} satisfies Config;
