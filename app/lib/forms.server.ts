import type { Submission, SubmissionResult } from "@conform-to/react";
import type { TFunction } from "i18next";
import { data, type RouterContextProvider } from "react-router";
import type { $ZodType, output } from "zod/v4/core";
import { requestUrl } from "~/lib/request-url.server";
import { getEnv } from "./cloudflare.server";
import { parseWithZod } from "./form-parse";
import { Unauthenticated, UpstreamError, UpstreamThrottled, UpstreamUnavailable } from "./sanctum/client.server";
import { redirectWithToast } from "./toast.server";
import type { KeptForm } from "./types";
import { translateError } from "./validation-message";

type Context = Readonly<RouterContextProvider>;

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * The body of a form post. Anything else answers 415 (JSON, no Content-Type) or 400 (a multipart body
 * that does not parse), never a 500. Every action reads its body through this.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const type = request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.has(type)) throw data(null, { status: 415, statusText: "Unsupported Media Type" });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data(null, { status: 400, statusText: "Bad Request" });
  }
  postedForms.set(request, form);
  return form;
}

/** The form each post carried, for the page of a post whose page could not be drawn again (`keptForm`). */
const postedForms = new WeakMap<Request, FormData>();

/** Fields never written back into a page: the user types them again. */
const SECRET_FIELD = /password|secret|token|(^|_)pin$|^(code|recovery_code)$/i;
/** Beyond this many characters nothing is kept (the page carries the values in its HTML and its data). */
const KEPT_FORM_MAX_CHARS = 64 * 1024;

/**
 * The form a document post (without JavaScript) carried, when its action failed and the page around
 * the form could not be drawn again either (the backend down for every call, decision 038): the
 * "service unavailable" page shows it and can send it again, so nothing typed is lost.
 */
export async function keptForm(request: Request): Promise<KeptForm | undefined> {
  if (request.method !== "POST" || requestUrl(request).pathname.endsWith(".data")) return undefined;
  // An action that failed before reading its form (its record could not be read) left the body unread.
  const form = postedForms.get(request) ?? (request.bodyUsed ? undefined : await readFormData(request).catch(() => undefined));
  if (!form) return undefined;
  const fields: [string, string][] = [];
  let omitted = false;
  let chars = 0;
  for (const [name, value] of form) {
    if (typeof value !== "string" || SECRET_FIELD.test(name)) {
      omitted ||= typeof value === "string" || value.size > 0;
      continue;
    }
    chars += name.length + value.length;
    fields.push([name, value]);
  }
  if (chars > KEPT_FORM_MAX_CHARS) return { fields: [], omitted: true };
  return fields.length > 0 ? { fields, omitted } : undefined;
}

/**
 * The server half of every form: validate the submission with the same zod schema the browser
 * used, and turn the backend's 422 errors into field errors — typed values are kept either way.
 */
export async function parseForm<Schema extends $ZodType>(request: Request, schema: Schema) {
  const formData = await readFormData(request);
  return { formData, submission: parseWithZod(formData, { schema }) };
}

export interface FormReply {
  result: SubmissionResult<string[]>;
  /** Messages to show as error toasts too (the specification's login catalogue). */
  toasts?: string[];
}

/** A reply with field errors (and form errors under the "" key) and the values as typed. */
export function replyWithErrors(
  // biome-ignore lint/suspicious/noExplicitAny: a submission of any schema
  submission: Submission<any>,
  errors: Record<string, string[]>,
  init?: { status?: number; toasts?: string[]; hideFields?: string[] },
) {
  const { "": formErrors, ...fieldErrors } = errors;
  const result = submission.reply({ formErrors, fieldErrors, hideFields: init?.hideFields });
  return data<FormReply>({ result, toasts: init?.toasts }, { status: init?.status ?? 400 });
}

/**
 * Field errors of a 422 answer for a Conform form: an item's error (`role_ids.0`) shown on its list and
 * errors about the whole body (`body`) on the form. Messages are keys the portal translates (`validation.*`,
 * and the refusal keys of the `users`, `roles` and `organizations` namespaces).
 */
export function formFieldErrors(errors: Record<string, string[]>): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(errors)) {
    const field = key === "body" ? "" : key.replace(/(\.\d+)+$/, "");
    const list = fields[field] ?? [];
    for (const message of messages) if (!list.includes(message)) list.push(message);
    fields[field] = list;
  }
  return fields;
}

/** The `fallback` of the carrier tools: a carrier failure the backend did not explain. */
export const CARRIER_FAILED = "porting:carrier.failed";

/** What an action shows when its upstream call failed (see `actionFailure`). */
export interface ActionFailure {
  /** The backend's 422 field errors (translation keys), keyed as it named them (`role_ids.0`); else empty. */
  fields: Record<string, string[]>;
  /** One message for the whole form or toast (a translation key, maybe with `|{params}`); null when `fields` say it. */
  message: string | null;
  /** The status to answer with. */
  status: number;
}

/**
 * The one reading of a failed upstream call in an action (every form, tool, wizard step and one-click
 * action goes through it):
 * - a 401 (or persistent 419) that ended the session is rethrown: the middleware sends the user to sign in;
 * - the carrier's failures (`carrier.*` → `porting:carrier.*`, `numbers.carrier.*`) as the message (502 or 409);
 * - 429 "too many requests, wait N s" and 5xx/timeout "the service is not answering" (logged), values kept;
 * - 422 field errors in place;
 * - other refusals (401 as an answer, 403, 404, 409) with the backend's message, or `fallback`;
 * - anything else (a 400, 419, a bug) logged, `fallback`, 502.
 */
export function actionFailure(error: unknown, label: string, fallback = "admin.errors.saveFailed"): ActionFailure {
  if (error instanceof Unauthenticated && error.endedSession) throw error;
  if (error instanceof UpstreamError) {
    const key = error.body.message ?? "";
    if (key.startsWith("carrier.") && error.status >= 409)
      return { fields: {}, message: `porting:${key}`, status: error.status === 409 ? 409 : 502 };
    if (key.startsWith("numbers.carrier.") && error.status >= 409)
      return { fields: {}, message: key, status: error.status === 409 ? 409 : 502 };
    if (error instanceof UpstreamThrottled) {
      // A limit of the backend's own, named on a field (the import upload quota `imports.file.quota`, a
      // sign-in throttle): its own message there. Only a bare 429 (Laravel's `throttle:api`) is "too many requests".
      if (error.body.errors && Object.keys(error.body.errors).length > 0) return { fields: error.body.errors, message: null, status: 429 };
      return { fields: {}, message: `errors.upstream.formThrottled|${JSON.stringify({ seconds: error.retryAfter })}`, status: 429 };
    }
    if (error instanceof UpstreamUnavailable) {
      console.error(label, error);
      return { fields: {}, message: "errors.upstream.formUnavailable", status: 503 };
    }
    if (error.status === 422 && error.body.errors && Object.keys(error.body.errors).length > 0) {
      return { fields: error.body.errors, message: null, status: 422 };
    }
    if ([401, 403, 404, 409, 422].includes(error.status))
      return { fields: {}, message: error.body.message || fallback, status: error.status };
  }
  console.error(label, error);
  return { fields: {}, message: fallback, status: 502 };
}

/** An `ActionFailure` as Conform errors: fields in place (`formFieldErrors`), the message on the form (""). */
export function failureErrors(failure: ActionFailure): Record<string, string[]> {
  return failure.message ? { "": [failure.message] } : formFieldErrors(failure.fields);
}

/** `actionFailure` as Conform errors with the status to answer (for replies that are not a Conform form's). */
export function saveFailure(error: unknown, label: string, fallback?: string): { errors: Record<string, string[]>; status: number } {
  const failure = actionFailure(error, label, fallback);
  return { errors: failureErrors(failure), status: failure.status };
}

/** The first thing an `ActionFailure` says: its message, or the first field error. */
export function failureMessage(failure: ActionFailure, fallback = "admin.errors.saveFailed"): string {
  return failure.message ?? Object.values(failure.fields)[0]?.[0] ?? fallback;
}

/**
 * `actionFailure` as one translated sentence, for the toast of a one-click action (delete, release,
 * masquerade): "too many requests" and "service unavailable" in their page wording (no form to keep).
 * `backendMessage: false` shows `fallback` for a refusal instead of the backend's words (§8's fixed toasts).
 */
export function actionFailureText(
  // biome-ignore lint/suspicious/noExplicitAny: accepts the `t` of any namespace
  t: TFunction<any, any>,
  error: unknown,
  label: string,
  fallback: string,
  { backendMessage = true } = {},
): string {
  const failure = actionFailure(error, label, fallback);
  if (error instanceof UpstreamThrottled && failure.message !== null)
    return translateError(t, `errors.throttled.message|${JSON.stringify({ seconds: error.retryAfter })}`);
  if (failure.message === "errors.upstream.formUnavailable") return translateError(t, "errors.unavailable.message");
  return translateError(t, backendMessage ? failureMessage(failure, fallback) : fallback);
}

/** `actionFailure` as a form reply: the values as typed, the messages in place. */
export function saveFailed(
  // biome-ignore lint/suspicious/noExplicitAny: a submission of any schema
  submission: Submission<any>,
  error: unknown,
  label: string,
  init?: { toasts?: string[]; hideFields?: string[]; fallback?: string },
) {
  const failure = actionFailure(error, label, init?.fallback);
  return replyWithErrors(submission, failureErrors(failure), {
    status: failure.status,
    toasts: init?.toasts,
    hideFields: init?.hideFields,
  });
}

export interface SubmitFormOptions<Schema extends $ZodType, Answer> {
  /** The zod schema the browser validates with too. */
  schema: Schema;
  /** The upstream call with the valid value, e.g. `(value) => api.call("/api/users", { method: "POST", json: value })`. */
  call: (value: output<Schema>) => Promise<Answer>;
  /** Where to go and the success toast (already translated); `headers` adds e.g. cookies to the redirect. */
  success: (value: output<Schema>, answer: Answer) => { to: string; message: string; headers?: Headers };
  /** For the error log, e.g. "add user". */
  label: string;
  /** Rewrites the raw form data before parsing (e.g. the role matrix's "All" boxes without JavaScript). */
  prepare?: (formData: FormData) => FormData;
  /** Fields never sent back to the browser (passwords). */
  hideFields?: string[];
  /** Error toasts shown on any failure besides the messages in place. */
  toasts?: string[];
  /** The body when the action already read it (one action serving several forms, told apart by `intent`). */
  formData?: FormData;
}

/**
 * The action of every add/edit form: read the body (415/400 if it is not a form), parse it with the
 * schema (400 with the values kept), make the call, and then either redirect with a success toast or
 * answer the form again with the values as typed and the failure in place (see `actionFailure`).
 *
 *   export async function action({ request, context }: Route.ActionArgs) {
 *     const { api } = requireScreen(context, "users-add");
 *     const t = getInstance(context).getFixedT(null, "admin");
 *     return submitForm(request, context, {
 *       schema: addUserSchema,
 *       label: "add user",
 *       call: (value) => api.call<AdminUser>("/api/users", { method: "POST", json: value }),
 *       success: (value) => ({ to: "/users", message: t("users.invited", { email: value.email }) }),
 *     });
 *   }
 */
export async function submitForm<Schema extends $ZodType, Answer>(
  request: Request,
  context: Context,
  options: SubmitFormOptions<Schema, Answer>,
) {
  const { hideFields, toasts } = options;
  const formData = options.formData ?? (await readFormData(request));
  const submission = parseWithZod(options.prepare ? options.prepare(formData) : formData, { schema: options.schema });
  if (submission.status !== "success") return data<FormReply>({ result: submission.reply({ hideFields }) }, { status: 400 });
  let answer: Answer;
  try {
    answer = await options.call(submission.value);
  } catch (error) {
    return saveFailed(submission, error, options.label, { toasts, hideFields });
  }
  const { to, message, headers } = options.success(submission.value, answer);
  return redirectWithToast(to, { type: "success", message }, getEnv(context).SESSION_SECRET, headers ? { headers } : undefined);
}

/**
 * The guest forms' reading of an upstream refusal (sign-up, password request and setup): the field
 * errors and refusals `actionFailure` finds; null for an outage or anything unexpected (the form then
 * says its own "could not complete").
 */
export function upstreamFieldErrors(error: unknown): Record<string, string[]> | null {
  if (!(error instanceof UpstreamError) || error instanceof UpstreamUnavailable) return null;
  const failure = actionFailure(error, "guest form", "");
  if (failure.status === 401 || failure.status === 502) return null;
  if (failure.message) return { "": [failure.message] };
  return Object.keys(failure.fields).length > 0 ? failure.fields : null;
}
