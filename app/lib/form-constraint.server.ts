import { getZodConstraint } from "@conform-to/zod/v4";
import type { $ZodType } from "zod/v4/core";
import type { FormConstraint } from "./use-schema-form";

/**
 * A form's native constraints (`required`, `minLength`, `maxLength`, `pattern`, `min`, `max`…) from its zod schema,
 * computed where the schema is (the loader), so the page carries them as data and the browser needs no zod to draw
 * them (decision 063). The same object with and without JavaScript.
 */
export function formConstraint(schema: $ZodType): FormConstraint {
  return getZodConstraint(schema);
}
