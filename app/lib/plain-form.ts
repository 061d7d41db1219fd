import type { SubmissionResult } from "@conform-to/react";
import { type FormEvent, useEffect, useState } from "react";
import type { FieldState } from "~/components/ui/form-field";

/** Errors by field name; "" holds the form's own (a refused sign-in). */
export type FormErrors = Record<string, string[] | null | undefined>;

const messages = (list: string[] | null | undefined) => (list?.length ? list : undefined);

/**
 * A small form without Conform's engine, for the sign-in page (the lightest page: Conform's hooks are 7.8 KiB gzip,
 * issue 27). It answers to the same action reply (`submission.reply()`: values as typed, errors by field) and gives
 * the same field states to the portal's form fields, and checks as `useSchemaForm` forms do: a field when it loses
 * focus, again as it is corrected, and every field on submit, where a form with errors stays in the browser and the
 * first invalid field takes the focus. Without JavaScript the native constraints (`required`) and the action check.
 */
export function usePlainForm<Name extends string>(options: {
  id: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** The fields and their native constraints. */
  fields: Record<Name, { required?: boolean }>;
  /** The browser's check of the whole form: message keys by field name. */
  validate: (formData: FormData) => FormErrors;
}) {
  const { id, lastResult } = options;
  const [shown, setShown] = useState<{ reply: typeof lastResult; errors: FormErrors }>({
    reply: lastResult,
    errors: lastResult?.error ?? {},
  });
  // A new reply from the action replaces what the browser found (the render-time reset React recommends).
  let errors = shown.errors;
  if (shown.reply !== lastResult) {
    errors = lastResult?.error ?? {};
    setShown({ reply: lastResult, errors });
  }
  // After hydration the browser's own check takes over from the native bubbles.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const named = (target: EventTarget) => {
    const control = target as HTMLInputElement;
    return control.form?.id === id && control.name in options.fields ? (control.name as Name) : null;
  };
  const check = (form: HTMLFormElement, names: readonly string[]) => {
    const found = options.validate(new FormData(form));
    setShown((current) => {
      const next = { ...current.errors };
      for (const name of names) next[name] = found[name];
      return { reply: current.reply, errors: next };
    });
    return found;
  };

  const fields = {} as Record<Name, FieldState>;
  for (const name of Object.keys(options.fields) as Name[]) {
    const fieldId = `${id}-field-${name}`;
    fields[name] = {
      id: fieldId,
      name,
      formId: id,
      errorId: `${fieldId}-error`,
      descriptionId: `${fieldId}-description`,
      initialValue: (lastResult?.initialValue as Record<string, unknown> | undefined)?.[name],
      errors: messages(errors[name]),
      required: options.fields[name].required,
    };
  }
  return {
    form: {
      id,
      errorId: `${id}-form-error`,
      errors: messages(errors[""]),
      noValidate: hydrated,
      onBlur(event: FormEvent<HTMLFormElement>) {
        const name = named(event.target);
        if (name) check(event.currentTarget, [name]);
      },
      onInput(event: FormEvent<HTMLFormElement>) {
        const name = named(event.target);
        // Only a field already showing an error is checked as it is typed in.
        if (name && errors[name]?.length) check(event.currentTarget, [name]);
      },
      onSubmit(event: FormEvent<HTMLFormElement>) {
        const found = check(event.currentTarget, [...Object.keys(options.fields), ""]);
        const invalid = Object.keys(options.fields).find((name) => found[name]?.length);
        if (!invalid) return;
        event.preventDefault();
        event.currentTarget.querySelector<HTMLElement>(`[name="${invalid}"]`)?.focus();
      },
    },
    fields,
  };
}
