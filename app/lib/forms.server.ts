import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { getEnv } from "./cloudflare.server";
import { Unauthenticated, UpstreamError, UpstreamThrottled, UpstreamUnavailable } from "./sanctum/client.server";
import { redirectWithToast } from "./toast.server";

type Context = Readonly<RouterContextProvider>;

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * The body of a form post. Anything else answers 415 (JSON, no Content-Type) or 400 (a multipart body
 * that does not parse), never a 500. Every action reads its body through this.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const type = request.headers.get("Content-Type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (!FORM_TYPES.has(type)) throw data(null, { status: 415, statusText: "Unsupported Media Type" });
  try {
    return await request.formData();
  } catch {
    throw data(null, { status: 400, statusText: "Bad Request" });
  }
}

/**
 * The server half of every form: validate the submission with the same zod schema the browser
 * used, and turn the backend's 422 errors into field errors — typed values are kept either way.
 */
export async function parseForm<Schema extends z.ZodType>(request: Request, schema: Schema) {
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

/**
 * What a form shows when its save failed upstream, and the status to answer: 422 field errors in place;
 * 403/404/409 refusals, "too many requests" (429) and "service unavailable" (503) as form messages; anything
 * else a generic "could not save" (502, logged). An upstream 401 is rethrown: the session is over and
 * the middleware sends the user to sign in.
 */
export function saveFailure(error: unknown, label: string): { errors: Record<string, string[]>; status: number } {
  if (error instanceof Unauthenticated) throw error;
  if (error instanceof UpstreamThrottled) {
    return { errors: { "": [`errors.upstream.formThrottled|${JSON.stringify({ seconds: error.retryAfter })}`] }, status: 429 };
  }
  if (error instanceof UpstreamUnavailable) {
    console.error(label, error);
    return { errors: { "": ["errors.upstream.formUnavailable"] }, status: 503 };
  }
  if (error instanceof UpstreamError && error.status === 422 && error.body.errors) {
    return { errors: formFieldErrors(error.body.errors), status: 422 };
  }
  if (error instanceof UpstreamError && [403, 404, 409].includes(error.status)) {
    return { errors: { "": [error.body.message ?? "errors:generic.title"] }, status: error.status };
  }
  console.error(label, error);
  return { errors: { "": ["admin.errors.saveFailed"] }, status: 502 };
}

/** `saveFailure` as a form reply: the values as typed, the messages in place. */
export function saveFailed(
  // biome-ignore lint/suspicious/noExplicitAny: a submission of any schema
  submission: Submission<any>,
  error: unknown,
  label: string,
  init?: { toasts?: string[]; hideFields?: string[] },
) {
  const { errors, status } = saveFailure(error, label);
  return replyWithErrors(submission, errors, { status, ...init });
}

export interface SubmitFormOptions<Schema extends z.ZodType, Answer> {
  /** The zod schema the browser validates with too. */
  schema: Schema;
  /** The upstream call with the valid value, e.g. `(value) => api.call("/api/users", { method: "POST", json: value })`. */
  call: (value: z.output<Schema>) => Promise<Answer>;
  /** Where to go and the success toast (already translated); `headers` adds e.g. cookies to the redirect. */
  success: (value: z.output<Schema>, answer: Answer) => { to: string; message: string; headers?: Headers };
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
 * answer the form again with the values as typed and the failure in place (see `saveFailure`).
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
export async function submitForm<Schema extends z.ZodType, Answer>(
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
 * The guest forms' reading of an upstream refusal (sign-up, password request and setup): 422 field
 * errors, "too many requests" and 403/404/409 refusals as form errors; null for anything else.
 */
export function upstreamFieldErrors(error: unknown): Record<string, string[]> | null {
  if (!(error instanceof UpstreamError) || error instanceof UpstreamUnavailable) return null;
  if (error instanceof UpstreamThrottled) return saveFailure(error, "").errors;
  if (error.status === 422 && error.body.errors) return error.body.errors;
  if (error.status === 403 || error.status === 404 || error.status === 409) return { "": [error.body.message ?? "errors:generic.title"] };
  return null;
}
