import { ACCOUNTS, expect, signIn, test } from "./support";

/** Actions accept form posts only: JSON, no Content-Type or a broken multipart body answer 415/400, never 500. */
const ACTIONS = [
  "/users/add",
  "/roles/add",
  "/users",
  "/masquerade",
  "/organization-filter",
  "/preferences",
  "/profile/account",
  "/logout",
];

test("non-form bodies to actions answer 400 or 415, and the session survives", async ({ page, baseURL }) => {
  await signIn(page, ACCOUNTS.superAdmin);
  const headers = { Origin: new URL(baseURL ?? page.url()).origin };
  for (const action of ACTIONS) {
    const json = await page.request.post(action, { headers: { ...headers, "Content-Type": "application/json" }, data: '{"name":"x"}' });
    expect(json.status(), `${action} JSON`).toBe(415);
    const bare = await page.request.post(action, { headers, data: "name=x" });
    expect([400, 415], `${action} without Content-Type`).toContain(bare.status());
    const broken = await page.request.post(action, {
      headers: { ...headers, "Content-Type": "multipart/form-data; boundary=missing" },
      data: '--other\r\nContent-Disposition: form-data; name="x"\r\n\r\nvalue',
    });
    expect(broken.status(), `${action} broken multipart`).toBe(400);
  }
  const response = await page.goto("/dashboard");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the import upload refuses a body that is not a form (415), and a page number out of range reads as page 1", async ({
  page,
  baseURL,
}) => {
  await signIn(page, ACCOUNTS.superAdmin);
  const headers = { Origin: new URL(baseURL ?? page.url()).origin };
  const json = await page.request.post("/tools/import/phone_numbers", {
    headers: { ...headers, "Content-Type": "application/json" },
    data: '{"text":"+12125550142"}',
  });
  expect(json.status()).toBe(415);
  const bare = await page.request.post("/tools/import/phone_numbers", { headers, data: "text=x" });
  expect([400, 415]).toContain(bare.status());
  for (const value of ["1e30", "-3", "99999999999999999999", "x"]) {
    const response = await page.goto(`/tools/import/phone_numbers?page=${value}`);
    expect(response?.status(), `page=${value}`).toBe(200);
  }
});
