import type { Page, Route } from "@playwright/test";
import { expect, test } from "./support";

// Decision 063: a form screen's first load has no zod; the schema comes on the form's first focus, and until it is
// here the action validates. /forgot-password (a guest page, one e-mail field) stands for every `useSchemaForm` form.

/** The scripts the page fetched (imports and module preloads), by file name. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    const name = new URL(request.url()).pathname.split("/").pop() ?? "";
    if (name.endsWith(".js")) scripts.push(name);
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

test("the schema is not in the first load; focus in the form loads it, then a field is checked on blur without the server", async ({
  page,
}) => {
  const scripts = scriptsOf(page);
  const posts = postsOf(page);
  const response = await page.goto("/forgot-password");
  // The document preloads no zod; the native constraints are there without it (computed by the loader).
  expect(await response?.text()).not.toMatch(/assets\/(zod|form-parse)-/);
  const email = page.getByLabel("Email");
  await expect(email).toHaveAttribute("required", "");
  // The field has `autoFocus`: focus is in the form when the page hydrates, so the schema comes at once (a form
  // without it waits for its first focus; the weight bench and tests/unit/ui/use-schema-form.test.tsx cover that).
  await expect(email).toBeFocused();
  await expect.poll(() => scripts.some((name) => name.startsWith("zod-"))).toBe(true);
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
  await page.route(/\/assets\/zod-[^/]+\.js$/, async (route: Route) => {
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
