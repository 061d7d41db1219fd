import type { Submission, SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import { UpstreamError } from "./sanctum/client.server";

/**
 * The server half of every form: validate the submission with the same zod schema the browser
 * used, and turn the backend's 422 errors into field errors — typed values are kept either way.
 */
export async function parseForm<Schema extends z.ZodType>(request: Request, schema: Schema) {
  const formData = await request.formData();
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

/** Maps an upstream failure to field errors; rethrows what forms cannot show (401 redirects, 5xx). */
export function upstreamFieldErrors(error: unknown): Record<string, string[]> | null {
  if (error instanceof Response) throw error;
  if (!(error instanceof UpstreamError)) return null;
  if (error.status === 422 && error.body.errors) return error.body.errors;
  if (error.status === 429) return { "": [`validation.too_many|${JSON.stringify({ seconds: error.body.retryAfter ?? 60 })}`] };
  if (error.status === 403 || error.status === 404 || error.status === 409) return { "": [error.body.message ?? "errors:generic.title"] };
  return null;
}
