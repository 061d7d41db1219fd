import type { output } from "zod/v4/core";
import { PageTitle } from "~/components/page-title";
import { themeSchema } from "~/components/profile/schemas";
import { ProfileTabForm } from "~/components/profile/tab-form";
import { PrimaryColorField, ThemeField } from "~/components/settings/appearance-fields";
import { SwitchField } from "~/components/ui/form-field";
import { formConstraint } from "~/lib/form-constraint.server";
import { submitForm } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { DEFAULT_PRIMARY_COLOR } from "~/lib/preferences";
import { savedPreferenceCookies } from "~/lib/preferences.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/profile.preferences";

export const handle: StringsHandle = { i18n: ["profile", "validation"] };

/** What the backend stores: the chosen or custom colour, in capitals. */
function savedTheme({ theme, theme_primary_color, custom_color, theme_semi_dark_menu }: output<typeof themeSchema>) {
  return {
    theme,
    theme_primary_color: (theme_primary_color === "custom" ? (custom_color ?? "") : theme_primary_color).toUpperCase(),
    theme_semi_dark_menu: !!theme_semi_dark_menu,
  };
}

export function loader({ context }: Route.LoaderArgs) {
  const { user } = requireScreen(context, "profile-preferences");
  return {
    preferences: {
      theme: user.theme ?? "system",
      theme_primary_color: (user.theme_primary_color ?? DEFAULT_PRIMARY_COLOR).toUpperCase(),
      theme_semi_dark_menu: user.theme_semi_dark_menu ? "on" : undefined,
    },
    constraint: formConstraint(themeSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "profile-preferences");
  const t = getInstance(context).getFixedT(null, "profile");
  return submitForm(request, context, {
    schema: themeSchema,
    label: "profile preferences",
    toasts: ["profile.toasts.failed"],
    call: (value) => api.call("/api/user/preferences", { method: "PUT", json: savedTheme(value) }),
    // The cookies make the change visible at once, also where the profile is not read (guest pages).
    success: (value) => ({
      to: "/profile/preferences",
      message: t("toasts.preferencesSaved"),
      headers: savedPreferenceCookies(request, value),
    }),
  });
}

export default function ProfilePreferences({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["profile", "common"]);
  const [form, fields] = useSchemaForm({
    id: "profile-preferences",
    lastResult: actionData?.result,
    defaultValue: loaderData.preferences,
    constraint: loaderData.constraint,
    schema: () => import("~/components/profile/schemas").then((module) => module.themeSchema),
  });
  return (
    <>
      <PageTitle title={`${t("tabs.preferences")} · ${t("title")}`} />
      <ProfileTabForm
        form={form}
        action="/profile/preferences"
        title={t("preferences.title")}
        description={t("preferences.description")}
        submitLabel={t("common:save")}
        reply={actionData}
        contentClassName="gap-6"
      >
        <ThemeField field={fields.theme} />
        <PrimaryColorField field={fields.theme_primary_color} customField={fields.custom_color} />
        <SwitchField field={fields.theme_semi_dark_menu} label={t("preferences.semiDark")} description={t("preferences.semiDarkHint")} />
      </ProfileTabForm>
    </>
  );
}
