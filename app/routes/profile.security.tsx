import { useTranslation } from "react-i18next";
import { PageTitle } from "~/components/page-title";
import { ProfileTabForm } from "~/components/profile/tab-form";
import { InputField } from "~/components/ui/form-field";
import { submitForm } from "~/lib/forms.server";
import { newPasswordSchema } from "~/lib/new-password";
import { getPublicSettings } from "~/lib/public-settings.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import { validationMessage } from "~/lib/validation-message";
import { z } from "~/lib/zod";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/profile.security";

export const handle: StringsHandle = { i18n: ["profile"] };

/** The minimum length is a system setting, so the schema is built for it on both sides. */
const passwordSchema = (minLength: number) =>
  newPasswordSchema(minLength, { current_password: z.string({ error: validationMessage("required") }) });

export async function loader({ context }: Route.LoaderArgs) {
  requireScreen(context, "profile-security");
  const settings = await getPublicSettings(context);
  return { minLength: settings.password_min_length };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "profile-security");
  const settings = await getPublicSettings(context);
  const t = getInstance(context).getFixedT(null, "profile");
  return submitForm(request, context, {
    schema: passwordSchema(settings.password_min_length),
    label: "profile password",
    toasts: ["profile.toasts.failed"],
    hideFields: ["current_password", "password", "password_confirmation"],
    call: (value) => api.call("/api/user/password", { method: "PUT", json: value }),
    success: () => ({ to: "/profile/security", message: t("toasts.passwordChanged") }),
  });
}

export default function ProfileSecurity({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("profile");
  const { minLength } = loaderData;
  const schema = passwordSchema(minLength);
  const [form, fields] = useSchemaForm(schema, {
    id: "profile-security",
    lastResult: actionData?.result,
  });
  return (
    <>
      <PageTitle title={`${t("tabs.security")} · ${t("title")}`} />
      <ProfileTabForm
        form={form}
        action="/profile/security"
        title={t("security.title")}
        description={t("security.description", { min: minLength })}
        submitLabel={t("security.submit")}
        reply={actionData}
        contentClassName="md:max-w-xl"
      >
        <InputField field={fields.current_password} label={t("security.current")} type="password" autoComplete="current-password" />
        <InputField
          field={fields.password}
          label={t("security.new")}
          description={t("security.newHint", { min: minLength })}
          type="password"
          autoComplete="new-password"
        />
        <InputField field={fields.password_confirmation} label={t("security.confirmation")} type="password" autoComplete="new-password" />
      </ProfileTabForm>
    </>
  );
}
