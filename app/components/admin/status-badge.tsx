import { Badge } from "~/components/ui/badge";
import { useTranslation } from "~/lib/i18n";
import type { OrganizationStatus, UserStatus } from "./types";

const VARIANTS = { active: "success", disabled: "secondary", suspended: "warning" } as const;

export function StatusBadge({ status }: { status: UserStatus | OrganizationStatus }) {
  const { t } = useTranslation("admin");
  return <Badge variant={VARIANTS[status]}>{t(`statuses.${status}`)}</Badge>;
}
