import type { Page } from "@playwright/test";

/**
 * The fault suite's switch (decision 019): the bundled backend answers the calls named by the `amp-fault`
 * cookie with a 500, a 404, a 403, a 401, a 429, a hang or a 200 that is not JSON (`kind:/api/path`, a trailing `*`
 * for a prefix; backend/src/lib/fault-injection.ts); `null` clears it. Shared by faults.spec.ts, faults.nojs.spec.ts and the specs of screens
 * whose failure messages are checked.
 */
export async function fault(page: Page, value: string | null) {
  const context = page.context();
  if (value === null) await context.clearCookies({ name: "amp-fault" });
  else await context.addCookies([{ name: "amp-fault", value, domain: "localhost", path: "/" }]);
}
