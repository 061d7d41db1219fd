import { Form, Link, useNavigation } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { ExternalLink } from "~/components/icons";
import { DetailList } from "~/components/logs/detail-list";
import { formatNanp } from "~/components/tools/format";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { ErrorList } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { actionFailure, CARRIER_FAILED, failureMessage } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { dateTimeFormat } from "~/lib/intl";
import { can, requireScreen } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import type { Route } from "./+types/tools.vendor.did-lookup";

export const handle: StringsHandle = { i18n: ["lookup", "porting", "admin", "validation"] };

type PhoneNumberType = "local" | "toll_free" | "mobile";
type LineType = "landline" | "wireless" | "voip" | "toll_free";
type InventoryStatus = "available" | "reserved" | "in_service" | "porting_in" | "disconnected";

interface NumberLookup {
  e164: string;
  holding_vendor: string | null;
  carrier: string | null;
  spid: string | null;
  ocn: string | null;
  lrn: string | null;
  rate_center: string | null;
  lata: string | null;
  state: string | null;
  city: string | null;
  type: PhoneNumberType | null;
  line_type: LineType | null;
  ported: boolean;
  ported_at: string | null;
  /** The caller name (CNAM); absent from a backend that does not give it. */
  cnam?: string | null;
  inventory: { id: number; organization_id: number | null; organization_name: string | null; status: InventoryStatus } | null;
}

/**
 * Vendor DID lookup: a GET form, so a result is a shareable URL (`?number=…`). The number is read on the
 * backend (any formatting); a carrier failure is a message on the page, never an error page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "did-lookup");
  const number = (new URL(request.url).searchParams.get("number") ?? "").slice(0, 40);
  const canOpenNumbers = can(user, "tools.phone_numbers.read");
  if (!number.trim()) return { number, result: null, errors: [] as string[], canOpenNumbers };
  try {
    const result = await api.call<NumberLookup>("/api/numbers/lookup", { query: { number } });
    return { number, result, errors: [] as string[], canOpenNumbers };
  } catch (error) {
    const failure = actionFailure(error, "did lookup", CARRIER_FAILED);
    // The backend itself throttling or down is the page's "too many requests" / "service unavailable".
    if (failure.status === 429 || failure.status === 503) throw error;
    return { number, result: null, errors: failure.fields.number ?? [failureMessage(failure, CARRIER_FAILED)], canOpenNumbers };
  }
}

export default function DidLookup({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation("lookup");
  const { number, result, errors, canOpenNumbers } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname.startsWith("/tools/vendor/did-lookup");
  const unknown = <span className="text-muted-foreground">{t("result.unknown")}</span>;
  const text = (value: string | null) => (value ? <span dir="ltr">{value}</span> : unknown);
  const invalid = errors.length > 0;

  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("description")} />
      <Card>
        <CardContent>
          <Form method="get" className="flex flex-wrap items-end gap-3" aria-busy={busy}>
            <div className="grid min-w-64 flex-1 gap-2 sm:max-w-sm">
              <Label htmlFor="lookup-number">{t("form.number")}</Label>
              <Input
                id="lookup-number"
                name="number"
                type="tel"
                dir="ltr"
                autoComplete="off"
                defaultValue={number}
                key={number}
                required
                maxLength={40}
                aria-invalid={invalid || undefined}
                aria-describedby={invalid ? "lookup-number-help lookup-number-error" : "lookup-number-help"}
              />
              <p id="lookup-number-help" className="text-[0.8125rem] text-muted-foreground">
                {t("form.numberHelp")}
              </p>
              <ErrorList id="lookup-number-error" errors={errors} />
            </div>
            <Button type="submit" disabled={busy} className="mb-6">
              {t("form.submit")}
            </Button>
          </Form>
        </CardContent>
      </Card>

      {result && (
        <Card>
          <CardHeader>
            <CardTitle className="flex flex-wrap gap-2">
              <span>{t("result.heading")}</span>
              <bdi dir="ltr">{formatNanp(result.e164)}</bdi>
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-6">
            <DetailList
              items={[
                { label: t("result.holdingVendor"), value: text(result.holding_vendor) },
                { label: t("result.carrier"), value: text(result.carrier) },
                { label: t("result.spid"), value: text(result.spid) },
                { label: t("result.ocn"), value: text(result.ocn) },
                { label: t("result.lrn"), value: result.lrn ? <span dir="ltr">{formatNanp(result.lrn)}</span> : unknown },
                { label: t("result.rateCenter"), value: text(result.rate_center) },
                { label: t("result.lata"), value: text(result.lata) },
                { label: t("result.state"), value: text(result.state) },
                { label: t("result.city"), value: text(result.city) },
                { label: t("result.type"), value: result.type ? t(`types.${result.type}`) : unknown },
                { label: t("result.lineType"), value: result.line_type ? t(`lineTypes.${result.line_type}`) : unknown },
                { label: t("result.cnam"), value: text(result.cnam ?? null) },
                {
                  label: t("result.ported"),
                  value:
                    result.ported && result.ported_at ? (
                      <time dateTime={result.ported_at}>
                        {t("result.portedOn", {
                          date: dateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(
                            new Date(`${result.ported_at}T00:00:00Z`),
                          ),
                        })}
                      </time>
                    ) : (
                      t("result.notPorted")
                    ),
                },
              ]}
            />
            {result.inventory ? (
              <Alert>
                <AlertDescription className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  {t("result.inInventory", {
                    organization: result.inventory.organization_name ?? t("result.provider"),
                    status: t(`statuses.${result.inventory.status}`),
                  })}
                  {canOpenNumbers && (
                    <Link
                      to={`/tools/numbers?search=${encodeURIComponent(result.e164.slice(1))}`}
                      className="inline-flex items-center gap-1 text-primary-text underline"
                    >
                      {t("result.openInInventory")}
                      <ExternalLink aria-hidden="true" className="size-3.5" />
                    </Link>
                  )}
                </AlertDescription>
              </Alert>
            ) : (
              <p className="text-muted-foreground text-sm">{t("result.notInInventory")}</p>
            )}
          </CardContent>
        </Card>
      )}
    </div>
  );
}
