import type { Page, Route } from "@playwright/test";
import { expect, test } from "./support";

// Decision 063: a form screen's first load has no zod; the schema comes on the form's first focus, and until it is
// here the action validates. /forgot-password (a guest page, one e-mail field) stands for every `useSchemaForm` form.

/** The scripts the page fetched, by file name. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname.split("/").pop() ?? "");
  });
  return scripts;
}

/** Posts (form submissions, route actions) the page sent. */
function postsOf(page: Page): string[] {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

test("the schema is not in the first load; focus loads it, then a field is checked on blur without the server", async ({ page }) => {
  const scripts = scriptsOf(page);
  const posts = postsOf(page);
  await page.goto("/forgot-password");
  const email = page.getByLabel("Email");
  // The native constraints are there without zod (computed by the loader).
  await expect(email).toHaveAttribute("required", "");
  await page.waitForLoadState("networkidle");
  expect(scripts.filter((name) => /^(zod|schemas|form-parse)-/.test(name))).toEqual([]);

  await email.focus();
  await expect.poll(() => scripts.some((name) => name.startsWith("schemas-"))).toBe(true);
  await page.waitForLoadState("networkidle");
  await email.fill("not-an-address");
  await email.blur();
  await expect(page.getByText("Enter a valid email address.")).toBeVisible();
  // Corrected, the message goes as the field is typed: validated in the browser, nothing posted.
  await email.fill("someone@amp.test");
  await expect(page.getByText("Enter a valid email address.")).toBeHidden();
  expect(posts).toEqual([]);
});

test("a submit before the schema has loaded goes to the action, which answers with the field's error", async ({ page }) => {
  // Hold the schema's chunk: the form is focused and sent while it is still on its way.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/schemas-[^/]+\.js$/, async (route: Route) => {
    await held;
    await route.continue();
  });
  const posts = postsOf(page);
  await page.goto("/forgot-password");
  const email = page.getByLabel("Email");
  await email.fill("not-an-address");
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(page.getByText("Enter a valid email address.")).toBeVisible();
  await expect(email).toHaveValue("not-an-address");
  expect(posts).toHaveLength(1);
  release();
  // Once loaded, the browser checks by itself: a correction clears the error without another post.
  await email.fill("someone@amp.test");
  await expect(page.getByText("Enter a valid email address.")).toBeHidden();
  expect(posts).toHaveLength(1);
});
