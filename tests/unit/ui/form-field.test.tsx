import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { describe, expect, it } from "vitest";
import { CheckboxField, ErrorList, InputField, SelectField, SwitchField, TextareaField } from "~/components/ui/form-field";
import { attr, findTags, renderAt } from "./helpers";

/** A form as it comes back from a failed server submission: typed values plus error messages. */
const failedSubmission: SubmissionResult<string[]> = {
  status: "error",
  initialValue: {
    email: "not-an-email",
    password: "secret",
    bio: "Hello <world>",
    role: "agent",
    remember: "on",
    notify: "",
  },
  error: {
    email: ["validation.email"],
    password: ['validation.too_short|{"min":8}'],
    role: ["The selected role is invalid."],
  },
};

function TestForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({ id: "profile", lastResult });
  return (
    <form method="post" {...getFormProps(form)}>
      <InputField field={fields.email} label="Email" type="email" description="We never share it." />
      <InputField field={fields.password} label="Password" type="password" />
      <TextareaField field={fields.bio} label="Bio" />
      <SelectField
        field={fields.role}
        label="Role"
        placeholder="Choose a role"
        options={[
          { value: "admin", label: "Administrator" },
          { value: "agent", label: "Agent" },
        ]}
      />
      <CheckboxField field={fields.remember} label="Remember me" />
      <SwitchField field={fields.notify} label="Notify me" />
    </form>
  );
}

const render = (lastResult?: SubmissionResult<string[]>) => renderAt("/profile", () => <TestForm lastResult={lastResult} />);

/** The element (opening tag) carrying `name="<name>"`. */
function control(html: string, tag: string, name: string) {
  const [element] = findTags(html, tag, `name="${name}"`);
  expect(element, `${tag}[name=${name}]`).toBeDefined();
  return element;
}

describe("form fields", () => {
  it("wire label, id and form attribute from Conform", async () => {
    const html = await render();
    const email = control(html, "input", "email");
    const id = attr(email, "id");
    expect(id).toBeTruthy();
    expect(findTags(html, "label", `for="${id}"`)).toHaveLength(1);
    expect(attr(email, "form")).toBe("profile");
    expect(attr(email, "type")).toBe("email");
    // Valid fields: no aria-invalid; described by their description only.
    expect(attr(email, "aria-invalid")).toBeNull();
    expect(attr(email, "aria-describedby")).toBe(`${id}-description`);
    expect(attr(control(html, "input", "password"), "aria-describedby")).toBeNull();
    expect(html).not.toContain('data-slot="field-error"');
  });

  it("mark invalid fields and point aria-describedby at the translated errors", async () => {
    const html = await render(failedSubmission);
    const email = control(html, "input", "email");
    const id = attr(email, "id");
    expect(attr(email, "aria-invalid")).toBe("true");
    expect(attr(email, "aria-describedby")).toBe(`${id}-error ${id}-description`);
    expect(html).toContain(`<div id="${id}-error" data-slot="field-error"`);
    expect(html).toContain("<p>Enter a valid email address.</p>");

    const password = control(html, "input", "password");
    expect(attr(password, "aria-invalid")).toBe("true");
    expect(attr(password, "aria-describedby")).toBe(`${attr(password, "id")}-error`);
    expect(html).toContain("<p>Enter at least 8 characters.</p>");

    // Plain text errors are shown as they are.
    expect(html).toContain("<p>The selected role is invalid.</p>");
    expect(attr(control(html, "select", "role"), "aria-invalid")).toBe("true");

    // Fields without errors stay valid.
    expect(attr(control(html, "textarea", "bio"), "aria-invalid")).toBeNull();
  });

  it("keep the typed values after a failed submission, except passwords", async () => {
    const html = await render(failedSubmission);
    expect(attr(control(html, "input", "email"), "value")).toBe("not-an-email");
    expect(attr(control(html, "input", "password"), "value")).toBeNull();
    expect(html).toMatch(/<textarea[^>]*name="bio"[^>]*>Hello &lt;world&gt;<\/textarea>/);
    expect(html).toContain('<option value="">Choose a role</option>');
    expect(html).toMatch(/<option value="agent" selected="">Agent<\/option>/);
  });

  it("render checkboxes and switches as native inputs that submit “on”", async () => {
    const html = await render(failedSubmission);
    const remember = control(html, "input", "remember");
    expect(attr(remember, "type")).toBe("checkbox");
    expect(attr(remember, "value")).toBe("on");
    expect(attr(remember, "checked")).toBe("");

    const notify = control(html, "input", "notify");
    expect(attr(notify, "type")).toBe("checkbox");
    expect(attr(notify, "role")).toBe("switch");
    expect(attr(notify, "value")).toBe("on");
    expect(attr(notify, "checked")).toBeNull();
    expect(findTags(html, "label", `for="${attr(notify, "id")}"`)).toHaveLength(1);
  });
});

describe("ErrorList", () => {
  it("renders nothing without errors and translated messages otherwise", async () => {
    expect(await renderAt("/", () => <ErrorList id="x" errors={[]} />)).toBe("");
    const html = await renderAt("/", () => <ErrorList id="x" errors={["validation.required", "Server said no"]} />);
    expect(html).toContain('id="x"');
    expect(html).toContain("<p>This field is required.</p><p>Server said no</p>");
  });
});
