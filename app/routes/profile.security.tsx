import { data } from "react-router";
import { PageTitle } from "~/components/page-title";
import { passwordSchema } from "~/components/profile/schemas";
import { type SessionRow, SessionsCard } from "~/components/profile/sessions-card";
import { ProfileTabForm } from "~/components/profile/tab-form";
import { TwoFactorCard, type TwoFactorReply, type TwoFactorView } from "~/components/profile/two-factor-card";
import { InputField } from "~/components/ui/form-field";
import { getEnv } from "~/lib/cloudflare.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { parseWithZod } from "~/lib/form-parse";
import { readFormData, saveFailure, submitForm } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { getPublicSettings } from "~/lib/public-settings.server";
import type { SanctumClient } from "~/lib/sanctum/client.server";
import { getMasquerade, optionalCall, requireScreen, UpstreamError } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { TWO_FACTOR_INTENTS, type TwoFactorIntent, twoFactorSchema } from "~/lib/two-factor";
import { useSchemaForm } from "~/lib/use-schema-form";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/profile.security";

export const handle: StringsHandle = { i18n: ["profile", "auth", "validation"] };

/**
 * The second factor as Fortify describes it: confirmed (the user's `two_factor_enabled`), or a secret waiting
 * for its confirmation (the QR code answers `{svg}`), or off (`[]`). Null when the backend has no such routes.
 */
async function loadTwoFactor(api: SanctumClient, enabled: boolean | undefined, required: boolean): Promise<TwoFactorView | null> {
  const [qr, status] = await Promise.all([
    enabled ? null : optionalCall("two-factor qr code", api.call<{ svg?: string } | unknown[]>("/user/two-factor-qr-code"), undefined),
    optionalCall("password status", api.call<{ confirmed?: boolean }>("/user/confirmed-password-status"), { confirmed: false }),
  ]);
  if (qr === undefined) return null;
  const svg = qr && !Array.isArray(qr) && typeof qr.svg === "string" ? qr.svg : null;
  const secret = svg
    ? await optionalCall("two-factor secret", api.call<{ secretKey?: string }>("/user/two-factor-secret-key"), { secretKey: undefined })
    : null;
  const passwordConfirmed = status.confirmed === true;
  return {
    state: enabled ? "on" : svg ? "pending" : "off",
    qrImage: svg ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` : null,
    secretKey: secret?.secretKey ?? null,
    passwordConfirmed,
    required,
    constraint: Object.fromEntries(
      TWO_FACTOR_INTENTS.map((intent) => [intent, formConstraint(twoFactorSchema(intent, !passwordConfirmed))]),
    ) as TwoFactorView["constraint"],
  };
}

export async function loader({ context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "profile-security");
  const masquerading = getMasquerade(context)?.isMasqueraded === true;
  const [settings, twoFactor, sessions] = await Promise.all([
    getPublicSettings(context),
    masquerading ? null : loadTwoFactor(api, user.two_factor_enabled, user.two_factor_required === true),
    // A backend without the list (Laravel without it) shows none; a masquerade never sees the target's.
    masquerading ? null : optionalCall("sessions", api.call<{ data: SessionRow[] }>("/api/user/sessions"), null),
  ]);
  const minLength = settings.password_min_length;
  return { minLength, constraint: formConstraint(passwordSchema(minLength)), twoFactor, masquerading, sessions: sessions?.data ?? null };
}

const isTwoFactorIntent = (value: unknown): value is TwoFactorIntent => TWO_FACTOR_INTENTS.includes(value as TwoFactorIntent);

/** The answer of a call that may carry the recovery codes (the bundled backend), else Fortify's GET of them. */
async function recoveryCodes(api: SanctumClient, answer: { recovery_codes?: string[] } | null): Promise<string[]> {
  if (Array.isArray(answer?.recovery_codes)) return answer.recovery_codes;
  return api.call<string[]>("/user/two-factor-recovery-codes");
}

/** One of the second factor's forms: confirm the password if given, then Fortify's call for the intent. */
async function twoFactorAction(context: Route.ActionArgs["context"], api: SanctumClient, formData: FormData, intent: TwoFactorIntent) {
  const submission = parseWithZod(formData, { schema: twoFactorSchema(intent, false) });
  const hideFields = ["password", "code"];
  if (submission.status !== "success") {
    return data<TwoFactorReply>({ intent, result: submission.reply({ hideFields }) }, { status: 400 });
  }
  const t = getInstance(context).getFixedT(null, "profile");
  const { password, code } = submission.value;
  const done = (message: string) => redirectWithToast("/profile/security", { type: "success", message }, getEnv(context).SESSION_SECRET);
  try {
    if (password) await api.call("/user/confirm-password", { method: "POST", json: { password } });
    switch (intent) {
      case "enable":
        await api.call("/user/two-factor-authentication", { method: "POST" });
        return done(t("twoFactor.toasts.enabling"));
      case "cancel":
      case "disable":
        await api.call("/user/two-factor-authentication", { method: "DELETE" });
        return done(intent === "cancel" ? t("twoFactor.toasts.cancelled") : t("twoFactor.toasts.disabled"));
      case "confirm": {
        const answer = await api.call<{ recovery_codes?: string[] } | null>("/user/confirmed-two-factor-authentication", {
          method: "POST",
          json: { code: code?.replace(/\s/g, "") ?? "" },
        });
        const codes = await recoveryCodes(api, answer);
        return data<TwoFactorReply>({ intent, result: submission.reply({ resetForm: true }), recoveryCodes: codes });
      }
      case "recovery-codes": {
        const answer = await api.call<{ recovery_codes?: string[] } | null>("/user/two-factor-recovery-codes", { method: "POST" });
        const codes = await recoveryCodes(api, answer);
        return data<TwoFactorReply>({ intent, result: submission.reply({ resetForm: true }), recoveryCodes: codes });
      }
    }
  } catch (error) {
    // 423: the password confirmation ran out meanwhile; the form asks for it again.
    const failure =
      error instanceof UpstreamError && error.status === 423
        ? { errors: { password: ["profile.twoFactor.passwordNeeded"] }, status: 423 }
        : saveFailure(error, `two-factor ${intent}`);
    const { "": formErrors, ...fieldErrors } = failure.errors;
    return data<TwoFactorReply>(
      { intent, result: submission.reply({ formErrors, fieldErrors, hideFields }), toasts: ["profile.toasts.failed"] },
      { status: failure.status },
    );
  }
}

/** "End" on one session, or "End all other sessions": a toast says what happened. */
async function sessionsAction(context: Route.ActionArgs["context"], api: SanctumClient, formData: FormData) {
  const t = getInstance(context).getFixedT(null, "profile");
  const secret = getEnv(context).SESSION_SECRET;
  const id = formData.get("id");
  try {
    if (formData.get("intent") === "end-session") {
      if (typeof id !== "string" || !/^[0-9a-f]{32}$/.test(id)) throw data(null, { status: 400, statusText: "Bad Request" });
      await api.call(`/api/user/sessions/${id}`, { method: "DELETE" });
      return redirectWithToast("/profile/security", { type: "success", message: t("sessions.toasts.ended") }, secret);
    }
    const answer = await api.call<{ ended?: number }>("/api/user/sessions", { method: "DELETE" });
    const message = t("sessions.toasts.endedOthers", { count: answer?.ended ?? 0 });
    return redirectWithToast("/profile/security", { type: "success", message }, secret);
  } catch (error) {
    const { errors } = saveFailure(error, "end sessions");
    const first = errors[""]?.[0] ?? Object.values(errors).flat()[0] ?? "";
    const message = first.startsWith("profile.") ? t(first.slice("profile.".length) as "sessions.current") : t("toasts.failed");
    return redirectWithToast("/profile/security", { type: "error", message }, secret);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "profile-security");
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (isTwoFactorIntent(intent)) return twoFactorAction(context, api, formData, intent);
  if (intent === "end-session" || intent === "end-other-sessions") return sessionsAction(context, api, formData);
  const settings = await getPublicSettings(context);
  const t = getInstance(context).getFixedT(null, "profile");
  return submitForm(request, context, {
    formData,
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
  const { minLength, twoFactor, masquerading, sessions } = loaderData;
  const twoFactorReply = actionData && "intent" in actionData ? (actionData as TwoFactorReply) : undefined;
  const passwordReply = twoFactorReply ? undefined : actionData;
  const [form, fields] = useSchemaForm({
    id: "profile-security",
    lastResult: passwordReply?.result,
    constraint: loaderData.constraint,
    schema: () => import("~/components/profile/schemas").then((module) => module.passwordSchema(minLength)),
  });
  return (
    <>
      <PageTitle title={`${t("tabs.security")} · ${t("title")}`} />
      <div className="grid gap-6">
        <ProfileTabForm
          form={form}
          action="/profile/security"
          title={t("security.title")}
          description={t("security.description", { min: minLength })}
          submitLabel={t("security.submit")}
          reply={passwordReply}
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
        <TwoFactorCard view={twoFactor} masquerading={masquerading} reply={twoFactorReply} />
        {sessions && <SessionsCard sessions={sessions} />}
      </div>
    </>
  );
}
