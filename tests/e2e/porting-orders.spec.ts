import { expectNoSeriousViolations } from "./axe";
import { fillPortingOrder } from "./porting-helpers";
import { ACCOUNTS, expect, signIn, test, unique, useLanguage, waitForHydration, waitingForHydration } from "./support";

/** Two portable landline numbers nobody else uses (exchanges 500–899: a wireless one, 300–499, needs the account's PIN). */
function freshNumbers(): [string, string] {
  const line = () => String(1000 + Math.floor(Math.random() * 8000));
  const exchange = String(500 + Math.floor(Math.random() * 400));
  return [`212${exchange}${line()}`, `212${exchange}${line()}`];
}

// The e2e server's sandbox carrier moves a port one step every half second (SANDBOX_PORT_STEP_SECONDS,
// scripts/e2e-server.mjs); the budget is for uploads, axe checks and page loads on a loaded machine.
test.describe.configure({ timeout: 120_000 });

test("from the portability check to a completed port: LOA upload, submit, watch, numbers in service", async ({ page }) => {
  const [first, second] = freshNumbers();
  const entity = unique("Port Co");
  await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/porting/check");
  await page.getByLabel("Numbers").fill(`${first}\n${second}\n800 555 0100`);
  await page.getByRole("button", { name: "Check portability" }).click();
  await expect(page.getByRole("status")).toContainText("2 of 3 numbers can be ported in.");
  await page.getByRole("link", { name: "Start a porting order with the portable ones" }).click();

  await expect(page).toHaveURL(/\/tools\/porting\/order\/new\?numbers=/);
  await waitForHydration(page);
  await expect(page.getByLabel("Numbers", { exact: true })).toHaveValue(`+1${first}\n+1${second}`);
  await expectNoSeriousViolations(page, "new porting order");

  // Submitting without the account details: the fields say what is missing, the numbers are kept.
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  await expect(page.locator("#porting-order").getByText("This field is required.").first()).toBeVisible();
  await expect(page.getByLabel("Numbers", { exact: true })).toHaveValue(`+1${first}\n+1${second}`);

  await fillPortingOrder(page, entity, first);
  await page.getByRole("button", { name: "Submit", exact: true }).click();

  await expect(page).toHaveURL(/\/tools\/porting\/order\/\d+$/);
  const orderPath = new URL(page.url()).pathname;
  await expect(page.getByText(/submitted to the carrier/)).toBeVisible();
  await expect(page.getByRole("link", { name: "loa.pdf" })).toHaveAttribute("href", /\/documents\/\d+$/);
  const download = await page.request.get((await page.getByRole("link", { name: "loa.pdf" }).getAttribute("href")) ?? "");
  expect(download.status()).toBe(200);
  expect((await download.body()).subarray(0, 5).toString()).toBe("%PDF-");
  // Sonner's toast fades in and out: axe would read its half-transparent colours as low contrast.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 20_000 });
  await expectNoSeriousViolations(page, "porting order detail");

  // A comment goes into the history.
  await page.getByLabel("Comment").fill("LOA signed by the owner.");
  await page.getByRole("button", { name: "Add comment" }).click();
  await expect(page.getByTestId("porting-events")).toContainText("LOA signed by the owner.");
  // The history names the person (the carrier's own steps say "Carrier").
  await expect(page.getByTestId("porting-events").locator("li").filter({ hasText: "LOA signed by the owner." })).toContainText(
    "Priya Raman",
  );

  // The page re-reads the order while the carrier works: it reaches "completed" without a reload.
  const status = page.getByRole("status").filter({ hasText: /Submitted|FOC confirmed|Completed/ });
  await expect(status).toContainText("Completed", { timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Cancel order" })).toHaveCount(0);

  // The list shows it, searchable by number; the numbers are in the inventory, in service.
  await page.goto(`/tools/porting/order?search=${first}`);
  await expect(page.getByRole("link", { name: `Order #${orderPath.split("/").pop()}` })).toBeVisible();
  await expectNoSeriousViolations(page, "porting orders list");
  for (const number of [first, second]) {
    await page.goto(`/tools/numbers?search=${number}`);
    await expect(page.getByRole("row").filter({ hasText: number.slice(-4) })).toContainText("In service");
  }
});

test("an organization admin sees only the organization's orders; a draft is edited and cancelled", async ({ page, browser }) => {
  // A provider's draft (the provider's own organization).
  const staff = waitingForHydration(await browser.newPage());
  await signIn(staff, ACCOUNTS.superAdmin, undefined, "/tools/porting/order/new");
  const [number] = freshNumbers();
  const providerEntity = unique("Provider Draft");
  await staff.getByLabel("Numbers", { exact: true }).fill(number);
  await staff.getByLabel("Entity name").fill(providerEntity);
  // Staff name the organization: saving without one is refused at the field (issue 25), then they choose their own.
  await staff.getByRole("button", { name: "Save draft" }).click();
  await expect(staff.getByText("This field is required.")).toBeVisible();
  await expect(staff.getByLabel("Entity name")).toHaveValue(providerEntity);
  await staff.getByLabel("Organization", { exact: true }).selectOption({ label: "AMP Telecom" });
  await staff.getByRole("button", { name: "Save draft" }).click();
  await expect(staff).toHaveURL(/\/tools\/porting\/order\/\d+$/);
  const providerOrder = new URL(staff.url()).pathname;
  await staff.close();

  await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/porting/order/new");
  const entity = unique("Northwind Draft");
  await page.getByLabel("Numbers", { exact: true }).fill(freshNumbers()[0]);
  await page.getByLabel("Entity name").fill(entity);
  await page.getByLabel("PIN").fill("9876");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/tools\/porting\/order\/\d+$/);
  await expect(page.getByText(/saved as a draft/)).toBeVisible();

  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByText("A PIN is stored.")).toBeVisible();
  // The edit form checks the order's numbers as its own (not "already in an order").
  await expect(page.getByTestId("number-check")).toHaveText("Checked: every number can be ported.");
  await expect(page.getByLabel("PIN")).toHaveValue("");
  await page.getByLabel("Authorized person").fill("Riley Northwind");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.locator("dl")).toContainText("Riley Northwind");
  await expect(page.locator("dl")).toContainText("Stored");

  await page.goto(`/tools/porting/order?search=${encodeURIComponent(providerEntity)}`);
  await expect(page.getByText("No porting orders yet.")).toBeVisible();
  const response = await page.goto(providerOrder);
  expect(response?.status()).toBe(404);

  await page.goto(`/tools/porting/order?search=${encodeURIComponent(entity)}`);
  await page.getByRole("link", { name: /^Order #/ }).click();
  await expect(page).toHaveURL(/\/tools\/porting\/order\/\d+$/);
  await page.getByRole("button", { name: "Cancel order" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel order" }).click();
  await expect(page.getByRole("status")).toContainText("Cancelled");
  await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
});

test("numbers a submission would refuse are named beside the numbers while typing, before any submit (issue 25)", async ({ page }) => {
  const [portable, other] = freshNumbers();
  const refused = `${other.slice(0, 6)}9999`; // the sandbox carrier cannot port numbers ending 9999
  await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/porting/order/new");
  // A check changes nothing, so no loader runs again after it (each run would cost upstream calls).
  const dataReads: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "GET" && new URL(request.url()).pathname.endsWith(".data")) dataReads.push(request.url());
  });
  const entity = unique("Checked Port");
  await page.getByLabel("Entity name").fill(entity);
  await page.getByLabel("Numbers", { exact: true }).fill(`+1${portable}\n800 555 0100\n${refused}`);
  const notice = page.getByTestId("number-check");
  await expect(notice).toContainText("These numbers would be refused when you submit");
  await expect(notice).toContainText("+18005550100 is toll-free: toll-free numbers are ported through the RespOrg process, not here.");
  await expect(notice).toContainText(`+1${refused} cannot be ported in`);
  await expect(notice).not.toContainText(portable);
  expect(dataReads).toEqual([]);
  await expectNoSeriousViolations(page, "porting form with the numbers' warning");
  // Nothing was saved by checking.
  await expect(page).toHaveURL(/\/tools\/porting\/order\/new$/);

  // Corrected: the warning goes, the typed values stay.
  await page.getByLabel("Numbers", { exact: true }).fill(`+1${portable}`);
  await expect(notice).toHaveText("Checked: every number can be ported.");
  await expect(page.getByLabel("Entity name")).toHaveValue(entity);

  // Enter in a field saves the draft ("Check numbers", the first button on the form, does not take it).
  await page.getByLabel("Entity name").press("Enter");
  await expect(page).toHaveURL(/\/tools\/porting\/order\/\d+$/);
  await expect(page.getByText(/saved as a draft/)).toBeVisible();

  // In French the same warning is translated.
  await useLanguage(page, "fr");
  await page.goto(`/tools/porting/order/new?numbers=${encodeURIComponent("800 555 0100")}`);
  await expect(page.getByTestId("number-check")).toContainText("Ces numéros seraient refusés à la soumission");
});

/** A request held by the test until `release()`. */
function holder() {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { released, release };
}

test("the action's errors stay when the form's rules arrive after them: Submit's \"required\" is not dropped", async ({ page }) => {
  // The form's schema (decision 063) is held: "Submit" is answered by the action while it is on its way.
  const schema = holder();
  await page.route(/\/assets\/zod-[^/]+\.js$/, async (route) => {
    await schema.released;
    await route.continue();
  });
  await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/porting/order/new");
  await page.getByLabel("Numbers", { exact: true }).fill(freshNumbers()[0]);
  await page.getByRole("button", { name: "Submit", exact: true }).click();
  const person = page.getByLabel("Authorized person");
  await expect(person).toHaveAccessibleDescription(/This field is required/);
  await expect(page.getByLabel("Entity name")).toHaveAccessibleDescription(/This field is required/);

  // Once the schema is in, a field is checked by the rules of the button last used ("Submit"), not a draft's.
  schema.release();
  await page.getByLabel("Entity name").fill(unique("Late Schema"));
  await expect(page.getByLabel("Entity name")).not.toHaveAccessibleDescription(/This field is required/);
  await expect(person).toHaveAccessibleDescription(/This field is required/);
  await person.fill("Pat Porter");
  await person.fill("");
  await expect(person).toHaveAccessibleDescription(/This field is required/);
  await expect(page).toHaveURL(/\/tools\/porting\/order\/new$/);
});

test("a numbers check still on its way when the draft is saved does not swallow the saved page's toast", async ({ page }) => {
  await signIn(page, ACCOUNTS.orgAdmin, undefined, "/tools/porting/order/new");
  // Hold the check of the typed numbers (any post but the draft's), then the saved page's data until the check is done.
  const check = holder();
  const checkDone = holder();
  await page.route("**/tools/porting/order/**", async (route) => {
    const request = route.request();
    if (request.method() !== "POST" || /name="intent"\r\n\r\ndraft/.test(request.postData() ?? "")) return route.fallback();
    await check.released;
    await route.continue();
  });
  page.on("requestfinished", (request) => {
    if (request.method() === "POST" && !/name="intent"\r\n\r\ndraft/.test(request.postData() ?? "")) checkDone.release();
  });
  const savedPageReads: { url: string; go: () => void }[] = [];
  await page.route(/\/tools\/porting\/order\/\d+\.data/, async (route) => {
    const read = holder();
    savedPageReads.push({ url: route.request().url(), go: read.release });
    await read.released;
    await route.continue();
  });

  const checkSent = page.waitForRequest((request) => request.method() === "POST");
  await page.getByLabel("Numbers", { exact: true }).fill(freshNumbers()[0]);
  await page.getByLabel("Entity name").fill(unique("Raced Port"));
  await checkSent;
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect.poll(() => savedPageReads.length).toBeGreaterThan(0);
  check.release();
  await checkDone.released;
  // Whatever reads of the saved page are waiting go now, the latest first.
  for (const read of [...savedPageReads].reverse()) read.go();
  await expect(page).toHaveURL(/\/tools\/porting\/order\/\d+$/);
  await expect(page.getByText(/saved as a draft/)).toBeVisible();
});
