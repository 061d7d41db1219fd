import { useFormErrorToast } from "~/components/admin/form-toast";
import { PageHeader } from "~/components/admin/page-header";
import { orderDefaults, splitNumbers } from "~/components/tools/porting-order";
import { PortingOrderForm } from "~/components/tools/porting-order-form";
import { portingOrderSchema } from "~/components/tools/porting-order-schema";
import { organizationOptions } from "~/lib/admin/options.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { useTranslation } from "~/lib/i18n";
import { preselectedOrganization } from "~/lib/organization-choice.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import { saveOrder } from "~/lib/tools/porting-order.server";
import type { StringsHandle } from "~/locales/types";
import type { Route } from "./+types/tools.porting.order.new";

export const handle: StringsHandle = { i18n: ["porting", "admin", "e911", "validation"] };

/** `?numbers=` pre-fills the list: the portability check links here with its portable numbers. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "porting-order-new");
  const numbers = (new URL(request.url).searchParams.get("numbers") ?? "").slice(0, 40_000);
  const organizations = user.is_provider ? await organizationOptions(api) : null;
  // Staff choose whose order it is (issue 25): preselected only by the organization filter or a single choice.
  const organizationId = preselectedOrganization(request, user, organizations);
  return { numbers: splitNumbers(numbers).join("\n"), organizations, organizationId, constraint: formConstraint(portingOrderSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, api } = requireScreen(context, "porting-order-new");
  return saveOrder(request, context, api, null, { chooseOrganization: user.is_provider });
}

export default function NewPortingOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("porting");
  useFormErrorToast(actionData);
  return (
    <div className="space-y-6">
      <PageHeader title={t("order.newTitle")} description={t("order.newDescription")} backTo="/tools/porting/order" />
      <PortingOrderForm
        defaultValue={orderDefaults(null, loaderData.numbers, loaderData.organizationId)}
        lastResult={actionData?.result}
        constraint={loaderData.constraint}
        numberCheck={actionData && "numberCheck" in actionData ? actionData.numberCheck : null}
        cancelTo="/tools/porting/order"
        pinSet={false}
        organizations={loaderData.organizations}
      />
    </div>
  );
}
