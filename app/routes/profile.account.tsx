import { PageTitle } from "~/components/page-title";
import { accountSchema } from "~/components/profile/schemas";
import { ProfileTabForm } from "~/components/profile/tab-form";
import { InputField, SelectField } from "~/components/ui/form-field";
import { formConstraint } from "~/lib/form-constraint.server";
import { submitForm } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { isLocale, LOCALES } from "~/lib/preferences";
import { savedPreferenceCookies } from "~/lib/preferences.server";
import { getPublicSettings } from "~/lib/public-settings.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { CurrentUser } from "~/lib/types";
import { useSchemaForm } from "~/lib/use-schema-form";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/profile.account";

export const handle: StringsHandle = { i18n: ["profile", "validation"] };

export async function loader({ context }: Route.LoaderArgs) {
  const { user } = requireScreen(context, "profile-account");
  const settings = await getPublicSettings(context);
  return {
    account: { name: user.name, email: user.email, locale: user.locale ?? settings.default_locale },
    constraint: formConstraint(accountSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "profile-account");
  const i18n = getInstance(context);
  return submitForm(request, context, {
    schema: accountSchema,
    label: "profile account",
    toasts: ["profile.toasts.failed"],
    call: (value) => api.call<CurrentUser>("/api/user/profile", { method: "PUT", json: value }),
    success: (value, user) => {
      const locale = isLocale(user.locale) ? user.locale : value.locale;
      // The confirmation speaks the language just chosen, which the next page uses too.
      const message = i18n.getFixedT(locale, "profile")("toasts.accountSaved");
      return { to: "/profile/account", message, headers: savedPreferenceCookies(request, { locale }) };
    },
  });
}

export default function ProfileAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["profile", "common"]);
  const [form, fields] = useSchemaForm({
    id: "profile-account",
    lastResult: actionData?.result,
    defaultValue: loaderData.account,
    constraint: loaderData.constraint,
    schema: () => import("~/components/profile/schemas").then((module) => module.accountSchema),
  });
  return (
    <>
      <PageTitle title={`${t("tabs.account")} · ${t("title")}`} />
      {/* A new language needs the whole document (the browser holds one language's strings), as in the navbar. */}
      <ProfileTabForm
        form={form}
        action="/profile/account"
        reloadDocument
        title={t("account.title")}
        description={t("account.description")}
        submitLabel={t("common:save")}
        reply={actionData}
        contentClassName="md:grid-cols-2"
      >
        <InputField field={fields.name} label={t("account.name")} autoComplete="name" />
        <InputField field={fields.email} label={t("account.email")} type="email" autoComplete="email" dir="ltr" />
        <SelectField
          field={fields.locale}
          label={t("account.language")}
          description={t("account.languageHint")}
          options={LOCALES.map((locale) => ({ value: locale, label: t(`common:languages.${locale}`) }))}
        />
      </ProfileTabForm>
    </>
  );
}
