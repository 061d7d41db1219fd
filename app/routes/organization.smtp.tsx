import { getFormProps } from "@conform-to/react";
import { data, Form, useNavigation } from "react-router";
import { useFormErrorToast } from "~/components/admin/form-toast";
import { PageHeader } from "~/components/admin/page-header";
import { smtpSchema } from "~/components/settings/smtp-schema";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { CheckboxField, ErrorList, InputField, SelectField, SwitchField } from "~/components/ui/form-field";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { getEnv } from "~/lib/cloudflare.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { parseWithZod } from "~/lib/form-parse";
import { type FormReply, readFormData, saveFailed } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { organizationFilter } from "~/lib/organization-filter.server";
import { isRecordId } from "~/lib/record-id";
import { requireScreen } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { type FormConstraint, useSchemaForm } from "~/lib/use-schema-form";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import { SMTP_ENCRYPTION_OPTIONS, smtpPortWarning } from "../../common/smtp";
import type { Route } from "./+types/organization.smtp";

export const handle: StringsHandle = { i18n: ["smtp", "admin", "validation"] };

interface SmtpRelay {
  organization_id: number;
  organization_name: string;
  configured: boolean;
  enabled: boolean;
  host: string;
  port: number;
  encryption: (typeof SMTP_ENCRYPTION_OPTIONS)[number];
  auth: boolean;
  username: string | null;
  password_set: boolean;
  from_address: string;
  from_name: string | null;
  reply_to: string | null;
  updated_at: string | null;
}

type Outcome = keyof typeof import("~/locales/en/smtp").default.outcomes;

interface TestResult {
  outcome: Outcome;
  reply: string;
  mail_log_id: number;
}

/** Staff: the organization of the filter, else the one picked on this page (`?organization_id=`). */
function chosenOrganization(request: Request, user: Parameters<typeof organizationFilter>[1]): number | null {
  const picked = new URL(request.url).searchParams.get("organization_id");
  return organizationFilter(request, user) ?? (isRecordId(picked) ? Number(picked) : null);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "organization-smtp");
  const organizationId = user.is_provider ? chosenOrganization(request, user) : null;
  // Not the navbar's optional, kept copy: without the list a provider could not choose, so a failure shows
  // the service-unavailable page.
  const organizations = user.is_provider ? api.call<{ id: number; name: string }[]>("/api/organizations/options") : Promise.resolve([]);
  if (user.is_provider && organizationId === null) return { relay: null, organizations: await organizations };
  // The relay does not depend on the list: both calls at once (issue 27).
  const [options, relay] = await Promise.all([
    organizations,
    api.call<SmtpRelay>("/api/smtp-relay", { query: { organization_id: organizationId ?? undefined } }),
  ]);
  return { relay, organizations: options, constraint: formConstraint(smtpSchema) };
}

type ActionReply = FormReply & { test?: TestResult & { to: string } };

export async function action({ request, context }: Route.ActionArgs) {
  const { api } = requireScreen(context, "organization-smtp");
  const t = getInstance(context).t;
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: smtpSchema });
  if (submission.status !== "success")
    return data<ActionReply>({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  const value = submission.value;
  const body = {
    organization_id: value.organization_id ? Number(value.organization_id) : undefined,
    enabled: !!value.enabled,
    host: value.host,
    port: value.port,
    encryption: value.encryption,
    auth: !!value.auth,
    username: value.username || null,
    password: value.password || undefined,
    clear_password: !!value.clear_password,
    from_address: value.from_address,
    from_name: value.from_name || null,
    reply_to: value.reply_to || null,
    verify_certificate: true,
  };
  try {
    if (value.intent === "test") {
      const test = await api.call<TestResult>("/api/smtp-relay/test", { method: "POST", json: { ...body, to: value.test_to } });
      // The typed values stay in the form (not saved): the page shows the outcome next to them.
      return data<ActionReply>({ result: submission.reply({ hideFields: ["password"] }), test: { ...test, to: value.test_to ?? "" } });
    }
    await api.call("/api/smtp-relay", { method: "PUT", json: body });
  } catch (error) {
    return saveFailed(submission, error, `smtp ${value.intent ?? "save"}`, { hideFields: ["password"] });
  }
  const url = new URL(request.url);
  const back = body.organization_id && url.searchParams.has("organization_id") ? `?organization_id=${body.organization_id}` : "";
  return redirectWithToast(
    `/organization/smtp${back}`,
    { type: "success", message: t("smtp:toasts.saved") },
    getEnv(context).SESSION_SECRET,
  );
}

export default function SmtpRelayPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation(["smtp", "common"]);
  const { relay, organizations } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("title")}
        description={relay ? t("descriptionFor", { organization: relay.organization_name }) : t("description")}
      />
      {organizations.length > 0 && <OrganizationPicker organizations={organizations} selected={relay?.organization_id ?? null} />}
      {relay ? (
        <RelayForm
          key={relay.organization_id}
          relay={relay}
          reply={actionData as ActionReply | undefined}
          constraint={loaderData.constraint}
        />
      ) : (
        <Alert variant="info">
          <AlertDescription>{t("pickOrganization")}</AlertDescription>
        </Alert>
      )}
    </div>
  );
}

/** Staff without an organization filter choose the organization here (a GET form: works without JavaScript). */
function OrganizationPicker({ organizations, selected }: { organizations: { id: number; name: string }[]; selected: number | null }) {
  const { t } = useTranslation("smtp");
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="smtp-organization">{t("organization")}</Label>
        <NativeSelect id="smtp-organization" name="organization_id" defaultValue={selected ? String(selected) : ""} className="min-w-64">
          <option value="">{t("chooseOrganization")}</option>
          {organizations.map((organization) => (
            <option key={organization.id} value={organization.id}>
              {organization.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" variant="outline">
        {t("open")}
      </Button>
    </Form>
  );
}

function RelayForm({ relay, reply, constraint }: { relay: SmtpRelay; reply: ActionReply | undefined; constraint: FormConstraint }) {
  const { t } = useTranslation(["smtp", "common"]);
  const navigation = useNavigation();
  const submittingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  useFormErrorToast(reply);
  const [form, fields] = useSchemaForm({
    id: "smtp-relay",
    constraint,
    schema: () => import("~/components/settings/smtp-schema").then((module) => module.smtpSchema),
    lastResult: reply?.result,
    defaultValue: {
      organization_id: String(relay.organization_id),
      enabled: relay.enabled,
      host: relay.host,
      port: String(relay.port),
      encryption: relay.encryption,
      auth: relay.auth,
      username: relay.username ?? "",
      from_address: relay.from_address,
      from_name: relay.from_name ?? "",
      reply_to: relay.reply_to ?? "",
    },
  });
  const warning = smtpPortWarning(Number(fields.port.value), (fields.encryption.value ?? relay.encryption) as SmtpRelay["encryption"]);
  const test = reply?.test;

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <input type="hidden" name="organization_id" value={relay.organization_id} />
      <ErrorList errors={form.errors} id={form.errorId} />
      <Card>
        <CardHeader>
          <CardTitle>{t("server.title")}</CardTitle>
          <CardDescription>{t("server.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 md:grid-cols-2">
          <SwitchField field={fields.enabled} label={t("fields.enabled")} description={t("fields.enabledHint")} className="md:col-span-2" />
          <InputField field={fields.host} label={t("fields.host")} description={t("fields.hostHint")} dir="ltr" autoComplete="off" />
          <InputField field={fields.port} label={t("fields.port")} type="number" inputMode="numeric" min={1} max={65535} dir="ltr" />
          <SelectField
            field={fields.encryption}
            label={t("fields.encryption")}
            options={SMTP_ENCRYPTION_OPTIONS.map((value) => ({ value, label: t(`encryption.${value}`) }))}
          />
          {warning && (
            <Alert variant="warning" className="md:col-span-2" data-testid="port-warning">
              <AlertDescription>{t(warning)}</AlertDescription>
            </Alert>
          )}
          <div className="flex flex-col gap-1.5 md:col-span-2">
            <div className="flex items-center gap-2.5">
              <input
                id="smtp-verify-certificate"
                type="checkbox"
                checked
                disabled
                aria-describedby="smtp-verify-certificate-hint"
                className="size-4"
                readOnly
              />
              <Label htmlFor="smtp-verify-certificate" className="font-normal text-sm">
                {t("fields.verifyCertificate")}
              </Label>
            </div>
            <p id="smtp-verify-certificate-hint" className="text-[0.8125rem] text-muted-foreground">
              {t("fields.verifyCertificateHint")}
            </p>
          </div>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("auth.title")}</CardTitle>
          <CardDescription>{t("auth.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 md:grid-cols-2">
          <SwitchField field={fields.auth} label={t("fields.auth")} className="md:col-span-2" />
          <InputField field={fields.username} label={t("fields.username")} autoComplete="off" dir="ltr" />
          <InputField
            field={fields.password}
            label={t("fields.password")}
            type="password"
            autoComplete="new-password"
            description={relay.password_set ? t("fields.passwordStored") : t("fields.passwordNone")}
          />
          {relay.password_set && (
            <CheckboxField field={fields.clear_password} label={t("fields.clearPassword")} className="md:col-span-2" />
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("sender.title")}</CardTitle>
          <CardDescription>{t("sender.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 md:grid-cols-2">
          <InputField field={fields.from_address} label={t("fields.fromAddress")} type="email" dir="ltr" />
          <InputField field={fields.from_name} label={t("fields.fromName")} />
          <InputField field={fields.reply_to} label={t("fields.replyTo")} type="email" dir="ltr" description={t("fields.optional")} />
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" name="intent" value="save" disabled={submittingIntent === "save"}>
            {t("save")}
          </Button>
        </CardFooter>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{t("test.title")}</CardTitle>
          <CardDescription>{t("test.description")}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5 md:grid-cols-2">
          <InputField field={fields.test_to} label={t("fields.testTo")} type="email" dir="ltr" />
          {test && (
            <Alert
              variant={test.outcome === "accepted" ? "success" : "destructive"}
              role="status"
              className="md:col-span-2"
              data-testid="smtp-test-result"
            >
              <AlertTitle>{t(`outcomes.${test.outcome}`, { to: test.to })}</AlertTitle>
              <AlertDescription>
                <span>{t("test.reply")}</span>{" "}
                <code dir="ltr" className="break-all">
                  {test.reply}
                </code>
              </AlertDescription>
            </Alert>
          )}
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" name="intent" value="test" variant="outline" disabled={submittingIntent === "test"}>
            {submittingIntent === "test" ? t("test.sending") : t("test.send")}
          </Button>
        </CardFooter>
      </Card>
    </Form>
  );
}
