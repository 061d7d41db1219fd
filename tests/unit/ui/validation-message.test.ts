import { beforeAll, describe, expect, it } from "vitest";
import { parseValidationMessage, translateError, validationMessage } from "~/lib/validation-message";
import { createTestStrings } from "./helpers";

describe("translateError", () => {
  let t: ReturnType<ReturnType<typeof createTestStrings>["translation"]>["t"];

  beforeAll(async () => {
    const strings = createTestStrings({
      auth: { failed: "These credentials do not match our records." },
      errors: { generic: { title: "Something went wrong" } },
    });
    await strings.load("en", ["ui", "validation", "auth", "errors", "carrier"]);
    t = strings.translation("en", "ui").t;
  });

  it("translates a validation key", () => {
    expect(translateError(t, "validation.required")).toBe("This field is required.");
  });

  it("interpolates JSON params after the pipe", () => {
    expect(translateError(t, 'validation.too_short|{"min":8}')).toBe("Enter at least 8 characters.");
    expect(translateError(t, 'validation.too_many|{"seconds":42}')).toBe("Too many attempts. Try again in 42 seconds.");
  });

  it("translates keys of other loaded namespaces, in dotted and ns:key form", () => {
    expect(translateError(t, "auth.failed")).toBe("These credentials do not match our records.");
    expect(translateError(t, "errors:generic.title")).toBe("Something went wrong");
  });

  it("shows plain text and unknown keys verbatim", () => {
    expect(translateError(t, "The email field is required.")).toBe("The email field is required.");
    expect(translateError(t, "validation.no_such_rule")).toBe("validation.no_such_rule");
    expect(translateError(t, "billing.overdue")).toBe("billing.overdue");
    expect(translateError(t, "validation.min|not json")).toBe("validation.min|not json");
    expect(translateError(t, "validation.min|[8]")).toBe("validation.min|[8]");
  });

  it("builds messages in the same convention", () => {
    expect(validationMessage("required")).toBe("validation.required");
    expect(validationMessage("max", { max: 5 })).toBe('validation.max|{"max":5}');
    expect(parseValidationMessage(validationMessage("max", { max: 5 }))).toEqual({
      ns: "validation",
      key: "max",
      params: { max: 5 },
    });
    expect(translateError(t, validationMessage("max", { max: 5 }))).toBe("Enter a value of at most 5.");
  });
});
