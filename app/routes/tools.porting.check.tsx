import { Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { Download, PhoneIncoming } from "~/components/icons";
import { formatNanp } from "~/components/tools/format";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { ErrorList } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { actionFailure, CARRIER_FAILED, readFormData } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { can, requireScreen } from "~/lib/sanctum/context.server";
import { translateError, useMessageStrings } from "~/lib/validation-message";
import type { StringsHandle } from "~/locales/types";
import { csvText } from "../../common/csv";
import type { Route } from "./+types/tools.porting.check";

export const handle: StringsHandle = { i18n: ["porting", "admin", "validation"] };

export interface PortabilityResult {
  e164: string;
  portable: boolean;
  fast_portable: boolean;
  reason: string | null;
  losing_carrier: string | null;
  spid: string | null;
  ocn: string | null;
  rate_center: string | null;
  lata: string | null;
  state: string | null;
  type: "local" | "toll_free" | "mobile" | null;
}

interface PortabilityCheck {
  results: PortabilityResult[];
  rejected: { input: string; reason: "not_a_number" | "too_short" | "too_long" | "not_nanp" | "invalid" | "duplicate" }[];
  groups: { losing_carrier: string | null; spid: string | null; total: number; portable: number }[];
}

/** The backend accepts 40,000 characters of pasted text; an uploaded CSV may be up to 1 MB. */
const MAX_TEXT = 40_000;
const MAX_FILE_BYTES = 1_000_000;

export async function loader({ context }: Route.LoaderArgs) {
  const { user } = requireScreen(context, "porting-check");
  return { canPort: can(user, "tools.phone_numbers.port") };
}

/**
 * The check: pasted text and/or a CSV upload, read on the backend. A read, so the answer is rendered
 * straight from the post (no redirect): without JavaScript the browser shows the results page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "porting-check");
  const form = await readFormData(request);
  const typed = String(form.get("numbers") ?? "").slice(0, MAX_TEXT);
  const file = form.get("file");
  let text = typed;
  if (file instanceof File && file.size > 0) {
    if (file.size > MAX_FILE_BYTES) return { text: typed, check: null, errors: { file: ["porting:check.fileTooLarge"] } };
    const content = await file.text();
    // A binary file (spreadsheet, image) is not a CSV: refuse it rather than report every byte as "not a number".
    if (content.includes("\u0000")) return { text: typed, check: null, errors: { file: ["porting:check.fileUnreadable"] } };
    // In a CSV, quotes are only decoration around the values.
    text = `${typed}\n${content.replace(/"/g, "")}`;
  }
  try {
    const check = await api.call<PortabilityCheck>("/api/porting/check", { method: "POST", json: { numbers: text } });
    return { text: typed, check, errors: {} as Record<string, string[]> };
  } catch (error) {
    const failure = actionFailure(error, "portability check", CARRIER_FAILED);
    const errors = failure.message ? { "": [failure.message] } : failure.fields;
    // The text came from the file alone: its errors belong next to the file.
    if (errors.numbers && !typed.trim() && text !== typed) return { text: typed, check: null, errors: { file: errors.numbers } };
    return { text: typed, check: null, errors };
  }
}

function outcome(result: PortabilityResult): "fast_portable" | "portable" | "not_portable" {
  if (!result.portable) return "not_portable";
  return result.fast_portable ? "fast_portable" : "portable";
}

/** The results as a CSV file, for a download link that works without JavaScript (one CSV writer, common/csv.ts). */
function csvHref(results: PortabilityResult[]): string {
  const header = ["number", "result", "reason", "losing_carrier", "spid", "ocn", "rate_center", "lata", "state", "type"];
  const rows = results.map((result) => [
    result.e164,
    outcome(result),
    result.reason,
    result.losing_carrier,
    result.spid,
    result.ocn,
    result.rate_center,
    result.lata,
    result.state,
    result.type,
  ]);
  return `data:text/csv;charset=utf-8,${encodeURIComponent(csvText([header, ...rows], { bom: true }))}`;
}

export default function PortingCheck({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("porting");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const check = actionData?.check ?? null;
  const errors = actionData?.errors ?? {};
  const formError = errors[""]?.[0];
  useMessageStrings(formError ? [formError] : undefined);
  const portable = check?.results.filter((result) => result.portable) ?? [];

  return (
    <div className="space-y-6">
      <PageHeader title={t("check.title")} description={t("check.description")} />
      <Card>
        <CardContent>
          <Form method="post" encType="multipart/form-data" className="grid gap-4" aria-busy={busy}>
            {formError && (
              <p role="alert" className="rounded-md border border-destructive/40 px-3 py-2 text-destructive text-sm">
                {translateError(t, formError)}
              </p>
            )}
            <div className="grid gap-2">
              <Label htmlFor="check-numbers">{t("check.numbers")}</Label>
              <Textarea
                id="check-numbers"
                name="numbers"
                rows={8}
                dir="ltr"
                maxLength={MAX_TEXT}
                defaultValue={actionData?.text ?? ""}
                aria-invalid={errors.numbers ? true : undefined}
                aria-describedby={errors.numbers ? "check-numbers-help check-numbers-error" : "check-numbers-help"}
                className="font-mono"
              />
              <p id="check-numbers-help" className="text-[0.8125rem] text-muted-foreground">
                {t("check.numbersHelp")}
              </p>
              <ErrorList id="check-numbers-error" errors={errors.numbers} />
            </div>
            <div className="grid gap-2 sm:max-w-md">
              <Label htmlFor="check-file">{t("check.file")}</Label>
              <Input
                id="check-file"
                name="file"
                type="file"
                accept=".csv,.txt,text/csv,text/plain"
                aria-invalid={errors.file ? true : undefined}
                aria-describedby={errors.file ? "check-file-help check-file-error" : "check-file-help"}
              />
              <p id="check-file-help" className="text-[0.8125rem] text-muted-foreground">
                {t("check.fileHelp")}
              </p>
              <ErrorList id="check-file-error" errors={errors.file} />
            </div>
            <div>
              <Button type="submit" disabled={busy}>
                {t("check.submit")}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>

      {check && (
        <section aria-labelledby="check-results" className="space-y-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <h2 id="check-results" className="font-semibold text-xl">
                {t("check.resultsHeading")}
              </h2>
              <p className="text-muted-foreground" role="status">
                {t("check.summary", { portable: portable.length, total: check.results.length })}
              </p>
            </div>
            <div className="flex flex-wrap gap-3">
              {loaderData.canPort && portable.length > 0 && (
                <Link
                  to={`/tools/porting/order/new?${new URLSearchParams({ numbers: portable.map((result) => result.e164).join(",") })}`}
                  className={buttonVariants()}
                >
                  <PhoneIncoming aria-hidden="true" />
                  {t("check.startOrder")}
                </Link>
              )}
              {check.results.length > 0 && (
                <a href={csvHref(check.results)} download="portability-check.csv" className={buttonVariants({ variant: "outline" })}>
                  <Download aria-hidden="true" />
                  {t("check.downloadCsv")}
                </a>
              )}
            </div>
          </div>
          {check.results.length > 0 && portable.length === 0 && <p className="text-muted-foreground">{t("check.noPortable")}</p>}

          {check.groups.map((group) => {
            const rows = check.results.filter((result) => result.losing_carrier === group.losing_carrier && result.spid === group.spid);
            const name = group.losing_carrier ?? t("check.unknownCarrier");
            return (
              <Card key={`${group.losing_carrier}|${group.spid}`} className="gap-0 py-0">
                <CardHeader className="py-4">
                  <h3 className="font-medium text-lg leading-snug">
                    {name}
                    {group.spid && <span className="ms-2 font-normal text-muted-foreground text-sm">SPID {group.spid}</span>}
                  </h3>
                  <CardDescription>{t("check.groupCount", { total: group.total, portable: group.portable })}</CardDescription>
                </CardHeader>
                <div className="overflow-x-auto">
                  <table className="w-full text-sm">
                    <thead className="border-y bg-muted/40 text-start">
                      <tr>
                        {(["number", "result", "reason", "spid", "ocn", "rateCenter", "lata", "state", "type"] as const).map((column) => (
                          <th key={column} scope="col" className="px-4 py-2 text-start font-medium">
                            {t(`check.columns.${column}`)}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map((result) => {
                        const state = outcome(result);
                        return (
                          <tr key={result.e164} className="border-b last:border-b-0" data-number={result.e164}>
                            <th scope="row" className="whitespace-nowrap px-4 py-2 text-start font-normal">
                              <bdi dir="ltr">{formatNanp(result.e164)}</bdi>
                            </th>
                            <td className="px-4 py-2">
                              <Badge variant={state === "not_portable" ? "destructive" : state === "fast_portable" ? "success" : "info"}>
                                {t(`check.outcomes.${state}`)}
                              </Badge>
                            </td>
                            <td className="px-4 py-2">{result.reason ? translateError(t, `porting:${result.reason}`) : ""}</td>
                            <td className="px-4 py-2">{result.spid}</td>
                            <td className="px-4 py-2">{result.ocn}</td>
                            <td className="px-4 py-2">{result.rate_center}</td>
                            <td className="px-4 py-2">{result.lata}</td>
                            <td className="px-4 py-2">{result.state}</td>
                            <td className="px-4 py-2">{result.type ? t(`types.${result.type}`) : ""}</td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              </Card>
            );
          })}

          {check.rejected.length > 0 && (
            <Card className="gap-0 py-0">
              <CardHeader className="py-4">
                <h3 className="font-medium text-lg leading-snug">{t("check.rejectedHeading")}</h3>
                <CardDescription>{t("check.rejectedHelp")}</CardDescription>
              </CardHeader>
              <table className="w-full text-sm">
                <thead className="border-y bg-muted/40">
                  <tr>
                    <th scope="col" className="px-4 py-2 text-start font-medium">
                      {t("check.columns.input")}
                    </th>
                    <th scope="col" className="px-4 py-2 text-start font-medium">
                      {t("check.columns.reason")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {check.rejected.map((entry, index) => (
                    // The same text can be rejected twice (a duplicate of a duplicate): the position keys it.
                    // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity beyond their position
                    <tr key={index} className="border-b last:border-b-0">
                      <td className="px-4 py-2">
                        <bdi dir="ltr">{entry.input}</bdi>
                      </td>
                      <td className="px-4 py-2">{t(`unparseable.${entry.reason}`)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Card>
          )}
        </section>
      )}
    </div>
  );
}
