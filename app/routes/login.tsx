import { useEffect } from "react";
import { data, Form, Link, redirect, useNavigation, useRouteLoaderData, useSearchParams } from "react-router";
import { PageTitle } from "~/components/page-title";
import { notify } from "~/components/toasts";
import { Button } from "~/components/ui/button";
import { CheckboxField, ErrorList, InputField } from "~/components/ui/form-field";
import { getEnv } from "~/lib/cloudflare.server";
import { type FormReply, parseForm, replyWithErrors } from "~/lib/forms.server";
import { requireGuest } from "~/lib/guest.server";
import { useTranslation } from "~/lib/i18n";
import { type FormErrors, usePlainForm } from "~/lib/plain-form";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { UpstreamError, UpstreamThrottled, UpstreamUnavailable } from "~/lib/sanctum/client.server";
import { getClient, getSession } from "~/lib/sanctum/context.server";
import { finishSignIn, type SignInStep, signInFailureHint, upstreamOrigin } from "~/lib/sign-in.server";
import { translateError, useMessageStrings } from "~/lib/validation-message";
import { z } from "~/lib/zod";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/login";

export const handle: StringsHandle = { i18n: ["auth", "validation"] };

const loginSchema = z.object({
  email: z.email({ error: "validation.email" }),
  password: z.string({ error: "validation.required" }),
  remember: z.optional(z.boolean()),
  redirectTo: z.optional(z.string()),
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The browser's check of the sign-in form. It is hand-written so that zod (and Conform's engine) stay out of the
 * lightest page's bundle; the action validates again with `loginSchema`, and the messages are the same keys.
 */
function validateSignIn(formData: FormData): FormErrors {
  const errors: FormErrors = {};
  const email = String(formData.get("email") ?? "").trim();
  if (!email) errors.email = ["validation.required"];
  else if (!EMAIL.test(email)) errors.email = ["validation.email"];
  if (!formData.get("password")) errors.password = ["validation.required"];
  return errors;
}

export async function loader({ context }: Route.LoaderArgs) {
  await requireGuest(context);
  return null;
}

/**
 * The specification's sign-in sequence: GET /sanctum/csrf-cookie, POST /login, GET /api/user.
 * Accepts 200 {"success": true} (the specification), 200 {"two_factor": false} (Fortify), 204 (Breeze).
 * 200 {"two_factor": true} (Fortify) means the password was right and a second step must follow: the upstream
 * session that remembers it is kept, and the user goes to /two-factor-challenge.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await parseForm(request, loginSchema);
  if (submission.status !== "success") return data<FormReply>({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  const { email, password, remember, redirectTo } = submission.value;
  const t = getInstance(context).t;
  const session = getSession(context);
  const api = getClient(context);
  session.regenerate();
  let step: SignInStep = "csrf-cookie";
  try {
    await api.csrfCookie();
    step = "login";
    const answer = await api.call<{ success?: boolean; two_factor?: boolean } | null>("/login", {
      method: "POST",
      json: { email, password, remember: !!remember },
      on401: "throw",
    });
    if (answer && answer.success === false) throw new UpstreamError(400, {});
    if (answer?.two_factor === true) {
      session.markChanged();
      const back = safeRedirectPath(redirectTo, "");
      return redirect(back ? `/two-factor-challenge?redirectTo=${encodeURIComponent(back)}` : "/two-factor-challenge");
    }
    step = "user";
    return await finishSignIn(request, context, redirectTo);
  } catch (error) {
    const hideFields = ["password"];
    if (error instanceof UpstreamError) {
      const hint = signInFailureHint(step, error.status, upstreamOrigin(getEnv(context), request), "XSRF-TOKEN" in session.record.jar);
      if (hint) console.warn(hint);
    }
    if (error instanceof UpstreamError && error.status === 422 && error.body.errors) {
      const messages = Object.values(error.body.errors).flat();
      return replyWithErrors(submission, error.body.errors, { status: 422, toasts: messages, hideFields });
    }
    if (error instanceof UpstreamThrottled) {
      // §8: the toast is the catalogue's "Login failed"; the field says how long to wait.
      const message = t("auth:login.throttled", { seconds: error.retryAfter });
      return replyWithErrors(submission, { email: [message] }, { status: 429, toasts: ["auth.login.failed"], hideFields });
    }
    if (error instanceof UpstreamUnavailable) {
      console.error("login", error);
      const message = "errors.upstream.formUnavailable";
      return replyWithErrors(submission, { "": [message] }, { status: 503, toasts: [message], hideFields });
    }
    if (error instanceof UpstreamError) {
      return replyWithErrors(
        submission,
        { "": ["auth.login.failed"] },
        { status: Math.max(error.status, 400), toasts: ["auth.login.failed"], hideFields },
      );
    }
    // No response at all (network failure, backend down).
    console.error("login", error);
    return replyWithErrors(submission, { "": ["auth.login.unexpected"] }, { status: 502, toasts: ["auth.login.unexpected"], hideFields });
  }
}

export default function Login({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["auth", "common"]);
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const { form, fields } = usePlainForm({
    id: "login",
    lastResult: actionData?.result,
    fields: { email: { required: true }, password: { required: true }, remember: {} },
    validate: validateSignIn,
  });
  // Portal name and registration switch are system settings, already loaded by the root loader.
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const portalName = root?.appName;
  useMessageStrings(actionData?.toasts);
  useEffect(() => {
    for (const message of actionData?.toasts ?? []) notify({ type: "error", message: translateError(t, message) });
  }, [actionData, t]);
  return (
    <>
      <PageTitle title={t("login.title")} />
      <h1 className="mb-1 font-semibold text-2xl">{t("login.heading", { appName: portalName ?? t("common:appName") })}</h1>
      <p className="mb-6 text-muted-foreground">{t("login.subheading")}</p>
      <Form
        method="post"
        id={form.id}
        noValidate={form.noValidate}
        onBlur={form.onBlur}
        onInput={form.onInput}
        onSubmit={form.onSubmit}
        className="space-y-4"
      >
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <ErrorList errors={form.errors} id={form.errorId} />
        <InputField field={fields.email} label={t("login.email")} type="email" autoComplete="username" autoFocus />
        <InputField field={fields.password} label={t("login.password")} type="password" autoComplete="current-password" />
        <div className="flex items-center justify-between gap-2">
          <CheckboxField field={fields.remember} label={t("login.remember")} />
          <Link to="/forgot-password" className="text-primary text-sm hover:underline">
            {t("login.forgot")}
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          {t("login.submit")}
        </Button>
      </Form>
      {root?.settings.registration_enabled && (
        <p className="mt-6 text-center text-sm">
          {t("login.noAccount")}{" "}
          <Link to="/register" className="text-primary underline underline-offset-4">
            {t("login.createAccount")}
          </Link>
        </p>
      )}
    </>
  );
}
