import { data, Link } from "react-router";
import { ArrowLeft } from "~/components/icons";
import { DetailList } from "~/components/logs/detail-list";
import { formatDateTime } from "~/components/logs/format";
import { MailRetryButton } from "~/components/logs/mail-retry";
import { MailStatusBadge } from "~/components/logs/mail-status";
import type { MailDetail } from "~/components/logs/types";
import { PageTitle } from "~/components/page-title";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { useTranslation } from "~/lib/i18n";
import { MAIL_RETRY_PERMISSION, retryMailAction } from "~/lib/mail-retry.server";
import { isRecordId } from "~/lib/record-id";
import { can, requireScreen, UpstreamError } from "~/lib/sanctum/context.server";
import type { StringsHandle } from "~/locales/types";
import type { Route } from "./+types/mail-log.detail";

export const handle: StringsHandle = { i18n: ["logs", "smtp"] };

/** One e-mail as it was sent: the HTML body in a sandboxed frame (no scripts, no same origin) and the text. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { api, user } = requireScreen(context, "mail-log-detail");
  if (!isRecordId(params.id)) throw data(null, { status: 404, statusText: "Not found" });
  try {
    return { mail: await api.call<MailDetail>(`/api/mail-log/${params.id}`), canRetry: can(user, MAIL_RETRY_PERMISSION) };
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw data(null, { status: 404, statusText: "Not found" });
    throw error;
  }
}

/** "Retry" (`intent=retry`, `id`): the e-mail is queued again; back to this page with a toast. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (!isRecordId(params.id)) throw data(null, { status: 404, statusText: "Not found" });
  return retryMailAction(request, context, "mail-log-detail", `/mail-log/${params.id}`);
}

export default function MailLogDetail({ loaderData }: Route.ComponentProps) {
  const { t, language } = useTranslation(["logs", "smtp"]);
  const { mail, canRetry } = loaderData;
  const none = <span className="text-muted-foreground">{t("detail.none")}</span>;
  return (
    <div className="space-y-6">
      <PageTitle title={t("mail.detailTitle", { subject: mail.subject })} />
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="font-semibold text-2xl">{mail.subject}</h1>
          <p className="text-muted-foreground" dir="ltr">
            {mail.to}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canRetry && mail.retryable && <MailRetryButton mail={mail} />}
          <Link to="/mail-log" className={buttonVariants({ variant: "outline" })}>
            <ArrowLeft aria-hidden="true" className="rtl:rotate-180" />
            {t("detail.backToMail")}
          </Link>
        </div>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>{t("detail.summary")}</CardTitle>
        </CardHeader>
        <CardContent>
          <DetailList
            items={[
              { label: t("mail.columns.to"), value: <span dir="ltr">{mail.to}</span> },
              { label: t("mail.columns.subject"), value: mail.subject },
              {
                label: t("mail.columns.template"),
                value: t(`mail.templates.${mail.template}` as "mail.templates.invitation", { defaultValue: mail.template }),
              },
              { label: t("mail.columns.status"), value: <MailStatusBadge status={mail.status} /> },
              {
                label: t("mail.columns.error"),
                value: mail.error ? (
                  <span className="text-destructive">
                    {t(`smtp:mailErrors.${mail.error}` as "smtp:mailErrors.failed", { defaultValue: mail.error })}
                  </span>
                ) : (
                  none
                ),
              },
              {
                label: t("smtp:relay"),
                value: mail.relay ? (mail.relay === "platform" ? t("smtp:relayPlatform") : t("smtp:relayOrganization")) : none,
              },
              {
                label: t("smtp:reply"),
                value: mail.smtp_reply ? (
                  <code dir="ltr" className="break-all">
                    {mail.smtp_reply}
                  </code>
                ) : (
                  none
                ),
              },
              { label: t("smtp:attempts"), value: String(mail.attempts) },
              {
                label: t("mail.columns.time"),
                value: <time dateTime={mail.created_at}>{formatDateTime(mail.created_at, language)}</time>,
              },
              {
                label: t("mail.sentAt"),
                value: mail.sent_at ? <time dateTime={mail.sent_at}>{formatDateTime(mail.sent_at, language)}</time> : none,
              },
            ]}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("mail.html")}</CardTitle>
        </CardHeader>
        <CardContent>
          {mail.html ? (
            <iframe
              title={t("mail.htmlFrame", { subject: mail.subject })}
              sandbox=""
              srcDoc={mail.html}
              referrerPolicy="no-referrer"
              className="h-[28rem] w-full rounded-md border bg-white"
            />
          ) : (
            <p className="text-muted-foreground">{t("mail.noHtml")}</p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("mail.text")}</CardTitle>
        </CardHeader>
        <CardContent>
          {mail.text ? (
            <pre className="overflow-x-auto whitespace-pre-wrap rounded-md border bg-muted p-4 font-mono text-sm" dir="auto">
              {mail.text}
            </pre>
          ) : (
            <p className="text-muted-foreground">{t("mail.noText")}</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
