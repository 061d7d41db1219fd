import { CircleCheckIcon, CircleXIcon, LoaderCircleIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import type { NumberOrderItemStatus, NumberOrderStatus } from "./types";

/** A number order's status and its numbers' statuses, the same on the confirmation, history and detail pages. */
const ORDER_VARIANTS: Record<NumberOrderStatus, "default" | "info" | "success" | "warning" | "destructive"> = {
  draft: "default",
  submitted: "info",
  completed: "success",
  partially_failed: "warning",
  failed: "destructive",
};
const ITEM_VARIANTS: Record<NumberOrderItemStatus, "default" | "info" | "success" | "destructive"> = {
  reserved: "default",
  pending: "info",
  complete: "success",
  failed: "destructive",
};
const ITEM_ICONS = { reserved: LoaderCircleIcon, pending: LoaderCircleIcon, complete: CircleCheckIcon, failed: CircleXIcon };

export function OrderStatusBadge({ status, testId }: { status: NumberOrderStatus; testId?: string }) {
  const { t } = useTranslation("numbers");
  return (
    <Badge variant={ORDER_VARIANTS[status]} data-testid={testId}>
      {t(`wizard.orderStatuses.${status}`)}
    </Badge>
  );
}

export function OrderItemStatusBadge({ status }: { status: NumberOrderItemStatus }) {
  const { t } = useTranslation("numbers");
  const Icon = ITEM_ICONS[status];
  return (
    <Badge variant={ITEM_VARIANTS[status]}>
      <Icon aria-hidden="true" />
      {t(`wizard.itemStatuses.${status}`)}
    </Badge>
  );
}
