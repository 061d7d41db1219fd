import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import {
  DOCUMENT_KINDS,
  DOCUMENT_TYPES,
  MAX_DOCUMENT_BYTES,
  type NumberCheck,
  orderBody,
  type PortingOrder,
  splitNumbers,
} from "~/components/tools/porting-order";
import { portingOrderSchema } from "~/components/tools/porting-order-schema";
import { getEnv } from "~/lib/cloudflare.server";
import { parseWithZod } from "~/lib/form-parse";
import {
  actionFailure,
  CARRIER_FAILED,
  type FormReply,
  failureMessage,
  readFormData,
  replyWithErrors,
  saveFailed,
} from "~/lib/forms.server";
import { type SanctumClient, UpstreamError } from "~/lib/sanctum/client.server";
import { redirectWithToast } from "~/lib/toast.server";
import { translateError } from "~/lib/validation-message";
import { getInstance } from "~/middleware/i18next";

type Context = Readonly<RouterContextProvider>;

/** Never sent back to the browser: the PIN is write-only, and file inputs cannot be refilled. */
const HIDDEN = ["pin", ...DOCUMENT_KINDS];

/** The chosen LOA / bill files, each checked as the backend will (PDF, PNG or JPEG, at most 5 MiB). */
function chosenDocuments(formData: FormData) {
  const files: { kind: (typeof DOCUMENT_KINDS)[number]; file: File }[] = [];
  const errors: Record<string, string[]> = {};
  for (const kind of DOCUMENT_KINDS) {
    const file = formData.get(kind);
    if (!(file instanceof File) || file.size === 0) continue;
    if (!DOCUMENT_TYPES.includes(file.type)) errors[kind] = ["validation.file_type"];
    else if (file.size > MAX_DOCUMENT_BYTES) errors[kind] = [`validation.file_too_large|${JSON.stringify({ max: 5 })}`];
    else files.push({ kind, file });
  }
  return { files, errors };
}

/**
 * The action of the order form, new (`orderId` null) and edit: save the details (create or update), forward
 * the chosen documents, then submit when the "Submit" button was used. Bad input answers the form again
 * with the values as typed (never the PIN or the files); once the order exists, a later step's failure
 * leads to the order's edit form with the reason as a toast, the details being saved.
 */
export async function saveOrder(
  request: Request,
  context: Context,
  api: SanctumClient,
  orderId: string | null,
  { chooseOrganization = false }: { chooseOrganization?: boolean } = {},
) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: portingOrderSchema });
  // "Check numbers" (the button without JavaScript, the form's own check with it): nothing is saved, the form comes
  // back as typed with what a submission would refuse about the numbers, and no other field's errors yet.
  if (formData.get("intent") === "check") {
    const { initialValue } = submission.reply({ hideFields: HIDDEN });
    return data({ result: { initialValue } satisfies SubmissionResult<string[]>, numberCheck: await checkNumbers(formData, api, orderId) });
  }
  // Every field at once: the schema's errors, the organization and the documents in one answer (issue 25).
  const documents = chosenDocuments(formData);
  const extra: Record<string, string[]> = { ...documents.errors };
  // A new order by provider staff names its organization: never the provider's own account by default (issue 25).
  if (chooseOrganization && !String(formData.get("organization_id") ?? "").trim()) extra.organization_id = ["validation.required"];
  if (submission.status !== "success") {
    return data<FormReply>({ result: submission.reply({ fieldErrors: extra, hideFields: HIDDEN }) }, { status: 400 });
  }
  if (Object.keys(extra).length > 0) return replyWithErrors(submission, extra, { status: 400, hideFields: HIDDEN });

  // Asked to submit: the backend checks the order as it would be submitted before anything is saved, so a refused
  // submission never leaves a draft behind (nor a second one when it is sent again). A backend without the check
  // (404) goes on as before.
  if (submission.value.intent === "submit") {
    try {
      await api.call("/api/porting/orders/validation", {
        method: "POST",
        json: { ...orderBody(submission.value), ...(orderId ? { order_id: Number(orderId) } : {}) },
      });
    } catch (error) {
      if (!(error instanceof UpstreamError && error.status === 404)) {
        return saveFailed(submission, error, "check porting order", { hideFields: HIDDEN, fallback: CARRIER_FAILED });
      }
    }
  }

  const t = getInstance(context).getFixedT(null, "porting");
  const secret = getEnv(context).SESSION_SECRET;
  let order: PortingOrder;
  try {
    order = await api.call<PortingOrder>(orderId ? `/api/porting/orders/${orderId}` : "/api/porting/orders", {
      method: orderId ? "PUT" : "POST",
      json: orderBody(submission.value),
    });
  } catch (error) {
    return saveFailed(submission, error, orderId ? "update porting order" : "create porting order", { hideFields: HIDDEN });
  }

  const edit = `/tools/porting/order/${order.id}/edit`;
  for (const { kind, file } of documents.files) {
    const body = new FormData();
    body.set("kind", kind);
    body.set("file", file, file.name);
    try {
      await api.call<PortingOrder>(`/api/porting/orders/${order.id}/documents`, { method: "POST", body });
    } catch (error) {
      const reason = translateError(t, failureMessage(actionFailure(error, "upload porting document")));
      return redirectWithToast(
        edit,
        { type: "error", message: t("order.toasts.documentFailed", { kind: t(`order.documents.${kind}`), reason }) },
        secret,
      );
    }
  }

  if (submission.value.intent === "submit") {
    try {
      await api.call<PortingOrder>(`/api/porting/orders/${order.id}/transitions`, { method: "POST", json: { to: "submitted" } });
    } catch (error) {
      // Editing an existing order: its form can show the refusal next to the fields.
      if (orderId) return saveFailed(submission, error, "submit porting order", { hideFields: HIDDEN, fallback: CARRIER_FAILED });
      return redirectWithToast(edit, { type: "error", message: submitRefusal(t, error) }, secret);
    }
    return redirectWithToast(
      `/tools/porting/order/${order.id}`,
      { type: "success", message: t("order.toasts.submitted", { id: order.id }) },
      secret,
    );
  }
  return redirectWithToast(
    `/tools/porting/order/${order.id}`,
    { type: "success", message: t("order.toasts.saved", { id: order.id }) },
    secret,
  );
}

/**
 * The numbers as a submission would refuse them (`POST /api/porting/orders/number-check`), in the order typed,
 * each message once. A failure of the check is said, never taken for "every number is fine"; null when the
 * backend has no such check.
 */
export async function checkNumbers(formData: FormData, api: SanctumClient, orderId: string | null): Promise<NumberCheck | null> {
  const text = String(formData.get("numbers") ?? "").slice(0, 40_000);
  const numbers = splitNumbers(text);
  const organization = Number(formData.get("organization_id"));
  // A page never carries a PIN or a file back: the form names them so that they are given again.
  const notKept = ["pin", ...DOCUMENT_KINDS].filter((name) => {
    const value = formData.get(name);
    return value instanceof File ? value.size > 0 : Boolean(value);
  });
  if (numbers.length === 0) return { numbers: text, problems: [], failed: "validation.required", notKept };
  try {
    const answer = await api.call<{ problems: Record<string, string[]> }>("/api/porting/orders/number-check", {
      method: "POST",
      json: {
        numbers,
        ...(orderId
          ? { order_id: Number(orderId) }
          : Number.isInteger(organization) && organization > 0
            ? { organization_id: organization }
            : {}),
      },
    });
    const problems = Object.entries(answer.problems)
      .sort(([a], [b]) => Number(a.replace(/^\D+/, "")) - Number(b.replace(/^\D+/, "")))
      .flatMap(([, messages]) => messages);
    return { numbers: text, problems: [...new Set(problems)], failed: null, notKept };
  } catch (error) {
    // A backend without the check (404) says nothing rather than something untrue; submitting still checks.
    if (error instanceof UpstreamError && error.status === 404) return null;
    return {
      numbers: text,
      problems: [],
      failed: failureMessage(actionFailure(error, "check porting numbers", CARRIER_FAILED), CARRIER_FAILED),
      notKept,
    };
  }
}

/** Why a submission was refused, as one translated sentence (the first reason the backend gave). */
// biome-ignore lint/suspicious/noExplicitAny: the `t` of the porting namespace
export function submitRefusal(t: any, error: unknown): string {
  const failure = actionFailure(error, "submit porting order", CARRIER_FAILED);
  const [field, messages] = Object.entries(failure.fields)[0] ?? [];
  if (failure.message || !field || !messages?.[0]) return translateError(t, failureMessage(failure, CARRIER_FAILED));
  return t("order.toasts.notSubmitted", { field: t(`order.fields.${field.replace(/\..*$/, "")}`), reason: translateError(t, messages[0]) });
}
