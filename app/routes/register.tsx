import { getFormProps } from "@conform-to/react";
import { data, Form, Link, redirect, useNavigation, useRouteLoaderData } from "react-router";
import { registerSchema } from "~/components/auth/schemas";
import { PageTitle } from "~/components/page-title";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ErrorList, InputField } from "~/components/ui/form-field";
import { formConstraint } from "~/lib/form-constraint.server";
import { type FormReply, parseForm, replyWithErrors, upstreamFieldErrors } from "~/lib/forms.server";
import { requireGuest } from "~/lib/guest.server";
import { useTranslation } from "~/lib/i18n";
import { savedPreferenceCookies } from "~/lib/preferences.server";
import { getPublicSettings } from "~/lib/public-settings.server";
import { getClient, getSession } from "~/lib/sanctum/context.server";
import type { CurrentUser } from "~/lib/types";
import { useSchemaForm } from "~/lib/use-schema-form";
import type { StringsHandle } from "~/locales/types";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/register";

export const handle: StringsHandle = { i18n: ["auth", "validation"] };

export async function loader({ context }: Route.LoaderArgs) {
  await requireGuest(context);
  const settings = await getPublicSettings(context);
  const minLength = settings.password_min_length;
  return { enabled: settings.registration_enabled, minLength, constraint: formConstraint(registerSchema(minLength)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const settings = await getPublicSettings(context);
  const { submission } = await parseForm(request, registerSchema(settings.password_min_length));
  const hideFields = ["password", "password_confirmation"];
  if (submission.status !== "success") return data<FormReply>({ result: submission.reply({ hideFields }) }, { status: 400 });
  if (!settings.registration_enabled) return replyWithErrors(submission, { "": ["auth.register.disabled"] }, { status: 403, hideFields });
  const session = getSession(context);
  const api = getClient(context);
  session.regenerate();
  try {
    await api.csrfCookie();
    await api.call("/register", { method: "POST", json: submission.value, on401: "throw" });
    const user = await api.call<CurrentUser>("/api/user", { on401: "throw" });
    session.markChanged();
    return redirect("/dashboard", { headers: savedPreferenceCookies(request, user) });
  } catch (error) {
    const errors = upstreamFieldErrors(error);
    if (errors) return replyWithErrors(submission, errors, { status: 422, hideFields });
    console.error("register", error);
    return replyWithErrors(submission, { "": ["auth.login.unexpected"] }, { status: 502, hideFields });
  }
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const { minLength } = loaderData;
  const [form, fields] = useSchemaForm({
    id: "register",
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    schema: () => import("~/components/auth/schemas").then((module) => module.registerSchema(minLength)),
  });
  const appName = useRouteLoaderData<typeof rootLoader>("root")?.appName;
  return (
    <>
      <PageTitle title={t("register.title")} />
      <h1 className="mb-1 font-semibold text-2xl">{t("register.heading")}</h1>
      <p className="mb-6 text-muted-foreground">{t("register.subheading", { appName })}</p>
      {loaderData.enabled ? (
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <ErrorList errors={form.errors} id={form.errorId} />
          <InputField field={fields.name} label={t("register.name")} autoComplete="name" />
          <InputField field={fields.organization_name} label={t("register.organizationName")} autoComplete="organization" />
          <InputField field={fields.email} label={t("register.email")} type="email" autoComplete="email" />
          <InputField field={fields.password} label={t("register.password")} type="password" autoComplete="new-password" />
          <InputField
            field={fields.password_confirmation}
            label={t("register.passwordConfirmation")}
            type="password"
            autoComplete="new-password"
          />
          <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
            {t("register.submit")}
          </Button>
        </Form>
      ) : (
        <Alert>
          <AlertDescription>{t("register.disabled")}</AlertDescription>
        </Alert>
      )}
      <p className="mt-6 text-center text-sm">
        {t("register.haveAccount")}{" "}
        <Link to="/login" className="text-primary underline underline-offset-4">
          {t("register.signIn")}
        </Link>
      </p>
    </>
  );
}
