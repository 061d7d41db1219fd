import { data } from "react-router";
import { useFormErrorToast } from "~/components/admin/form-toast";
import { PageHeader } from "~/components/admin/page-header";
import { EDITABLE_STATUSES, orderDefaults, type PortingOrder } from "~/components/tools/porting-order";
import { PortingOrderForm } from "~/components/tools/porting-order-form";
import { portingOrderSchema } from "~/components/tools/porting-order-schema";
import { loadRecord, recordId } from "~/lib/admin/upstream.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { useTranslation } from "~/lib/i18n";
import { requireScreen } from "~/lib/sanctum/context.server";
import { saveOrder } from "~/lib/tools/porting-order.server";
import { translateError } from "~/lib/validation-message";
import type { StringsHandle } from "~/locales/types";
import type { Route } from "./+types/tools.porting.order.edit";

export const handle: StringsHandle = { i18n: ["porting", "admin", "e911", "validation"] };

/** A draft, or an order the carrier sent back (exception), corrected in the same form as a new one. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "porting-order-edit");
  const order = await loadRecord<PortingOrder>(api, "/api/porting/orders/:id", params.id);
  if (!EDITABLE_STATUSES.includes(order.status)) throw data(null, { status: 409, statusText: "porting.order.not_editable" });
  return { order, constraint: formConstraint(portingOrderSchema) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "porting-order-edit");
  return saveOrder(request, context, api, recordId(params.id));
}

export default function EditPortingOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("porting");
  const { order } = loaderData;
  useFormErrorToast(actionData);
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("order.editTitle", { id: order.id })}
        description={order.exception_reason ? translateError(t, `porting:${order.exception_reason}`) : t("order.editDescription")}
        backTo={`/tools/porting/order/${order.id}`}
      />
      <PortingOrderForm
        defaultValue={orderDefaults(order)}
        lastResult={actionData?.result}
        constraint={loaderData.constraint}
        numberCheck={actionData && "numberCheck" in actionData ? actionData.numberCheck : null}
        cancelTo={`/tools/porting/order/${order.id}`}
        pinSet={order.pin_set}
        orderId={order.id}
      />
    </div>
  );
}
