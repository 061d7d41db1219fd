import type { SubmissionResult } from "@conform-to/react";
import { describe, expect, it } from "vitest";
import { CheckboxField, ErrorList, InputField } from "~/components/ui/form-field";
import { usePlainForm } from "~/lib/plain-form";
import { attr, findTags, renderAt } from "./helpers";

/** The sign-in page's shape: what `usePlainForm` gives the portal's form fields, drawn on the server. */
function SignInLike({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { form, fields } = usePlainForm({
    id: "login",
    lastResult,
    fields: { email: { required: true }, password: { required: true }, remember: {} },
    validate: () => ({}),
  });
  return (
    <form id={form.id} noValidate={form.noValidate} method="post">
      <ErrorList errors={form.errors} id={form.errorId} />
      <InputField field={fields.email} label="Email" type="email" />
      <InputField field={fields.password} label="Password" type="password" />
      <CheckboxField field={fields.remember} label="Remember me" />
    </form>
  );
}

const render = (lastResult?: SubmissionResult<string[]>) => renderAt("/login", () => <SignInLike lastResult={lastResult} />);
const control = (html: string, name: string) => findTags(html, "input", `name="${name}"`)[0];

describe("usePlainForm", () => {
  it("gives each field its id, name, form and native constraint; the native check works until hydration", async () => {
    const html = await render();
    const email = control(html, "email");
    expect(attr(email, "id")).toBe("login-field-email");
    expect(attr(email, "form")).toBe("login");
    expect(email).toContain("required");
    expect(attr(email, "aria-invalid")).toBeNull();
    expect(findTags(html, "label", 'for="login-field-email"')).toHaveLength(1);
    expect(control(html, "remember")).not.toContain("required");
    expect(findTags(html, "form", 'id="login"')[0]).not.toContain("novalidate");
  });

  it("draws the action's reply: values as typed, errors on their fields and the form's own, no password", async () => {
    const html = await render({
      status: "error",
      initialValue: { email: "someone@amp.test", remember: "on" },
      error: { email: ["validation.email"], "": ["auth.login.failed"] },
    });
    const email = control(html, "email");
    expect(attr(email, "value")).toBe("someone@amp.test");
    expect(attr(email, "aria-invalid")).toBe("true");
    expect(attr(email, "aria-describedby")).toBe("login-field-email-error");
    expect(html).toContain('<div id="login-field-email-error" data-slot="field-error"');
    expect(html).toContain("Enter a valid email address.");
    expect(html).toContain('<div id="login-form-error" data-slot="field-error"');
    expect(attr(control(html, "password"), "value")).toBeNull();
    expect(attr(control(html, "password"), "aria-invalid")).toBeNull();
    expect(control(html, "remember")).toContain("checked");
  });
});
