import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod/v4";
import type { $ZodType, input, output } from "zod/v4/core";
import { parseWithZod } from "./form-parse";

/**
 * A Conform form validated in the browser with the same zod schema the action parses with: native
 * constraints from the schema, a field checked when it loses focus and again as it is corrected, and
 * `lastResult` bringing back the server's answer (values as typed, errors in place).
 */
export function useSchemaForm<Schema extends $ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  options: {
    id: string;
    lastResult: SubmissionResult<string[]> | null | undefined;
    defaultValue?: DefaultValue<input<Schema>>;
    /** "onSubmit" for a form that should stay quiet until it is sent (a comment box). */
    shouldValidate?: "onBlur" | "onSubmit";
  },
) {
  return useForm<input<Schema> & Record<string, unknown>, output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: options.shouldValidate ?? "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
