import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // `npm run bench` builds into its own folder (AMP_BUILD_DIR) so that a server running on build/ keeps working.
  buildDirectory: process.env.AMP_BUILD_DIR || "build",
  // Every route is known to the browser from the first page (decision 059): lazy discovery fetched `/__manifest` when a
  // form's redirect led to a route not seen yet, and that fetch, aborted by a revalidation landing at the same moment,
  // left the URL on the new page with the old screen drawn (porting order saved or submitted, e2e in CI).
  routeDiscovery: { mode: "initial" },
} satisfies Config;
