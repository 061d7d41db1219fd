import { getFormProps } from "@conform-to/react";
import { useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { notify } from "~/components/toasts";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ErrorList, InputField } from "~/components/ui/form-field";
import type { FormReply } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import type { TwoFactorIntent } from "~/lib/two-factor";
import { type FormConstraint, useSchemaForm } from "~/lib/use-schema-form";
import { translateError, useMessageStrings } from "~/lib/validation-message";

/** What the Security tab's loader knows of the second factor (null: the backend offers none, or masquerading). */
export interface TwoFactorView {
  state: "off" | "pending" | "on";
  /** The QR code (a data: URL of the backend's SVG) and the key to type, while enrolling. */
  qrImage: string | null;
  secretKey: string | null;
  /** The password was confirmed within the backend's window: the forms need not ask for it. */
  passwordConfirmed: boolean;
  required: boolean;
  /** Each intent's form's `formConstraint` (with the password when it is needed). */
  constraint: Record<TwoFactorIntent, FormConstraint>;
}

export type TwoFactorReply = FormReply & { intent: TwoFactorIntent; recoveryCodes?: string[] };

/** One small form of the card: its own Conform form, the password when the backend needs it again, a button. */
function IntentForm({
  intent,
  needsPassword,
  constraint,
  reply,
  withCode,
  submitLabel,
  variant,
}: {
  intent: TwoFactorIntent;
  needsPassword: boolean;
  constraint: FormConstraint;
  reply: TwoFactorReply | undefined;
  withCode?: boolean;
  submitLabel: string;
  variant?: "default" | "outline" | "destructive";
}) {
  const { t } = useTranslation("profile");
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm({
    id: `two-factor-${intent}`,
    lastResult: reply?.intent === intent ? reply.result : undefined,
    constraint,
    schema: () => import("~/lib/two-factor").then((module) => module.twoFactorSchema(intent, needsPassword)),
  });
  return (
    <Form method="post" action="/profile/security" {...getFormProps(form)} className="grid max-w-md gap-4">
      <input type="hidden" name="intent" value={intent} />
      <ErrorList errors={form.errors} id={form.errorId} />
      {withCode && (
        <InputField
          field={fields.code}
          label={t("twoFactor.code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{3}\s?\d{3}"
        />
      )}
      {needsPassword && (
        <InputField
          field={fields.password}
          label={t("twoFactor.password")}
          description={t("twoFactor.passwordHint")}
          type="password"
          autoComplete="current-password"
        />
      )}
      <div>
        <Button type="submit" variant={variant} disabled={navigation.state === "submitting"}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}

export function TwoFactorCard({
  view,
  masquerading,
  reply,
}: {
  view: TwoFactorView | null;
  masquerading: boolean;
  reply: TwoFactorReply | undefined;
}) {
  const { t } = useTranslation("profile");
  useMessageStrings(reply?.toasts);
  useEffect(() => {
    for (const message of reply?.toasts ?? []) notify({ type: "error", message: translateError(t, message) });
  }, [reply, t]);
  if (!view && !masquerading) return null;
  const codes = reply?.recoveryCodes;
  // Codes just made mean the factor is on, whatever the user this request started with said.
  if (view && codes && codes.length > 0) view = { ...view, state: "on", qrImage: null, secretKey: null };
  const needsPassword = !view?.passwordConfirmed;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("twoFactor.title")}</CardTitle>
        <CardDescription>{t("twoFactor.description")}</CardDescription>
        {view && (
          <CardAction>
            <Badge variant={view.state === "on" ? "default" : "secondary"} data-testid="two-factor-state">
              {view.state === "on" ? t("twoFactor.on") : t("twoFactor.off")}
            </Badge>
          </CardAction>
        )}
      </CardHeader>
      <CardContent className="grid gap-6">
        {masquerading && <p className="text-muted-foreground">{t("twoFactor.masquerading")}</p>}
        {view?.required && view.state !== "on" && (
          <Alert variant="destructive" data-testid="two-factor-required">
            <AlertDescription>{t("twoFactor.required")}</AlertDescription>
          </Alert>
        )}
        {codes && codes.length > 0 && (
          <Alert data-testid="recovery-codes">
            <AlertTitle>{t("twoFactor.codesTitle")}</AlertTitle>
            <AlertDescription>
              <p>{t("twoFactor.codesText")}</p>
              <ol className="mt-2 grid grid-cols-1 gap-1 font-mono sm:grid-cols-2" dir="ltr">
                {codes.map((code) => (
                  <li key={code}>{code}</li>
                ))}
              </ol>
            </AlertDescription>
          </Alert>
        )}
        {view?.state === "off" && (
          <>
            <p>{t("twoFactor.offText")}</p>
            <IntentForm
              intent="enable"
              needsPassword={needsPassword}
              constraint={view.constraint.enable}
              reply={reply}
              submitLabel={t("twoFactor.enable")}
            />
          </>
        )}
        {view?.state === "pending" && (
          <>
            <div className="grid gap-3">
              <p>{t("twoFactor.scan")}</p>
              {view.qrImage && (
                <img
                  src={view.qrImage}
                  alt={t("twoFactor.qrAlt")}
                  width={192}
                  height={192}
                  className="rounded-md border bg-white p-2"
                  data-testid="two-factor-qr"
                />
              )}
              {view.secretKey && (
                <p>
                  {t("twoFactor.key")}{" "}
                  <code className="break-all font-mono" dir="ltr" data-testid="two-factor-key">
                    {view.secretKey}
                  </code>
                </p>
              )}
            </div>
            <div className="grid gap-3">
              <p>{t("twoFactor.confirmStep")}</p>
              <IntentForm
                intent="confirm"
                needsPassword={needsPassword}
                constraint={view.constraint.confirm}
                reply={reply}
                withCode
                submitLabel={t("twoFactor.confirm")}
              />
            </div>
            <IntentForm
              intent="cancel"
              needsPassword={needsPassword}
              constraint={view.constraint.cancel}
              reply={reply}
              submitLabel={t("twoFactor.cancel")}
              variant="outline"
            />
          </>
        )}
        {view?.state === "on" && (
          <>
            <p>{t("twoFactor.onText")}</p>
            <IntentForm
              intent="recovery-codes"
              needsPassword={needsPassword}
              constraint={view.constraint["recovery-codes"]}
              reply={reply}
              submitLabel={t("twoFactor.regenerate")}
              variant="outline"
            />
            {view.required ? (
              <p className="text-muted-foreground text-sm">{t("twoFactor.requiredCannotDisable")}</p>
            ) : (
              <IntentForm
                intent="disable"
                needsPassword={needsPassword}
                constraint={view.constraint.disable}
                reply={reply}
                submitLabel={t("twoFactor.disable")}
                variant="destructive"
              />
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
