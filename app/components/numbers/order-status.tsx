import { CircleCheck, CircleX, LoaderCircle } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { useTranslation } from "~/lib/i18n";
import { translateError } from "~/lib/validation-message";
import { formatLocation } from "./format";
import { NumberLink } from "./number-link";
import type { NumberOrder, NumberOrderItemStatus, NumberOrderStatus } from "./types";

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
const ITEM_ICONS = { reserved: LoaderCircle, pending: LoaderCircle, complete: CircleCheck, failed: CircleX };

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

const HEAD_CELL = "px-4 py-3 text-start font-semibold";

/** An order's numbers with where they are, their status and why one failed: the confirmation and detail pages. */
export function OrderItemsTable({
  items,
  formatPhoneNumber,
}: {
  items: NumberOrder["items"];
  formatPhoneNumber: (e164: string) => string;
}) {
  const { t } = useTranslation("numbers");
  return (
    <Card className="gap-0 py-0">
      <div className="overflow-x-auto">
        <table className="w-full text-sm" data-testid="order-items">
          <caption className="sr-only">{t("wizard.review.numbers")}</caption>
          <thead className="border-b bg-muted/40 text-xs uppercase tracking-wide">
            <tr>
              <th scope="col" className={HEAD_CELL}>
                {t("wizard.choose.number")}
              </th>
              <th scope="col" className={HEAD_CELL}>
                {t("wizard.choose.location")}
              </th>
              <th scope="col" className={HEAD_CELL}>
                {t("wizard.confirmed.status")}
              </th>
              <th scope="col" className={HEAD_CELL}>
                {t("wizard.confirmed.reason")}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.e164} className="border-b last:border-b-0" data-number={item.e164}>
                <td className="px-4 py-3 font-medium">
                  <NumberLink label={formatPhoneNumber(item.e164)} id={item.phone_number_id} />
                </td>
                <td className="px-4 py-3">{formatLocation(item)}</td>
                <td className="px-4 py-3">
                  <OrderItemStatusBadge status={item.status} />
                </td>
                <td className="px-4 py-3">{item.failure_reason ? translateError(t, `numbers.${item.failure_reason}`) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
