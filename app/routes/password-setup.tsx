import { getFormProps } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import { setupSchema } from "~/components/auth/password-setup-schema";
import { PageTitle } from "~/components/page-title";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ErrorList, InputField } from "~/components/ui/form-field";
import { getEnv } from "~/lib/cloudflare.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { type FormReply, parseForm, replyWithErrors, upstreamFieldErrors } from "~/lib/forms.server";
import { requireGuest } from "~/lib/guest.server";
import { useTranslation } from "~/lib/i18n";
import { getPublicSettings } from "~/lib/public-settings.server";
import { getClient } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/password-setup";

export const handle: StringsHandle = { i18n: ["auth", "passwords", "validation"] };

/** Create a password from the link of the invitation or forgot-password e-mail (guests only). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireGuest(context);
  const url = new URL(request.url);
  const settings = await getPublicSettings(context);
  return {
    token: url.searchParams.get("token") ?? "",
    email: url.searchParams.get("email") ?? "",
    minLength: settings.password_min_length,
    constraint: formConstraint(setupSchema(settings.password_min_length)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireGuest(context);
  const settings = await getPublicSettings(context);
  const { submission } = await parseForm(request, setupSchema(settings.password_min_length));
  const hideFields = ["password", "password_confirmation"];
  if (submission.status !== "success") return data<FormReply>({ result: submission.reply({ hideFields }) }, { status: 400 });
  try {
    await getClient(context).call("/reset-password", { method: "POST", json: submission.value, on401: "throw" });
  } catch (error) {
    const errors = upstreamFieldErrors(error);
    if (errors) {
      // A bad token is reported on `email` by Laravel; show it above the form, where it makes sense.
      const { email, token, ...rest } = errors;
      const formErrors = [...(errors[""] ?? []), ...(email ?? []), ...(token ?? [])];
      return replyWithErrors(submission, { ...rest, "": formErrors }, { status: 422, hideFields });
    }
    console.error("password setup", error);
    return replyWithErrors(submission, { "": ["auth.login.unexpected"] }, { status: 502, hideFields });
  }
  const t = getInstance(context).t;
  return redirectWithToast("/login", { type: "success", message: t("auth:passwordSetup.done") }, getEnv(context).SESSION_SECRET);
}

export default function PasswordSetup({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const { minLength } = loaderData;
  const [form, fields] = useSchemaForm({
    id: "password-setup",
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    schema: () => import("~/components/auth/password-setup-schema").then((module) => module.setupSchema(minLength)),
  });
  const validLink = loaderData.token && loaderData.email;
  return (
    <>
      <PageTitle title={t("passwordSetup.title")} />
      <h1 className="mb-1 font-semibold text-2xl">{t("passwordSetup.heading")}</h1>
      {validLink ? (
        <>
          <p className="mb-6 text-muted-foreground">{t("passwordSetup.subheading", { email: loaderData.email })}</p>
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            <input type="hidden" name="token" value={loaderData.token} />
            <input type="hidden" name="email" value={loaderData.email} />
            <ErrorList errors={form.errors} id={form.errorId} />
            <InputField field={fields.password} label={t("passwordSetup.password")} type="password" autoComplete="new-password" autoFocus />
            <InputField
              field={fields.password_confirmation}
              label={t("passwordSetup.passwordConfirmation")}
              type="password"
              autoComplete="new-password"
            />
            <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
              {t("passwordSetup.submit")}
            </Button>
          </Form>
        </>
      ) : (
        <Alert variant="destructive" className="my-4">
          <AlertDescription>{t("passwordSetup.invalidLink")}</AlertDescription>
        </Alert>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={validLink ? "/login" : "/forgot-password"} className="text-primary hover:underline">
          {validLink ? t("forgot.backToLogin") : t("passwordSetup.requestNew")}
        </Link>
      </p>
    </>
  );
}
