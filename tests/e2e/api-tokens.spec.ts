import { ACCOUNTS, expect, signIn, test, unique } from "./support";

test("an API token with two abilities: one call allowed, one refused, through the portal with no cookies; revoked, it is refused", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signIn(page, ACCOUNTS.orgAdmin, undefined, "/profile/tokens");
  const name = unique("Inventory script");
  await page.getByLabel("Name").fill(name);
  await page.locator('input[name="abilities"][value="tools.phone_numbers.read"]').check();
  await page.locator('input[name="abilities"][value="dashboard.read"]').check();
  await page.getByRole("button", { name: "Create token" }).click();
  const token = (await page.getByTestId("new-token-value").textContent())?.trim() ?? "";
  expect(token).toMatch(/^\d+\|[A-Za-z0-9]{40}$/);
  await expect(page.getByTestId("tokens").getByRole("row").filter({ hasText: name })).toBeVisible();

  // What a script does: a plain HTTP client, a bearer token, no cookies (as curl -H "Authorization: Bearer …").
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${baseURL}${path}`, { ...init, redirect: "manual", headers: { Authorization: `Bearer ${token}`, ...init.headers } });
  const allowed = await call("/api/phone-numbers?per_page=5");
  expect(allowed.status).toBe(200);
  const numbers = (await allowed.json()) as { data: { organization_name: string }[] };
  expect(numbers.data.length).toBeGreaterThan(0);
  for (const number of numbers.data) expect(number.organization_name).toBe("Northwind Dental");
  expect(allowed.headers.get("set-cookie")).toBeNull();
  expect(allowed.headers.get("cache-control")).toBe("no-store");
  const refused = await call("/api/users");
  expect(refused.status).toBe(403);
  // CORS stays closed: another site's page gets no grant to read the answer.
  const crossSite = await call("/api/phone-numbers?per_page=5", { headers: { Origin: "https://elsewhere.example" } });
  expect(crossSite.headers.get("access-control-allow-origin")).toBeNull();
  // The account itself is never reachable with a token.
  expect((await call("/api/user/tokens")).status).toBe(403);

  await page.goto("/profile/tokens");
  const row = page.getByTestId("tokens").getByRole("row").filter({ hasText: name });
  // Every use updates "last used".
  await expect(row.getByRole("cell").nth(2)).not.toHaveText("Never");
  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText(`Token “${name}” revoked.`)).toBeVisible();
  expect((await call("/api/phone-numbers?per_page=5")).status).toBe(401);
});

test("the OpenAPI document at its stable address describes bearer tokens", async ({ baseURL }) => {
  const answer = await fetch(`${baseURL}/api-docs/openapi.json`);
  expect(answer.status).toBe(200);
  const document = (await answer.json()) as {
    components: { securitySchemes: Record<string, { scheme?: string }> };
    paths: Record<string, unknown>;
  };
  expect(document.components.securitySchemes.bearerToken?.scheme).toBe("bearer");
  expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/api/user/tokens", "/two-factor-challenge", "/api/user/sessions"]));
});
