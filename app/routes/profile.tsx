import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { KeyRound, Palette, UserRound } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { PageTitle } from "~/components/page-title";
import { PrimaryColorField, ThemeField } from "~/components/settings/appearance-fields";
import { notify } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { ErrorList, InputField, SelectField, SwitchField } from "~/components/ui/form-field";
import { tabTriggerClasses } from "~/components/ui/tabs";
import { serializeCookie } from "~/lib/cookies";
import { type FormReply, submitForm } from "~/lib/forms.server";
import { cookieName, DEFAULT_PRIMARY_COLOR, isHexColor, LOCALES, PREFERENCE_MAX_AGE, type PreferenceKey } from "~/lib/preferences";
import { getPublicSettings } from "~/lib/public-settings.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import type { CurrentUser } from "~/lib/types";
import { translateError, useMessageStrings, validationMessage } from "~/lib/validation-message";
import { z } from "~/lib/zod";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/profile";

export const handle: StringsHandle = { i18n: ["profile"] };

const TABS = ["account", "security", "preferences"] as const;
type Tab = (typeof TABS)[number];
const TAB_ICONS = { account: UserRound, security: KeyRound, preferences: Palette } as const;
const HEX = /^#[0-9a-fA-F]{6}$/;

export const accountSchema = z.object({
  name: z
    .string({ error: validationMessage("required") })
    .trim()
    .min(1, validationMessage("required"))
    .max(255, validationMessage("too_long", { max: 255 })),
  email: z.email({ error: validationMessage("email") }).max(255, validationMessage("too_long", { max: 255 })),
  locale: z.enum(LOCALES, { error: validationMessage("in") }),
});

export function securitySchema(minLength: number) {
  return z
    .object({
      current_password: z.string({ error: validationMessage("required") }),
      password: z.string({ error: validationMessage("required") }).min(minLength, validationMessage("too_short", { min: minLength })),
      password_confirmation: z.string({ error: validationMessage("required") }),
    })
    .refine((value) => value.password === value.password_confirmation, {
      path: ["password_confirmation"],
      error: validationMessage("confirmed"),
    });
}

export const preferencesSchema = z
  .object({
    theme: z.enum(["light", "dark", "system"], { error: validationMessage("in") }),
    theme_primary_color: z
      .string({ error: validationMessage("required") })
      .refine((value) => value === "custom" || HEX.test(value), validationMessage("color")),
    custom_color: z.string().optional(),
    theme_semi_dark_menu: z.boolean().optional(),
  })
  .refine((value) => value.theme_primary_color !== "custom" || HEX.test(value.custom_color ?? ""), {
    path: ["custom_color"],
    error: validationMessage("color"),
  });

function currentTab(tab: string | undefined): Tab {
  const value = tab ?? "account";
  if (!(TABS as readonly string[]).includes(value)) throw data(null, { status: 404, statusText: "Not found" });
  return value as Tab;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { user } = requireScreen(context, "profile");
  const tab = currentTab(params.tab);
  const settings = await getPublicSettings(context);
  return {
    tab,
    minLength: settings.password_min_length,
    account: { name: user.name, email: user.email, locale: user.locale ?? settings.default_locale },
    preferences: {
      theme: user.theme ?? "system",
      theme_primary_color: (user.theme_primary_color ?? DEFAULT_PRIMARY_COLOR).toUpperCase(),
      theme_semi_dark_menu: !!user.theme_semi_dark_menu,
    },
    roles: user.roles.map((role) => role.name),
    organization: user.organization?.name ?? null,
  };
}

function preferenceCookies(request: Request, values: Partial<Record<PreferenceKey, string>>): Headers {
  const secure = new URL(request.url).protocol === "https:";
  const headers = new Headers();
  for (const [key, value] of Object.entries(values)) {
    headers.append("Set-Cookie", serializeCookie(cookieName(key as PreferenceKey), value, { maxAge: PREFERENCE_MAX_AGE, secure }));
  }
  return headers;
}

/** Each tab posts to its own URL; the tab decides which form was sent. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "profile");
  const tab = currentTab(params.tab);
  const i18n = getInstance(context);
  const toasts = ["profile.toasts.failed"];

  if (tab === "account") {
    return submitForm(request, context, {
      schema: accountSchema,
      label: "profile account",
      toasts,
      call: (value) => api.call<CurrentUser>("/api/user/profile", { method: "PUT", json: value }),
      success: (value, user) => {
        const locale = (LOCALES as readonly string[]).includes(user.locale ?? "") ? (user.locale as string) : value.locale;
        // The confirmation speaks the language just chosen, which the next page uses too.
        const message = i18n.getFixedT(locale, "profile")("toasts.accountSaved");
        return { to: "/profile/account", message, headers: preferenceCookies(request, { language: locale }) };
      },
    });
  }

  if (tab === "security") {
    const settings = await getPublicSettings(context);
    return submitForm(request, context, {
      schema: securitySchema(settings.password_min_length),
      label: "profile password",
      toasts,
      hideFields: ["current_password", "password", "password_confirmation"],
      call: (value) => api.call("/api/user/password", { method: "PUT", json: value }),
      success: () => ({ to: "/profile/security", message: i18n.t("profile:toasts.passwordChanged") }),
    });
  }

  const themeValues = ({ theme, theme_primary_color, custom_color, theme_semi_dark_menu }: z.output<typeof preferencesSchema>) => ({
    theme,
    theme_primary_color: (theme_primary_color === "custom" ? (custom_color ?? "") : theme_primary_color).toUpperCase(),
    theme_semi_dark_menu: !!theme_semi_dark_menu,
  });
  return submitForm(request, context, {
    schema: preferencesSchema,
    label: "profile preferences",
    toasts,
    call: (value) => api.call("/api/user/preferences", { method: "PUT", json: themeValues(value) }),
    success: (value) => {
      const values = themeValues(value);
      // The cookies make the change visible at once, also where the profile is not read (guest pages).
      const headers = preferenceCookies(request, {
        theme: values.theme,
        ...(isHexColor(values.theme_primary_color) ? { "primary-color": values.theme_primary_color } : {}),
        "semi-dark": String(values.theme_semi_dark_menu),
      });
      return { to: "/profile/preferences", message: i18n.t("profile:toasts.preferencesSaved"), headers };
    },
  });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("profile");
  const { tab } = loaderData;
  useMessageStrings(actionData?.toasts);
  useEffect(() => {
    for (const message of actionData?.toasts ?? []) notify({ type: "error", message: translateError(t, message) });
  }, [actionData, t]);

  return (
    <div className="space-y-6">
      <PageTitle title={`${t(`tabs.${tab}`)} · ${t("title")}`} />
      <div>
        <h1 className="font-semibold text-2xl">{t("title")}</h1>
        <p className="text-muted-foreground">
          {[loaderData.organization, ...loaderData.roles].filter(Boolean).join(" · ") || loaderData.account.email}
        </p>
      </div>
      <nav aria-label={t("tabsLabel")}>
        <ul className="flex flex-wrap gap-1">
          {TABS.map((id) => {
            const Icon = TAB_ICONS[id];
            return (
              <li key={id}>
                <Link to={`/profile/${id}`} aria-current={id === tab ? "page" : undefined} className={tabTriggerClasses} preventScrollReset>
                  <Icon aria-hidden="true" />
                  {t(`tabs.${id}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {tab === "account" && <AccountForm loaderData={loaderData} lastResult={actionData?.result} />}
      {tab === "security" && <SecurityForm minLength={loaderData.minLength} lastResult={actionData?.result} />}
      {tab === "preferences" && <PreferencesForm loaderData={loaderData} lastResult={actionData?.result} />}
    </div>
  );
}

type LastResult = FormReply["result"] | undefined;

function SubmitButton({ children }: { children: React.ReactNode }) {
  const navigation = useNavigation();
  return (
    <Button type="submit" disabled={navigation.state === "submitting"}>
      {children}
    </Button>
  );
}

function AccountForm({ loaderData, lastResult }: { loaderData: Route.ComponentProps["loaderData"]; lastResult: LastResult }) {
  const { t } = useTranslation(["profile", "common"]);
  const [form, fields] = useForm({
    id: "profile-account",
    lastResult,
    defaultValue: loaderData.account,
    constraint: getZodConstraint(accountSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: accountSchema }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("account.title")}</CardTitle>
        <CardDescription>{t("account.description")}</CardDescription>
      </CardHeader>
      {/* A new language needs the whole document (the browser holds one language's strings), as in the navbar. */}
      <Form method="post" action="/profile/account" reloadDocument {...getFormProps(form)} className="flex flex-col gap-6">
        <CardContent className="grid gap-5 md:grid-cols-2">
          <ErrorList errors={form.errors} id={form.errorId} className="md:col-span-2" />
          <InputField field={fields.name} label={t("account.name")} autoComplete="name" />
          <InputField field={fields.email} label={t("account.email")} type="email" autoComplete="email" dir="ltr" />
          <SelectField
            field={fields.locale}
            label={t("account.language")}
            description={t("account.languageHint")}
            options={LOCALES.map((locale) => ({ value: locale, label: t(`common:languages.${locale}`) }))}
          />
        </CardContent>
        <CardFooter>
          <SubmitButton>{t("common:save")}</SubmitButton>
        </CardFooter>
      </Form>
    </Card>
  );
}

function SecurityForm({ minLength, lastResult }: { minLength: number; lastResult: LastResult }) {
  const { t } = useTranslation("profile");
  const schema = securitySchema(minLength);
  const [form, fields] = useForm({
    id: "profile-security",
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("security.title")}</CardTitle>
        <CardDescription>{t("security.description", { min: minLength })}</CardDescription>
      </CardHeader>
      <Form method="post" action="/profile/security" {...getFormProps(form)} className="flex flex-col gap-6">
        <CardContent className="grid gap-5 md:max-w-xl">
          <ErrorList errors={form.errors} id={form.errorId} />
          <InputField field={fields.current_password} label={t("security.current")} type="password" autoComplete="current-password" />
          <InputField
            field={fields.password}
            label={t("security.new")}
            description={t("security.newHint", { min: minLength })}
            type="password"
            autoComplete="new-password"
          />
          <InputField field={fields.password_confirmation} label={t("security.confirmation")} type="password" autoComplete="new-password" />
        </CardContent>
        <CardFooter>
          <SubmitButton>{t("security.submit")}</SubmitButton>
        </CardFooter>
      </Form>
    </Card>
  );
}

function PreferencesForm({ loaderData, lastResult }: { loaderData: Route.ComponentProps["loaderData"]; lastResult: LastResult }) {
  const { t } = useTranslation(["profile", "common"]);
  const [form, fields] = useForm({
    id: "profile-preferences",
    lastResult,
    defaultValue: { ...loaderData.preferences, theme_semi_dark_menu: loaderData.preferences.theme_semi_dark_menu ? "on" : undefined },
    constraint: getZodConstraint(preferencesSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: preferencesSchema }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("preferences.title")}</CardTitle>
        <CardDescription>{t("preferences.description")}</CardDescription>
      </CardHeader>
      <Form method="post" action="/profile/preferences" {...getFormProps(form)} className="flex flex-col gap-6">
        <CardContent className="grid gap-6">
          <ErrorList errors={form.errors} id={form.errorId} />
          <ThemeField field={fields.theme} />
          <PrimaryColorField field={fields.theme_primary_color} customField={fields.custom_color} />
          <SwitchField field={fields.theme_semi_dark_menu} label={t("preferences.semiDark")} description={t("preferences.semiDarkHint")} />
        </CardContent>
        <CardFooter>
          <SubmitButton>{t("common:save")}</SubmitButton>
        </CardFooter>
      </Form>
    </Card>
  );
}
