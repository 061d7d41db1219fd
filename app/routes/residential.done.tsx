import { useEffect } from "react";
import { Link, redirect, useRevalidator } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { DetailList } from "~/components/logs/detail-list";
import { phoneFormatter } from "~/components/numbers/format";
import type { ResidentialDraft } from "~/components/residential/types";
import { residentialUrl } from "~/components/residential/wizard";
import { E911StatusBadge } from "~/components/tools/e911-status";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { loadRecord } from "~/lib/admin/upstream.server";
import { useTranslation } from "~/lib/i18n";
import { phoneLabels } from "~/lib/numbers/phone-format.server";
import { can, requireScreen } from "~/lib/sanctum/context.server";
import { cn } from "~/lib/utils";
import type { StringsHandle } from "~/locales/types";
import type { Route } from "./+types/residential.done";

export const handle: StringsHandle = { i18n: ["residential", "numbers", "admin", "e911"] };

/**
 * The finished page: the subscriber, their number, the E911 status and links to each. While the carrier is still
 * completing a new number the submission is under way and the backend's carrier queue finishes it; reading
 * changes nothing (with JavaScript the page reads again every 2 seconds; without it, "Check again" does).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { api, user } = requireScreen(context, "residential-done");
  const draft = await loadRecord<ResidentialDraft>(api, "/api/residential/drafts/:id", params.id);
  if (draft.status === "draft") throw redirect(residentialUrl.step(draft.id, draft.next_step));
  return {
    draft,
    phoneLabels: phoneLabels(draft),
    links: {
      user: can(user, "admin.users.update"),
      numbers: can(user, "tools.phone_numbers.read"),
      e911: can(user, "tools.e911.read"),
      porting: can(user, "tools.phone_numbers.port"),
    },
  };
}

export default function ResidentialDone({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("residential");
  const { t: tn } = useTranslation("numbers");
  const revalidator = useRevalidator();
  const { draft, links } = loaderData;
  const formatPhoneNumber = phoneFormatter(loaderData.phoneLabels);
  const waiting = draft.status === "submitting";
  // biome-ignore lint/correctness/useExhaustiveDependencies: polls while the submission waits, whatever the revalidator object.
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => revalidator.revalidate(), 2000);
    return () => clearInterval(timer);
  }, [waiting]);
  const result = draft.result;
  const number = draft.number;
  const digits = number?.e164.replace(/^\+1/, "") ?? "";

  return (
    <div className="space-y-6">
      <PageHeader
        title={waiting ? t("done.waitingTitle") : t("done.title")}
        description={draft.subscriber.name}
        backTo={residentialUrl.start}
      />
      {waiting ? (
        <Card data-testid="residential-waiting">
          <CardContent className="flex flex-wrap items-center justify-between gap-3">
            <p role="status">{t("done.waiting")}</p>
            <Link to={residentialUrl.step(draft.id, "done")} className={buttonVariants({ variant: "outline" })}>
              {t("done.refresh")}
            </Link>
          </CardContent>
        </Card>
      ) : (
        result && (
          <div className="grid gap-6 md:grid-cols-2" data-testid="residential-done">
            <Card>
              <CardHeader>
                <CardTitle>{t("done.subscriber")}</CardTitle>
              </CardHeader>
              <CardContent className="space-y-3">
                <DetailList
                  items={[
                    { label: t("subscriber.name"), value: draft.subscriber.name },
                    { label: t("subscriber.email"), value: <span dir="ltr">{draft.subscriber.email}</span> },
                    { label: t("review.organization"), value: draft.organization_name },
                  ]}
                />
                <p className="text-muted-foreground text-sm">{t("done.invited", { email: draft.subscriber.email })}</p>
                {links.user && result.user_id && (
                  <Link to={`/users/edit/${result.user_id}`} className="text-primary-text text-sm underline">
                    {t("done.openUser")}
                  </Link>
                )}
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>{t("done.number")}</CardTitle>
              </CardHeader>
              <CardContent className="space-y-3">
                <DetailList
                  items={[
                    {
                      label: t("done.number"),
                      value: (
                        <span dir="ltr" className="font-semibold tabular-nums">
                          {number ? formatPhoneNumber(number.e164) : "—"}
                        </span>
                      ),
                    },
                    {
                      label: tn("columns.status"),
                      value: result.number_status ? (
                        <Badge variant="outline">{tn(`statuses.${result.number_status as "in_service"}`)}</Badge>
                      ) : (
                        "—"
                      ),
                    },
                    { label: t("done.e911"), value: <E911StatusBadge status={result.e911_status as "provisioned" | null} /> },
                  ]}
                />
                <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
                  {links.numbers && (
                    <Link to={`/tools/numbers?search=${digits}`} className="text-primary-text underline">
                      {t("done.openNumber")}
                    </Link>
                  )}
                  {links.e911 && result.phone_number_id && (
                    <Link to={`/tools/e911?search=${digits}`} className="text-primary-text underline">
                      {t("done.openE911")}
                    </Link>
                  )}
                </div>
              </CardContent>
            </Card>
            {result.porting_order_id && (
              <Card className="md:col-span-2">
                <CardHeader>
                  <CardTitle>{t("done.portingOrder")}</CardTitle>
                </CardHeader>
                <CardContent className="space-y-2">
                  <p>{t("done.portingOrderDraft", { id: result.porting_order_id })}</p>
                  {links.porting && (
                    <Link to={`/tools/porting/order/${result.porting_order_id}`} className="text-primary-text text-sm underline">
                      {t("done.openPortingOrder")}
                    </Link>
                  )}
                </CardContent>
              </Card>
            )}
          </div>
        )
      )}
      <Link to={residentialUrl.start} className={cn(buttonVariants({ variant: "secondary" }))}>
        {t("done.another")}
      </Link>
    </div>
  );
}
