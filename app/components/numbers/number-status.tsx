import { Badge } from "~/components/ui/badge";
import { useTranslation } from "~/lib/i18n";
import type { PhoneNumberStatus } from "./types";

const STATUS_VARIANTS: Record<PhoneNumberStatus, "success" | "info" | "warning" | "secondary" | "default"> = {
  available: "info",
  reserved: "warning",
  in_service: "success",
  porting_in: "default",
  disconnected: "secondary",
};

/** A number's status, the same in the list, on its page and in the palette. */
export function NumberStatusBadge({ status }: { status: PhoneNumberStatus }) {
  const { t } = useTranslation("numbers");
  return <Badge variant={STATUS_VARIANTS[status]}>{t(`statuses.${status}`)}</Badge>;
}
