import { describe, expect, it } from "vitest";
import { newPasswordSchema } from "~/lib/new-password";
import { z } from "~/lib/zod";

const schema = newPasswordSchema(8, { email: z.email() });
const issues = (input: unknown) =>
  (schema.safeParse(input).error?.issues ?? []).map((issue) => ({ path: issue.path.join("."), message: issue.message }));

describe("newPasswordSchema", () => {
  it("keeps the form's own fields beside the password pair", () => {
    const value = { email: "riley@amp.test", password: "long-enough", password_confirmation: "long-enough" };
    expect(schema.parse(value)).toEqual(value);
  });

  it("asks for characters, not a number, below the minimum length", () => {
    expect(issues({ email: "riley@amp.test", password: "short", password_confirmation: "short" })).toEqual([
      { path: "password", message: 'validation.too_short|{"min":8}' },
    ]);
  });

  it("puts a mismatch on the confirmation", () => {
    expect(issues({ email: "riley@amp.test", password: "long-enough", password_confirmation: "long-enougH" })).toEqual([
      { path: "password_confirmation", message: "validation.confirmed" },
    ]);
  });
});
