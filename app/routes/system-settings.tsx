import { getFormProps } from "@conform-to/react";
import { useEffect } from "react";
import { data, Form, useNavigation } from "react-router";
import { PageTitle } from "~/components/page-title";
import { LogoUpload } from "~/components/settings/logo-upload";
import { isLogoKind, LOGO_KINDS, type LogoKind, logoFileError } from "~/components/settings/logos";
import { IDLE_MINUTES, PASSWORD_MIN, TWO_FACTOR_POLICIES } from "~/components/settings/system-settings";
import { settingsSchema } from "~/components/settings/system-settings-schema";
import { notify } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { ErrorList, InputField, SelectField, SwitchField } from "~/components/ui/form-field";
import { getEnv } from "~/lib/cloudflare.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { actionFailure, failureErrors, readFormData, submitForm } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { LOCALES } from "~/lib/preferences";
import { forgetPublicSettings } from "~/lib/public-settings.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import { translateError, useMessageStrings } from "~/lib/validation-message";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/system-settings";

export const handle: StringsHandle = { i18n: ["settings", "validation"] };

interface SystemSettings {
  portal_name: string;
  default_locale: string;
  registration_enabled: boolean;
  password_min_length: number;
  session_idle_minutes: number;
  /** Who must use a second factor (issue 29); absent from a backend without the setting. */
  two_factor_required?: (typeof TWO_FACTOR_POLICIES)[number];
  links: { client_success: string | null; billing: string | null; feedback: string | null };
  logos: Record<LogoKind, string | null>;
}

export async function loader({ context }: Route.LoaderArgs) {
  const { api } = requireScreen(context, "system-settings");
  return { settings: await api.call<SystemSettings>("/api/system-settings"), constraint: formConstraint(settingsSchema) };
}

interface LogoReply {
  logo: { kind: LogoKind; errors: string[] };
}

/** Three forms post here: the settings (`intent=save`), a logo upload and a logo removal. */
export async function action({ request, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "system-settings");
  const secret = getEnv(context).SESSION_SECRET;
  const t = getInstance(context).t;
  const formData = await readFormData(request);
  const intent = formData.get("intent");

  if (intent === "upload-logo" || intent === "delete-logo") {
    const kind = formData.get("kind");
    if (!isLogoKind(kind)) throw data(null, { status: 400, statusText: "Bad request" });
    const file = formData.get("file");
    const invalid = intent === "upload-logo" ? logoFileError(file) : null;
    if (invalid) return data<LogoReply>({ logo: { kind, errors: [invalid] } }, { status: 400 });
    try {
      if (intent === "upload-logo") {
        const upstream = new FormData();
        upstream.append("file", file as File, (file as File).name);
        await api.call(`/api/system-settings/logos/${kind}`, { method: "POST", body: upstream });
      } else {
        await api.call(`/api/system-settings/logos/${kind}`, { method: "DELETE" });
      }
    } catch (error) {
      const failure = actionFailure(error, "logo");
      return data<LogoReply>({ logo: { kind, errors: Object.values(failureErrors(failure)).flat() } }, { status: failure.status });
    }
    forgetPublicSettings();
    const message = intent === "upload-logo" ? t("settings:toasts.logoUploaded") : t("settings:toasts.logoRemoved");
    return redirectWithToast("/system-settings", { type: "success", message }, secret);
  }

  return submitForm(request, context, {
    formData,
    schema: settingsSchema,
    label: "system settings",
    toasts: ["settings.toasts.failed"],
    call: (value) =>
      api.call("/api/system-settings", {
        method: "PUT",
        json: {
          portal_name: value.portal_name,
          default_locale: value.default_locale,
          registration_enabled: !!value.registration_enabled,
          password_min_length: value.password_min_length,
          session_idle_minutes: value.session_idle_minutes,
          ...(value.two_factor_required ? { two_factor_required: value.two_factor_required } : {}),
          links: {
            client_success: value.links?.client_success || null,
            billing: value.links?.billing || null,
            feedback: value.links?.feedback || null,
          },
        },
      }),
    success: () => {
      // The portal name, links and sign-up switch show on the very next page.
      forgetPublicSettings();
      return { to: "/system-settings", message: t("settings:toasts.saved") };
    },
  });
}

export default function SystemSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["settings", "common"]);
  const navigation = useNavigation();
  const { settings } = loaderData;
  const formReply = actionData && "result" in actionData ? actionData : undefined;
  const logoReply = actionData && "logo" in actionData ? actionData.logo : undefined;
  const [form, fields] = useSchemaForm({
    id: "system-settings",
    constraint: loaderData.constraint,
    schema: () => import("~/components/settings/system-settings-schema").then((module) => module.settingsSchema),
    lastResult: formReply?.result,
    defaultValue: {
      portal_name: settings.portal_name,
      default_locale: settings.default_locale,
      registration_enabled: settings.registration_enabled,
      password_min_length: String(settings.password_min_length),
      session_idle_minutes: String(settings.session_idle_minutes),
      two_factor_required: settings.two_factor_required,
      links: {
        client_success: settings.links.client_success ?? "",
        billing: settings.links.billing ?? "",
        feedback: settings.links.feedback ?? "",
      },
    },
  });
  const links = fields.links.getFieldset();

  useMessageStrings([...(formReply?.toasts ?? []), ...(logoReply?.errors ?? [])]);
  useEffect(() => {
    for (const message of formReply?.toasts ?? []) notify({ type: "error", message: translateError(t, message) });
    for (const message of logoReply?.errors ?? []) notify({ type: "error", message: translateError(t, message) });
  }, [formReply, logoReply, t]);

  return (
    <div className="space-y-6">
      <PageTitle title={t("title")} />
      <div>
        <h1 className="font-semibold text-2xl">{t("title")}</h1>
        <p className="text-muted-foreground">{t("description")}</p>
      </div>

      <Form method="post" {...getFormProps(form)} className="space-y-6">
        <input type="hidden" name="intent" value="save" />
        <ErrorList errors={form.errors} id={form.errorId} />
        <Card>
          <CardHeader>
            <CardTitle>{t("general.title")}</CardTitle>
            <CardDescription>{t("general.description")}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5 md:grid-cols-2">
            <InputField field={fields.portal_name} label={t("general.portalName")} description={t("general.portalNameHint")} />
            <SelectField
              field={fields.default_locale}
              label={t("general.defaultLanguage")}
              description={t("general.defaultLanguageHint")}
              options={LOCALES.map((locale) => ({ value: locale, label: t(`common:languages.${locale}`) }))}
            />
            <SwitchField
              field={fields.registration_enabled}
              label={t("general.registration")}
              description={t("general.registrationHint")}
              className="md:col-span-2"
            />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("security.title")}</CardTitle>
            <CardDescription>{t("security.description")}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5 md:grid-cols-2">
            <InputField
              field={fields.password_min_length}
              label={t("security.passwordMinLength")}
              description={t("security.passwordMinLengthHint", PASSWORD_MIN)}
              type="number"
              inputMode="numeric"
            />
            <InputField
              field={fields.session_idle_minutes}
              label={t("security.sessionIdle")}
              description={t("security.sessionIdleHint", IDLE_MINUTES)}
              type="number"
              inputMode="numeric"
            />
            {settings.two_factor_required !== undefined && (
              <SelectField
                field={fields.two_factor_required}
                label={t("security.twoFactorRequired")}
                description={t("security.twoFactorRequiredHint")}
                options={TWO_FACTOR_POLICIES.map((policy) => ({ value: policy, label: t(`security.twoFactorPolicies.${policy}`) }))}
              />
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t("links.title")}</CardTitle>
            <CardDescription>{t("links.description")}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5 md:grid-cols-2">
            <InputField field={links.client_success} label={t("links.clientSuccess")} type="url" placeholder="https://" dir="ltr" />
            <InputField field={links.billing} label={t("links.billing")} type="url" placeholder="https://" dir="ltr" />
            <InputField field={links.feedback} label={t("links.feedback")} type="url" placeholder="https://" dir="ltr" />
          </CardContent>
          <CardFooter className="justify-end">
            <Button type="submit" disabled={navigation.state === "submitting" && navigation.formData?.get("intent") === "save"}>
              {t("save")}
            </Button>
          </CardFooter>
        </Card>
      </Form>

      <Card>
        <CardHeader>
          <CardTitle>{t("logos.title")}</CardTitle>
          <CardDescription>{t("logos.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 lg:grid-cols-3">
          {LOGO_KINDS.map((kind) => (
            <LogoUpload
              key={kind}
              kind={kind}
              url={settings.logos[kind]}
              errors={logoReply?.kind === kind ? logoReply.errors : undefined}
            />
          ))}
        </CardContent>
      </Card>
    </div>
  );
}
