import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import type { $ZodType, input, output } from "zod/v4/core";
import type { parseWithZod } from "./form-parse";
import { useTranslation } from "./i18n";

type FormSchema = $ZodType<Record<string, unknown>, Record<string, unknown>>;

/** The native constraints of a form's fields (`required`, `minLength`, `pattern`…): `formConstraint(schema)` on the server. */
export type FormConstraint = NonNullable<Parameters<typeof useForm>[0]["constraint"]>;

/** What validates in the browser once loaded: the schema and the parser (both with zod, neither in the first load). */
interface Validator<Schema extends FormSchema> {
  /** The form it was loaded for: a screen that swaps forms in place (another id) loads the other's schema. */
  formId: string;
  schema: Schema;
  parse: typeof parseWithZod;
}

/**
 * A Conform form validated in the browser with the same zod schema the action parses with, without zod in the
 * page's first load (decision 063):
 *
 * - `constraint` (computed on the server from the schema, `formConstraint`) gives the fields their native
 *   constraints, the same with and without JavaScript;
 * - `schema` loads the schema (a dynamic `import()`), with zod and the form parser, when the form first receives
 *   focus; from then on a field is checked when it loses focus and again as it is corrected, and a submit with
 *   errors stays in the browser;
 * - until it has loaded, nothing is checked in the browser: a submit goes to the action, which validates as it does
 *   without JavaScript, and `lastResult` brings back its answer (values as typed, errors in place).
 *
 * The component must not import the schema's module itself (a type-only import is fine), or zod is back in its chunk.
 */
export function useSchemaForm<Schema extends FormSchema>(options: {
  id: string;
  lastResult: SubmissionResult<string[]> | null | undefined;
  constraint: FormConstraint;
  schema: () => Promise<Schema>;
  defaultValue?: DefaultValue<input<Schema>>;
  /** "onSubmit" for a form that should stay quiet until it is sent (a comment box). */
  shouldValidate?: "onBlur" | "onSubmit";
}) {
  // The form's messages are mostly `validation` strings: its route declares them (handle.i18n), so they load with it;
  // this makes sure they are in before a check in the browser shows one (it would suspend outside a transition).
  useTranslation("validation");
  const [loaded, setLoaded] = useState<Validator<Schema> | null>(null);
  const validator = loaded?.formId === options.id ? loaded : null;
  const lastIntent = useLastIntent(options.lastResult);
  const [form, fields] = useForm<input<Schema> & Record<string, unknown>, output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue,
    constraint: options.constraint,
    // Before the schema is here, Conform must not check on blur or input: without `onValidate` it would send each
    // check to the action as a submission.
    shouldValidate: validator ? (options.shouldValidate ?? "onBlur") : "onSubmit",
    shouldRevalidate: validator ? "onInput" : "onSubmit",
    onValidate: validator ? ({ formData }) => validator.parse(withIntent(formData, lastIntent), { schema: validator.schema }) : undefined,
  });
  useLoadOnFirstFocus(options.id, options.schema, setLoaded);
  const checksOnBlur = (options.shouldValidate ?? "onBlur") === "onBlur";
  const leftBeforeLoad = useFieldsLeftUntil(options.id, !validator && checksOnBlur);
  // Once the schema is here, what it would have checked meanwhile is checked: the action's errors (a field corrected
  // while it loaded loses its error at once) and the fields left before it arrived (a quick fill-and-tab).
  const checked = useRef<Validator<Schema> | null>(null);
  useEffect(() => {
    if (!validator || checked.current === validator) return;
    checked.current = validator;
    const names = new Set([...Object.keys(form.allErrors), ...leftBeforeLoad.current].filter(Boolean));
    leftBeforeLoad.current.clear();
    for (const name of names) form.validate({ name });
  }, [validator, form, leftBeforeLoad]);
  return [form, fields] as const;
}

/**
 * The `intent` (the button) of the form's last submission, the action's or the browser's. A form whose rules depend
 * on the button ("Save draft" or "Submit") checks a field between submissions by the last one's rules: a check
 * carries no button, and the schema's default intent would drop an error such as "required to submit".
 */
function useLastIntent(lastResult: SubmissionResult<string[]> | null | undefined) {
  const lastIntent = useRef<string | null>(null);
  useEffect(() => {
    const intent = lastResult?.initialValue?.intent;
    if (typeof intent === "string") lastIntent.current = intent;
  }, [lastResult]);
  return lastIntent;
}

/** The form's data as the schema should read it: a submission records its button, a check gets the last one's. */
function withIntent(formData: FormData, lastIntent: { current: string | null }): FormData {
  const intent = formData.get("intent");
  if (typeof intent === "string") {
    lastIntent.current = intent;
    return formData;
  }
  if (lastIntent.current === null) return formData;
  const completed = new FormData();
  for (const [name, value] of formData) completed.append(name, value);
  completed.set("intent", lastIntent.current);
  return completed;
}

/** The names of the form's fields that lost focus while `listening` (a blur the browser could not check yet). */
function useFieldsLeftUntil(formId: string, listening: boolean) {
  const left = useRef(new Set<string>());
  useEffect(() => {
    if (!listening) return;
    const onFocusOut = (event: FocusEvent) => {
      const field = event.target;
      const isField = field instanceof HTMLInputElement || field instanceof HTMLSelectElement || field instanceof HTMLTextAreaElement;
      if (isField && field.name && field.type !== "submit" && field.type !== "button" && inForm(field, formId))
        left.current.add(field.name);
    };
    document.addEventListener("focusout", onFocusOut);
    return () => document.removeEventListener("focusout", onFocusOut);
  }, [formId, listening]);
  return left;
}

/**
 * Loads the schema and the parser the first time focus enters the form (a field, a button, a click inside), or at
 * once if focus is already in it when the page hydrates (an `autoFocus` field, a click before hydration).
 */
function useLoadOnFirstFocus<Schema extends FormSchema>(
  formId: string,
  loadSchema: () => Promise<Schema>,
  loaded: (validator: Validator<Schema>) => void,
) {
  // The latest loader (it may close over loader data) without re-subscribing on every render.
  const latest = useRef({ loadSchema, loaded });
  latest.current = { loadSchema, loaded };
  useEffect(() => {
    let started = false;
    let active = true;
    const onFocusIn = (event: { target: EventTarget | null }) => {
      if (started || !inForm(event.target, formId)) return;
      started = true;
      document.removeEventListener("focusin", onFocusIn);
      Promise.all([latest.current.loadSchema(), import("./form-parse")])
        .then(([schema, { parseWithZod }]) => {
          if (active) latest.current.loaded({ formId, schema, parse: parseWithZod });
        })
        // A chunk that failed to load (offline, a new deployment): the action still validates every submit.
        .catch(() => {});
    };
    document.addEventListener("focusin", onFocusIn);
    onFocusIn({ target: document.activeElement });
    return () => {
      active = false;
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [formId]);
}

function inForm(target: EventTarget | null, formId: string): boolean {
  if (!(target instanceof Element)) return false;
  if ("form" in target && target.form instanceof HTMLFormElement) return target.form.id === formId;
  return target.closest("form")?.id === formId;
}
