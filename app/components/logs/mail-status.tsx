import { Badge } from "~/components/ui/badge";
import { useTranslation } from "~/lib/i18n";
import type { MailStatus } from "./types";

const VARIANTS = { queued: "info", sent: "success", failed: "destructive", not_sent: "warning" } as const;

export function MailStatusBadge({ status }: { status: MailStatus }) {
  const { t } = useTranslation("logs");
  return (
    <Badge variant={VARIANTS[status] ?? "secondary"} data-status={status}>
      {t(`mail.statuses.${status}`, { defaultValue: status })}
    </Badge>
  );
}
