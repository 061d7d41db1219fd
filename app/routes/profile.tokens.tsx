import { getFormProps } from "@conform-to/react";
import { data, Form, useNavigation } from "react-router";
import { formatDate, formatDateTime } from "~/components/admin/format";
import { translationId } from "~/components/admin/permission-selection";
import { PageTitle } from "~/components/page-title";
import { tokenSchema } from "~/components/profile/schemas";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { NativeCheckbox } from "~/components/ui/checkbox";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { ErrorList, InputField } from "~/components/ui/form-field";
import { Label } from "~/components/ui/label";
import { getEnv } from "~/lib/cloudflare.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { parseWithZod } from "~/lib/form-parse";
import { type FormReply, readFormData, saveFailure } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { getMasquerade, requireScreen } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { useSchemaForm } from "~/lib/use-schema-form";
import { translateError } from "~/lib/validation-message";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/profile.tokens";

export const handle: StringsHandle = { i18n: ["profile", "admin", "validation"] };

/** `GET /api/user/tokens` rows (Sanctum's personal access tokens; never their secrets). */
interface TokenRow {
  id: number;
  name: string;
  abilities: string[];
  last_used_at: string | null;
  expires_at: string | null;
  created_at: string;
}

type CreateReply = FormReply & { created?: { name: string; token: string } };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "profile-tokens");
  const masquerading = getMasquerade(context)?.isMasqueraded === true;
  const tokens = masquerading ? [] : (await api.call<{ data: TokenRow[] }>("/api/user/tokens")).data;
  return {
    tokens,
    masquerading,
    abilities: user.user_permissions as string[],
    origin: new URL(request.url).origin,
    constraint: formConstraint(tokenSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "profile-tokens");
  const t = getInstance(context).getFixedT(null, "profile");
  const formData = await readFormData(request);
  if (formData.get("intent") === "revoke") {
    const id = Number(formData.get("id"));
    if (!Number.isInteger(id) || id <= 0) throw data(null, { status: 400, statusText: "Bad Request" });
    const name = String(formData.get("name") ?? "").slice(0, 100);
    const secret = getEnv(context).SESSION_SECRET;
    try {
      await api.call(`/api/user/tokens/${id}`, { method: "DELETE" });
      return redirectWithToast("/profile/tokens", { type: "success", message: t("tokens.toasts.revoked", { name }) }, secret);
    } catch (error) {
      saveFailure(error, "revoke token");
      return redirectWithToast("/profile/tokens", { type: "error", message: t("toasts.failed") }, secret);
    }
  }
  const submission = parseWithZod(formData, { schema: tokenSchema });
  if (submission.status !== "success") return data<CreateReply>({ result: submission.reply() }, { status: 400 });
  try {
    const answer = await api.call<{ token: TokenRow; plain_text_token: string }>("/api/user/tokens", {
      method: "POST",
      json: { ...submission.value, expires_at: submission.value.expires_at ?? null },
    });
    return data<CreateReply>({
      result: submission.reply({ resetForm: true }),
      created: { name: answer.token.name, token: answer.plain_text_token },
    });
  } catch (error) {
    const { errors, status } = saveFailure(error, "create token");
    const { "": formErrors, ...fieldErrors } = errors;
    return data<CreateReply>({ result: submission.reply({ formErrors, fieldErrors }), toasts: ["profile.toasts.failed"] }, { status });
  }
}

export default function ProfileTokens({ loaderData, actionData }: Route.ComponentProps) {
  const { t, language } = useTranslation(["profile", "admin"]);
  const navigation = useNavigation();
  const { tokens, masquerading, abilities, origin } = loaderData;
  const reply = actionData as CreateReply | undefined;
  const [form, fields] = useSchemaForm({
    id: "token-create",
    lastResult: reply?.result,
    constraint: loaderData.constraint,
    schema: () => import("~/components/profile/schemas").then((module) => module.tokenSchema),
    shouldValidate: "onSubmit",
  });
  const label = (key: string) =>
    t(`admin:permissions.keys.${translationId(key)}` as "admin:permissions.keys", { defaultValue: key }) as string;
  const locale = language;
  if (masquerading) {
    return (
      <>
        <PageTitle title={`${t("tabs.tokens")} · ${t("title")}`} />
        <p className="text-muted-foreground">{t("tokens.masquerading")}</p>
      </>
    );
  }
  const abilityErrors = fields.abilities.errors;
  return (
    <>
      <PageTitle title={`${t("tabs.tokens")} · ${t("title")}`} />
      <div className="grid gap-6">
        {reply?.created && (
          <Alert data-testid="new-token">
            <AlertTitle>{t("tokens.createdTitle", { name: reply.created.name })}</AlertTitle>
            <AlertDescription>
              <p>{t("tokens.createdText")}</p>
              <pre className="mt-2 overflow-x-auto whitespace-pre-wrap break-all rounded-md bg-muted p-3 font-mono text-xs" dir="ltr">
                <code data-testid="new-token-value">{reply.created.token}</code>
              </pre>
              <pre className="mt-2 overflow-x-auto whitespace-pre-wrap break-all rounded-md bg-muted p-3 font-mono text-xs" dir="ltr">
                {`curl -H "Authorization: Bearer ${reply.created.token}" ${origin}/api/user`}
              </pre>
            </AlertDescription>
          </Alert>
        )}
        <Card>
          <CardHeader>
            <CardTitle>{t("tokens.title")}</CardTitle>
            <CardDescription>
              {t("tokens.description")}{" "}
              <a href="/api-docs" className="text-primary underline underline-offset-4">
                {t("tokens.docs")}
              </a>
            </CardDescription>
          </CardHeader>
          <CardContent>
            {tokens.length === 0 ? (
              <p className="text-muted-foreground text-sm">{t("tokens.none")}</p>
            ) : (
              <div className="overflow-x-auto">
                <table className="w-full text-sm" aria-label={t("tokens.tableLabel")} data-testid="tokens">
                  <thead>
                    <tr className="border-b text-muted-foreground">
                      <th scope="col" className="py-2 pe-4 text-start font-medium">
                        {t("tokens.columns.name")}
                      </th>
                      <th scope="col" className="py-2 pe-4 text-start font-medium">
                        {t("tokens.columns.abilities")}
                      </th>
                      <th scope="col" className="py-2 pe-4 text-start font-medium">
                        {t("tokens.columns.lastUsed")}
                      </th>
                      <th scope="col" className="py-2 pe-4 text-start font-medium">
                        {t("tokens.columns.expires")}
                      </th>
                      <th scope="col" className="py-2 text-end font-medium">
                        <span className="sr-only">{t("tokens.revoke")}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {tokens.map((token) => (
                      <tr key={token.id} className="border-b last:border-0">
                        <td className="py-2 pe-4 font-medium">{token.name}</td>
                        <td className="py-2 pe-4">{token.abilities.map(label).join(", ")}</td>
                        <td className="py-2 pe-4">{token.last_used_at ? formatDateTime(locale, token.last_used_at) : t("tokens.never")}</td>
                        <td className="py-2 pe-4">{token.expires_at ? formatDate(locale, token.expires_at) : t("tokens.noExpiry")}</td>
                        <td className="py-2 text-end">
                          <ConfirmDialog
                            title={t("tokens.revokeTitle", { name: token.name })}
                            description={t("tokens.revokeDescription")}
                            confirmLabel={t("tokens.revoke")}
                            destructive
                            fields={{ intent: "revoke", id: token.id, name: token.name }}
                            triggerProps={{ variant: "outline", size: "sm", "aria-label": t("tokens.revokeLabel", { name: token.name }) }}
                          >
                            {t("tokens.revoke")}
                          </ConfirmDialog>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("tokens.create")}</CardTitle>
            <CardDescription>{t("tokens.createDescription")}</CardDescription>
          </CardHeader>
          <CardContent>
            <Form method="post" action="/profile/tokens" {...getFormProps(form)} className="grid max-w-2xl gap-5">
              <ErrorList errors={form.errors} id={form.errorId} />
              <InputField field={fields.name} label={t("tokens.name")} description={t("tokens.nameHint")} autoComplete="off" />
              <fieldset className="grid gap-2" aria-describedby={fields.abilities.errorId}>
                <legend className="mb-1 font-medium text-sm">{t("tokens.abilities")}</legend>
                <p className="text-muted-foreground text-sm">{t("tokens.abilitiesHint")}</p>
                <div className="grid gap-2 sm:grid-cols-2">
                  {abilities.map((key) => (
                    <div key={key} className="flex items-center gap-2">
                      <NativeCheckbox id={`token-ability-${translationId(key)}`} name={fields.abilities.name} value={key} />
                      <Label htmlFor={`token-ability-${translationId(key)}`} className="font-normal">
                        {label(key)} <code className="text-muted-foreground text-xs">{key}</code>
                      </Label>
                    </div>
                  ))}
                </div>
                {abilityErrors && (
                  <p id={fields.abilities.errorId} className="text-destructive text-sm">
                    {abilityErrors.map((message) => translateError(t, message)).join(" ")}
                  </p>
                )}
              </fieldset>
              <InputField field={fields.expires_at} label={t("tokens.expiresAt")} description={t("tokens.expiresAtHint")} type="date" />
              <div>
                <Button type="submit" disabled={navigation.state === "submitting"}>
                  {t("tokens.submit")}
                </Button>
              </div>
            </Form>
          </CardContent>
        </Card>
      </div>
    </>
  );
}
