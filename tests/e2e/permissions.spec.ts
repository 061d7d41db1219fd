import { SCREENS } from "../../app/route-table";
import { type Permission, SEEDED_ROLES, type SeededRole } from "../../common/permissions";
import { expect, signIn, test, waitingForHydration } from "./support";

/** Demo accounts and their roles (backend/src/db/seed.ts); Grace Liu holds no role at all. */
const ACCOUNTS: { email: string; role: SeededRole | null; member: boolean }[] = [
  { email: "grace.liu@northwind.test", role: null, member: true },
  { email: "auditor@amp.test", role: "Auditor", member: false },
  { email: "support@amp.test", role: "Support Agent", member: false },
  { email: "orgadmin@northwind.test", role: "Organization Admin", member: true },
];
const holds = (role: SeededRole | null, key: Permission) => !!role && SEEDED_ROLES[role].permissions.includes(key);

/**
 * Data that must never reach a refused page: other users' addresses; for organization members also
 * other organizations (provider staff legitimately see organization names in the navbar filter).
 */
const foreignData = (member: boolean) => [
  "noor.haddad@amp.test",
  "marcus.bell@lakeside.test",
  ...(member ? ["Lakeside Logistics", "Maple Street Residence"] : []),
];

function urlOf(screen: (typeof SCREENS)[number]): string {
  if ("sample" in screen && screen.sample) return screen.sample;
  return `/${screen.path.replace(/\/:[^/]+\?$/, "")}`;
}

for (const account of ACCOUNTS) {
  const refused = SCREENS.filter((screen) => screen.permission && !holds(account.role, screen.permission));
  test(`${account.email} is refused every screen they lack the key for`, async ({ page }) => {
    test.skip(refused.length === 0, "this account holds every key of the route table");
    // Three requests per refused screen, and the tools added screens: room on a busy machine.
    test.slow();
    await signIn(page, account.email);
    const FOREIGN_DATA = foreignData(account.member);
    for (const screen of refused) {
      const url = urlOf(screen);
      const response = await page.request.get(url);
      expect(response.status(), `${url} for ${account.email}`).toBe(401);
      const html = await response.text();
      expect(html, url).toContain("You are not authorized!");
      for (const secret of FOREIGN_DATA) expect(html, `${url} leaks ${secret}`).not.toContain(secret);
      // The data request a client-side navigation makes is refused the same way.
      const data = await (await page.request.get(`${url.split("?")[0]}.data`)).text();
      for (const secret of FOREIGN_DATA) expect(data, `${url}.data leaks ${secret}`).not.toContain(secret);
      // So is every action: a form post is refused before it reaches the backend.
      const post = await page.request.post(url, { form: { intent: "delete", id: "1" }, headers: { Origin: new URL(page.url()).origin } });
      expect([401, 405], `POST ${url}`).toContain(post.status());
    }
    // The refused screens are not in the menu either.
    await page.goto("/status");
    for (const screen of refused) {
      if ("nav" in screen && screen.nav) await expect(page.locator(`#vertical-nav nav a[href="/${screen.path}"]`)).toHaveCount(0);
    }
  });
}

test("the refused page keeps the signed-in layout", async ({ page }) => {
  const screen = SCREENS.find((entry) => entry.permission && !holds(null, entry.permission));
  test.skip(!screen, "no screen needs a key");
  await signIn(page, ACCOUNTS[0].email);
  await page.goto(urlOf(screen!));
  await expect(page.getByRole("heading", { name: "You are not authorized!" })).toBeVisible();
  await expect(page.getByTestId("navbar")).toBeVisible();
  await expect(page).toHaveTitle("401 You are not authorized! — AMP");
});

test("a role given and taken away in another session shows on the user's next page", async ({ browser }) => {
  // Two sign-ins and three user edits: room on a busy machine.
  test.slow();
  const member = waitingForHydration(await browser.newPage());
  const admin = waitingForHydration(await browser.newPage());
  await signIn(member, "peter.novak@maple.test");
  await signIn(admin, "admin@amp.test");
  const setOrganizationAdmin = async (checked: boolean) => {
    await admin.goto("/users/edit/19");
    await admin.getByLabel("Organization Admin", { exact: true }).setChecked(checked);
    await admin.getByRole("button", { name: "Save changes" }).click();
    await expect(admin).toHaveURL(/\/users(\?|$)/);
  };
  // The portal knows Peter from his last page; the page's own call tells it that he changed (user stamps).
  expect((await member.goto("/users"))?.status()).toBe(401);
  try {
    await setOrganizationAdmin(true);
    expect((await member.reload())?.status()).toBe(200);
    await expect(member.getByRole("row").filter({ hasText: "elena.novak@maple.test" })).toBeVisible();
    await setOrganizationAdmin(false);
    expect((await member.reload())?.status()).toBe(401);
    await expect(member.getByRole("heading", { name: "You are not authorized!" })).toBeVisible();
  } finally {
    await setOrganizationAdmin(false);
  }
});
