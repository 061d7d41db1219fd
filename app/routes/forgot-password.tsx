import { getFormProps } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import { forgotPasswordSchema } from "~/components/auth/schemas";
import { PageTitle } from "~/components/page-title";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ErrorList, InputField } from "~/components/ui/form-field";
import { formConstraint } from "~/lib/form-constraint.server";
import { type FormReply, parseForm, replyWithErrors, upstreamFieldErrors } from "~/lib/forms.server";
import { requireGuest } from "~/lib/guest.server";
import { useTranslation } from "~/lib/i18n";
import { getClient } from "~/lib/sanctum/context.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import type { StringsHandle } from "~/locales/types";
import type { Route } from "./+types/forgot-password";

export const handle: StringsHandle = { i18n: ["auth", "validation"] };

export async function loader({ context }: Route.LoaderArgs) {
  await requireGuest(context);
  return { constraint: formConstraint(forgotPasswordSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireGuest(context);
  const { submission } = await parseForm(request, forgotPasswordSchema);
  if (submission.status !== "success") return data<FormReply & { sent?: boolean }>({ result: submission.reply() }, { status: 400 });
  try {
    await getClient(context).call("/forgot-password", { method: "POST", json: submission.value, on401: "throw" });
    // The answer never reveals whether the address has an account.
    return data<FormReply & { sent?: boolean }>({ result: submission.reply({ resetForm: true }), sent: true });
  } catch (error) {
    const errors = upstreamFieldErrors(error);
    if (errors) return replyWithErrors(submission, errors, { status: 422 });
    console.error("forgot password", error);
    return replyWithErrors(submission, { "": ["auth.login.unexpected"] }, { status: 502 });
  }
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const [form, fields] = useSchemaForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    constraint: loaderData.constraint,
    schema: () => import("~/components/auth/schemas").then((module) => module.forgotPasswordSchema),
  });
  const sent = actionData && "sent" in actionData && actionData.sent;
  return (
    <>
      <PageTitle title={t("forgot.title")} />
      <h1 className="mb-1 font-semibold text-2xl">{t("forgot.heading")}</h1>
      <p className="mb-6 text-muted-foreground">{t("forgot.subheading")}</p>
      {sent && (
        <Alert className="mb-4" data-testid="forgot-sent">
          <AlertDescription>{t("forgot.sent")}</AlertDescription>
        </Alert>
      )}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <ErrorList errors={form.errors} id={form.errorId} />
        <InputField field={fields.email} label={t("forgot.email")} type="email" autoComplete="email" autoFocus />
        <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
          {t("forgot.submit")}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="text-primary hover:underline">
          {t("forgot.backToLogin")}
        </Link>
      </p>
    </>
  );
}
