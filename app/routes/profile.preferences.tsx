import { PageTitle } from "~/components/page-title";
import { ProfileTabForm } from "~/components/profile/tab-form";
import { PrimaryColorField, ThemeField } from "~/components/settings/appearance-fields";
import { SwitchField } from "~/components/ui/form-field";
import { submitForm } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { DEFAULT_PRIMARY_COLOR, isHexColor } from "~/lib/preferences";
import { savedPreferenceCookies } from "~/lib/preferences.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import { validationMessage } from "~/lib/validation-message";
import { z } from "~/lib/zod";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/profile.preferences";

export const handle: StringsHandle = { i18n: ["profile"] };

const themeSchema = z
  .object({
    theme: z.enum(["light", "dark", "system"], { error: validationMessage("in") }),
    theme_primary_color: z
      .string({ error: validationMessage("required") })
      .check(z.refine((value) => value === "custom" || isHexColor(value), validationMessage("color"))),
    custom_color: z.optional(z.string()),
    theme_semi_dark_menu: z.optional(z.boolean()),
  })
  .check(
    z.refine((value) => value.theme_primary_color !== "custom" || isHexColor(value.custom_color ?? ""), {
      path: ["custom_color"],
      error: validationMessage("color"),
    }),
  );

/** What the backend stores: the chosen or custom colour, in capitals. */
function savedTheme({ theme, theme_primary_color, custom_color, theme_semi_dark_menu }: z.output<typeof themeSchema>) {
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
  const [form, fields] = useSchemaForm(themeSchema, {
    id: "profile-preferences",
    lastResult: actionData?.result,
    defaultValue: loaderData.preferences,
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
