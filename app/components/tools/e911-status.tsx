import { Badge } from "~/components/ui/badge";
import { useTranslation } from "~/lib/i18n";
import type { E911Address, E911Entry } from "./e911-address";

export function ValidationBadge({ status }: { status: E911Address["validation_status"] }) {
  const { t } = useTranslation("e911");
  const variant = status === "valid" ? "success" : status === "invalid" ? "destructive" : status === "suggested" ? "warning" : "secondary";
  return <Badge variant={variant}>{t(`validationStatuses.${status}`)}</Badge>;
}

export function E911StatusBadge({ status }: { status: E911Entry["e911_status"] }) {
  const { t } = useTranslation("e911");
  const variant =
    status === "provisioned" ? "success" : status === "failed" ? "destructive" : status === "pending" ? "warning" : "secondary";
  return <Badge variant={variant}>{t(`provisioningStatuses.${status ?? "none"}`)}</Badge>;
}
