import { formatDateTime } from "~/components/admin/format";
import { Badge } from "~/components/ui/badge";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useTranslation } from "~/lib/i18n";
import { describeUserAgent } from "~/lib/user-agent";

/** `GET /api/user/sessions` rows. */
export interface SessionRow {
  id: string;
  user_agent: string | null;
  ip: string | null;
  city: string | null;
  country: string | null;
  last_active: string;
  current: boolean;
  masquerading: boolean;
}

function countryName(locale: string, code: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The user's sessions: device, approximate place, last activity; end one, or all but this one. */
export function SessionsCard({ sessions }: { sessions: SessionRow[] }) {
  const { t, language } = useTranslation("profile");
  const locale = language;
  const others = sessions.filter((session) => !session.current);
  const deviceOf = (session: SessionRow) => {
    const device = describeUserAgent(session.user_agent);
    if (!device) return t("sessions.unknownDevice");
    if (device.browser && device.os) return t("sessions.deviceOn", { browser: device.browser, os: device.os });
    return device.browser ?? device.os ?? t("sessions.unknownDevice");
  };
  const placeOf = (session: SessionRow) => {
    const parts = [session.city, session.country ? countryName(locale, session.country) : null].filter(Boolean);
    return parts.length > 0 ? parts.join(", ") : t("sessions.unknownPlace");
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("sessions.title")}</CardTitle>
        <CardDescription>{t("sessions.description")}</CardDescription>
        {others.length > 0 && (
          <CardAction>
            <ConfirmDialog
              title={t("sessions.endOthersTitle")}
              description={t("sessions.endOthersDescription")}
              confirmLabel={t("sessions.endOthers")}
              destructive
              fields={{ intent: "end-other-sessions" }}
              triggerProps={{ variant: "outline" }}
            >
              {t("sessions.endOthers")}
            </ConfirmDialog>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label={t("sessions.tableLabel")} data-testid="sessions">
            <thead>
              <tr className="border-b text-start text-muted-foreground">
                <th scope="col" className="py-2 pe-4 text-start font-medium">
                  {t("sessions.device")}
                </th>
                <th scope="col" className="py-2 pe-4 text-start font-medium">
                  {t("sessions.place")}
                </th>
                <th scope="col" className="py-2 pe-4 text-start font-medium">
                  {t("sessions.lastActive")}
                </th>
                <th scope="col" className="py-2 text-end font-medium">
                  <span className="sr-only">{t("sessions.end")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((session) => {
                const device = deviceOf(session);
                return (
                  <tr key={session.id} className="border-b last:border-0" data-current={session.current || undefined}>
                    <td className="py-2 pe-4">
                      <div className="flex flex-wrap items-center gap-2">
                        <span>{device}</span>
                        {session.current && <Badge>{t("sessions.thisDevice")}</Badge>}
                        {session.masquerading && <Badge variant="secondary">{t("sessions.masquerade")}</Badge>}
                      </div>
                      {session.ip && (
                        <div className="text-muted-foreground text-xs" dir="ltr">
                          {session.ip}
                        </div>
                      )}
                    </td>
                    <td className="py-2 pe-4">{placeOf(session)}</td>
                    <td className="py-2 pe-4">{formatDateTime(locale, session.last_active)}</td>
                    <td className="py-2 text-end">
                      {!session.current && (
                        <ConfirmDialog
                          title={t("sessions.endTitle")}
                          description={t("sessions.endDescription", { device })}
                          confirmLabel={t("sessions.end")}
                          destructive
                          fields={{ intent: "end-session", id: session.id }}
                          triggerProps={{ variant: "outline", size: "sm", "aria-label": t("sessions.endLabel", { device }) }}
                        >
                          {t("sessions.end")}
                        </ConfirmDialog>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {others.length === 0 && <p className="mt-3 text-muted-foreground text-sm">{t("sessions.none")}</p>}
      </CardContent>
    </Card>
  );
}
