import { data, Form } from "react-router";
import { useFormErrorToast } from "~/components/admin/form-toast";
import { PageHeader } from "~/components/admin/page-header";
import { AddressText } from "~/components/tools/address-text";
import { ADDRESS_FIELDS, addressBody, type E911Entry } from "~/components/tools/e911-address";
import { E911AddressForm } from "~/components/tools/e911-address-form";
import { e911AddressSchema } from "~/components/tools/e911-schema";
import { formatNanp } from "~/components/tools/format";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { readBulkSelection } from "~/lib/bulk.server";
import { getEnv } from "~/lib/cloudflare.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { CARRIER_FAILED, type FormReply, parseForm, replyWithErrors, saveFailed } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { type Paginated, parseListParams } from "~/lib/list-params";
import { isRecordId } from "~/lib/record-id";
import { requireScreen, UpstreamError } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { e911ApiQuery } from "~/lib/tools/e911-list.server";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/tools.e911.bulk";

export const handle: StringsHandle = { i18n: ["e911", "admin", "validation"] };

const MAX_NUMBERS = 100;

function selectedIds(values: string[]): number[] {
  return [...new Set(values.filter(isRecordId).map(Number))].slice(0, MAX_NUMBERS);
}

/**
 * The numbers chosen in the E911 list's selection form (decision 046, sent here by GET): the ticked rows, the
 * page, or the first 100 matching the list's filter. One the caller cannot see is simply left out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "e911-bulk");
  const selection = readBulkSelection(new URL(request.url).searchParams);
  let ids: number[] = [];
  let matching: number | null = null;
  if (selection && "filter" in selection) {
    const { query } = e911ApiQuery(parseListParams(selection.filter), request, user);
    const page = await api.call<Paginated<E911Entry>>("/api/e911", { query: { ...query, page: "1", per_page: String(MAX_NUMBERS) } });
    ids = page.data.map((entry) => entry.id);
    matching = page.total > ids.length ? page.total : null;
  } else if (selection) {
    ids = selectedIds(selection.ids.map(String));
  }
  const entries = await Promise.all(
    ids.map((id) =>
      api.call<E911Entry>(`/api/e911/${id}`).catch((error: unknown) => {
        if (error instanceof UpstreamError && error.status === 404) return null;
        throw error;
      }),
    ),
  );
  return {
    entries: entries.filter((entry): entry is E911Entry => entry !== null),
    matching,
    constraint: formConstraint(e911AddressSchema),
  };
}

type BulkReply = FormReply & { suggestion?: Record<string, string | null>; entered?: Record<string, string | null> };

/** One address for all chosen numbers. A carrier suggestion comes back side by side to accept or edit. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "e911-bulk");
  const t = getInstance(context).getFixedT(null, "e911");
  const { formData, submission } = await parseForm(request, e911AddressSchema);
  const ids = selectedIds(formData.getAll("ids").map(String));
  if (ids.length === 0) return replyWithErrors(submission, { "": ["e911:bulkNone"] });
  if (submission.status !== "success") return data<BulkReply>({ result: submission.reply() }, { status: 400 });
  const address = addressBody(submission.value);
  try {
    const { data: entries } = await api.call<{ data: E911Entry[] }>("/api/e911/bulk", {
      method: "POST",
      json: { phone_number_ids: ids, address },
    });
    const first = entries[0];
    const secret = getEnv(context).SESSION_SECRET;
    if (first?.address?.validation_status === "suggested" && first.address.suggestion) {
      const suggestion = Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, (first.address?.suggestion?.[field] as string) ?? null]));
      return data<BulkReply>({ result: submission.reply(), suggestion, entered: address });
    }
    if (entries.every((entry) => entry.e911_status === "provisioned")) {
      return redirectWithToast("/tools/e911", { type: "success", message: t("toasts.provisionedMany", { count: entries.length }) }, secret);
    }
    const invalid = first?.address?.validation_status === "invalid";
    return redirectWithToast("/tools/e911", { type: "error", message: t(invalid ? "toasts.invalid" : "toasts.failed") }, secret);
  } catch (error) {
    return saveFailed(submission, error, "e911 bulk", { fallback: CARRIER_FAILED });
  }
}

export default function E911Bulk({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("e911");
  const { entries, matching } = loaderData;
  const reply = actionData as BulkReply | undefined;
  useFormErrorToast(reply);
  const hiddenIds = entries.map((entry) => <input key={entry.id} type="hidden" name="ids" value={entry.id} />);
  return (
    <div className="space-y-6">
      <PageHeader title={t("bulkTitle")} description={t("bulkDescription", { count: entries.length })} backTo="/tools/e911" />
      <Card>
        <CardHeader>
          <CardTitle>{t("bulkNumbers")}</CardTitle>
          {matching !== null && <CardDescription>{t("bulkFirst", { count: entries.length, total: matching })}</CardDescription>}
        </CardHeader>
        <CardContent>
          {entries.length === 0 ? (
            <p className="text-muted-foreground">{t("bulkNone")}</p>
          ) : (
            <ul className="flex flex-wrap gap-2">
              {entries.map((entry) => (
                <li key={entry.id} className="rounded-sm border px-2 py-0.5 text-sm">
                  <bdi dir="ltr">{formatNanp(entry.e164)}</bdi>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      {reply?.suggestion && reply.entered && (
        <Card className="border-warning" data-testid="e911-suggestion">
          <CardHeader>
            <CardTitle>{t("suggestion.heading")}</CardTitle>
            <CardDescription>{t("suggestion.description")}</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <div className="grid gap-4 md:grid-cols-2">
              <div className="rounded-md border p-4">
                <h3 className="mb-1 font-medium text-muted-foreground text-sm">{t("suggestion.entered")}</h3>
                <p>{reply.entered.caller_name}</p>
                <p>
                  <AddressText address={reply.entered} />
                </p>
              </div>
              <div className="rounded-md border border-primary p-4">
                <h3 className="mb-1 font-medium text-muted-foreground text-sm">{t("suggestion.suggested")}</h3>
                <p>{reply.suggestion.caller_name}</p>
                <p>
                  <AddressText address={reply.suggestion} />
                </p>
              </div>
            </div>
            <Form method="post">
              {hiddenIds}
              {Object.entries(reply.suggestion).map(([field, value]) =>
                value ? <input key={field} type="hidden" name={field} value={value} /> : null,
              )}
              <Button type="submit">{t("suggestion.accept")}</Button>
            </Form>
          </CardContent>
        </Card>
      )}
      {entries.length > 0 && (
        <E911AddressForm
          id="e911-bulk-form"
          defaultValue={{ country: "US" }}
          lastResult={reply?.result}
          constraint={loaderData.constraint}
          cancelTo="/tools/e911"
          submitLabel={t("save")}
          hidden={hiddenIds}
        />
      )}
    </div>
  );
}
