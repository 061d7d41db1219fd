import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { getFormProps } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it, vi } from "vitest";
import { addUserSchema } from "~/components/admin/user-schema";
import { InputField } from "~/components/ui/form-field";
import { formConstraint } from "~/lib/form-constraint.server";
import { type FormConstraint, useSchemaForm } from "~/lib/use-schema-form";
import { app, importsOf, serverOnly, sourceFiles, stripComments } from "../portal/app-imports";
import { attr, findTags, renderAt } from "./helpers";

// Decision 063. The browser's behaviour (the schema fetched on first focus, checks after it, a submit before it going
// to the action) is tests/e2e/form-schema-on-focus.spec.ts; here: what the server renders, and what the modules import.

function UserForm({ constraint, loadSchema }: { constraint: FormConstraint; loadSchema: () => Promise<typeof addUserSchema> }) {
  const [form, fields] = useSchemaForm({ id: "user-add", lastResult: undefined, constraint, schema: loadSchema });
  return (
    <form method="post" {...getFormProps(form)}>
      <InputField field={fields.name} label="Name" />
      <InputField field={fields.email} label="Email" type="email" />
    </form>
  );
}

describe("useSchemaForm on the server", () => {
  it("renders the loader's constraints as native attributes, without loading the schema", async () => {
    const loadSchema = vi.fn(async () => addUserSchema);
    const html = await renderAt("/users/add", () => <UserForm constraint={formConstraint(addUserSchema)} loadSchema={loadSchema} />);
    const [name] = findTags(html, "input", 'name="name"');
    expect(attr(name, "required")).toBe("");
    const [email] = findTags(html, "input", 'name="email"');
    expect(attr(email, "required")).toBe("");
    // No constraint, no attribute: what the server renders comes from the loader's object alone.
    const bare = await renderAt("/users/add", () => <UserForm constraint={{}} loadSchema={loadSchema} />);
    expect(attr(findTags(bare, "input", 'name="name"')[0], "required")).toBeNull();
    // Without JavaScript the browser checks these itself; the form is not `novalidate` before hydration.
    expect(findTags(html, "form", 'id="user-add"')[0]).not.toContain("novalidate");
    expect(loadSchema).not.toHaveBeenCalled();
  });

  it("formConstraint is Conform's constraint of the schema", () => {
    expect(formConstraint(addUserSchema)).toEqual(getZodConstraint(addUserSchema));
    expect(formConstraint(addUserSchema).name).toMatchObject({ required: true });
    expect(formConstraint(addUserSchema).role_ids).not.toMatchObject({ required: true });
  });
});

/** Static, non-type imports of zod itself (`zod`, `zod/mini`, `@conform-to/zod`) or of `~/lib/zod`. */
const ZOD_IMPORT =
  /(?:^|[\s;])import\s+(?!type\s)[^'"`;]*?\s*from\s+["'](?:zod(?:\/[\w/]+)?|@conform-to\/zod(?:\/[\w/]+)?|~\/lib\/zod)["']/m;

/** The chain of static imports from `file` to a module importing zod, or null. */
function zodChain(file: string, seen = new Set<string>()): string[] | null {
  if (seen.has(file) || serverOnly(file)) return null;
  seen.add(file);
  const source = readFileSync(file, "utf8");
  if (ZOD_IMPORT.test(stripComments(source))) return [file];
  for (const imported of importsOf(file, source, { lazy: false })) {
    const chain = zodChain(imported, seen);
    if (chain) return [file, ...chain];
  }
  return null;
}

describe("form components load zod only through their schema loader", () => {
  // Route modules are left to the build: React Router drops their loaders and actions, and the imports only those
  // use, from the browser's code (the weight bench lists each screen's files).
  const forms = sourceFiles(app).filter(
    (file) => !relative(app, file).startsWith("routes/") && /\buseSchemaForm\(/.test(readFileSync(file, "utf8")),
  );

  it("finds the form components", () => {
    expect(forms.map((file) => relative(app, file))).toContain("components/admin/user-form.tsx");
    expect(ZOD_IMPORT.test('import { z } from "~/lib/zod";')).toBe(true);
    expect(ZOD_IMPORT.test('import type { $ZodType } from "zod/v4/core";')).toBe(false);
  });

  it.each(forms.map((file) => [relative(app, file), file]))("%s imports no zod statically", (_, file) => {
    const chain = zodChain(file);
    expect(chain?.map((module) => relative(app, module)) ?? null).toBeNull();
  });
});
