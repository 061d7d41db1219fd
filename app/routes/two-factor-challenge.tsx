import { getFormProps } from "@conform-to/react";
import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { codeSchema, recoverySchema } from "~/components/auth/schemas";
import { PageTitle } from "~/components/page-title";
import { notify } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { ErrorList, InputField } from "~/components/ui/form-field";
import { formConstraint } from "~/lib/form-constraint.server";
import { type FormReply, parseForm, replyWithErrors } from "~/lib/forms.server";
import { requireGuest } from "~/lib/guest.server";
import { useTranslation } from "~/lib/i18n";
import { UpstreamError, UpstreamThrottled, UpstreamUnavailable } from "~/lib/sanctum/client.server";
import { getClient, getSession } from "~/lib/sanctum/context.server";
import { finishSignIn } from "~/lib/sign-in.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import { translateError, useMessageStrings } from "~/lib/validation-message";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/two-factor-challenge";

export const handle: StringsHandle = { i18n: ["auth", "validation"] };

/**
 * The second sign-in step (Fortify's POST /two-factor-challenge), after /login answered that one is needed.
 * One field at a time: the authenticator's code, or (?recovery=1, a plain link) a recovery code; it works
 * without JavaScript like the sign-in form.
 */
export async function loader({ context }: Route.LoaderArgs) {
  // No portal session: nobody passed the password step in this browser.
  if (getSession(context).isNew) throw redirect("/login");
  await requireGuest(context);
  return { constraint: { code: formConstraint(codeSchema), recovery: formConstraint(recoverySchema) } };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (getSession(context).isNew) throw redirect("/login");
  const recovery = new URL(request.url).searchParams.get("recovery") === "1";
  const { submission } = await parseForm(request, recovery ? recoverySchema : codeSchema);
  const hideFields = ["code", "recovery_code"];
  if (submission.status !== "success") return data<FormReply>({ result: submission.reply({ hideFields }) }, { status: 400 });
  const value = submission.value as { code?: string; recovery_code?: string; redirectTo?: string };
  const { code, recovery_code } = value;
  const field = recovery ? "recovery_code" : "code";
  const t = getInstance(context).t;
  const session = getSession(context);
  try {
    await getClient(context).call("/two-factor-challenge", {
      method: "POST",
      json: recovery ? { recovery_code } : { code: code?.replace(/\s/g, "") },
      on401: "throw",
    });
    // Signed in now: the portal session id changes too (the same record under a new id, fixation defence).
    session.rotate();
    return await finishSignIn(request, context, value.redirectTo);
  } catch (error) {
    if (error instanceof UpstreamThrottled) {
      const message = t("auth:login.throttled", { seconds: error.retryAfter });
      return replyWithErrors(submission, { [field]: [message] }, { status: 429, hideFields });
    }
    if (error instanceof UpstreamError && !(error instanceof UpstreamUnavailable) && error.status === 422 && error.body.errors) {
      const messages = Object.values(error.body.errors).flat();
      return replyWithErrors(submission, { [field]: messages }, { status: 422, toasts: messages, hideFields });
    }
    console.error("two-factor challenge", error);
    const message = error instanceof UpstreamUnavailable ? "errors.upstream.formUnavailable" : "auth.login.unexpected";
    return replyWithErrors(submission, { "": [message] }, { status: 502, toasts: [message], hideFields });
  }
}

export default function TwoFactorChallenge({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["auth", "common"]);
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const recovery = searchParams.get("recovery") === "1";
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const [form, fields] = useSchemaForm({
    id: recovery ? "two-factor-recovery" : "two-factor-code",
    lastResult: actionData?.result,
    constraint: recovery ? loaderData.constraint.recovery : loaderData.constraint.code,
    schema: () => import("~/components/auth/schemas").then((module) => (recovery ? module.recoverySchema : module.codeSchema)),
    // Quiet until sent: leaving the field for "Use a recovery code instead" must not move that link.
    shouldValidate: "onSubmit",
  });
  useMessageStrings(actionData?.toasts);
  useEffect(() => {
    for (const message of actionData?.toasts ?? []) notify({ type: "error", message: translateError(t, message) });
  }, [actionData, t]);
  const other = new URLSearchParams(redirectTo ? { redirectTo } : {});
  if (!recovery) other.set("recovery", "1");
  const expired = form.allErrors && Object.values(form.allErrors).flat().includes("auth.two_factor_expired");
  return (
    <>
      <PageTitle title={t("twoFactor.title")} />
      <h1 className="mb-1 font-semibold text-2xl">{t("twoFactor.heading")}</h1>
      <p className="mb-6 text-muted-foreground">{recovery ? t("twoFactor.recoveryHint") : t("twoFactor.codeHint")}</p>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <ErrorList errors={form.errors} id={form.errorId} />
        {recovery ? (
          <InputField field={fields.recovery_code} label={t("twoFactor.recoveryCode")} autoComplete="off" autoFocus spellCheck={false} />
        ) : (
          <InputField
            field={fields.code}
            label={t("twoFactor.code")}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{3}\s?\d{3}"
            autoFocus
          />
        )}
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          {t("twoFactor.submit")}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to={`?${other.toString()}`} className="text-primary underline underline-offset-4">
          {recovery ? t("twoFactor.useCode") : t("twoFactor.useRecovery")}
        </Link>
      </p>
      <p className="mt-2 text-center text-sm">
        <Link to="/login" className={expired ? "font-medium text-primary underline" : "text-primary hover:underline"}>
          {t("twoFactor.backToLogin")}
        </Link>
      </p>
    </>
  );
}
