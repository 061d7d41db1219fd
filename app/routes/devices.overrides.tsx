import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useMemo, useRef, useState } from "react";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { isId, listApiQuery, redirectPastLastPage } from "~/components/admin/list-query";
import { PageHeader } from "~/components/admin/page-header";
import { DELETE_ROW, DeleteButton, RowActions } from "~/components/admin/row-actions";
import type { OrganizationOption } from "~/components/admin/types";
import { Download, Plus, SlidersHorizontal, Trash2, Upload, X } from "~/components/icons";
import { deviceSchema } from "~/components/tools/device-schema";
import {
  type Device,
  type DeviceWithOverrides,
  emptyRow,
  formatMac,
  OVERRIDE_TYPES,
  type OverrideDraft,
  rowErrors,
  rowsFromForm,
} from "~/components/tools/devices";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { NativeCheckbox } from "~/components/ui/checkbox";
import type { ColumnDef } from "~/components/ui/data-table";
import { DataTable } from "~/components/ui/data-table";
import { ErrorList, InputField, SelectField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { FilterSelect, OrganizationFilter } from "~/components/ui/list-filters";
import { NativeSelect } from "~/components/ui/select";
import { organizationOptions } from "~/lib/admin/options.server";
import { listUrl } from "~/lib/admin/upstream.server";
import { getEnv } from "~/lib/cloudflare.server";
import { formConstraint } from "~/lib/form-constraint.server";
import { parseWithZod } from "~/lib/form-parse";
import { actionFailure, actionFailureText, failureMessage, readFormData, saveFailed } from "~/lib/forms.server";
import { useTranslation } from "~/lib/i18n";
import { type Paginated, parseListParams, withListParams } from "~/lib/list-params";
import { preselectedOrganization } from "~/lib/organization-choice.server";
import { organizationFilter } from "~/lib/organization-filter.server";
import { requireScreen, UpstreamError } from "~/lib/sanctum/context.server";
import { redirectWithToast } from "~/lib/toast.server";
import { type FormConstraint, useSchemaForm } from "~/lib/use-schema-form";
import { cn } from "~/lib/utils";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/devices.overrides";

export const handle: StringsHandle = { i18n: ["devices", "admin", "validation"] };

const SORTS = ["mac", "vendor", "model", "organization", "overrides_count", "created_at"] as const;
const MAX_IMPORT_BYTES = 200_000;

/**
 * Device overrides, one screen: the devices (search by MAC in any format, vendor and organization
 * filters), an add-device form, and the chosen device's (`?device=<id>`) override rows edited in place.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "device-overrides");
  const url = new URL(request.url);
  const list = parseListParams(url);
  const organizationId = organizationFilter(request, user);
  const query = listApiQuery(list, {
    sorts: SORTS,
    filters: { vendor: (value) => value.length <= 100, organization_id: isId },
    organizationId,
  });
  const deviceId = url.searchParams.get("device");
  const [page, vendors, organizations, device] = await Promise.all([
    api.call<Paginated<Device>>("/api/devices", { query }),
    api.call<string[]>("/api/devices/vendors", { query: { organization_id: query.organization_id } }).catch((error: unknown) => {
      console.error("device vendors", error);
      return [] as string[];
    }),
    user.is_provider ? organizationOptions(api) : null,
    deviceId && isId(deviceId)
      ? api.call<DeviceWithOverrides>(`/api/devices/${deviceId}`).catch((error: unknown) => {
          if (error instanceof UpstreamError && (error.status === 404 || error.status === 403)) return null;
          throw error;
        })
      : null,
  ]);
  redirectPastLastPage(request, page);
  // Staff choose the device's organization (issue 25): preselected only by the filter or a single choice.
  const defaultOrganization = String(preselectedOrganization(request, user, organizations) ?? "");
  return { page, vendors, organizations, device, defaultOrganization, constraint: formConstraint(deviceSchema) };
}

type ActionReply =
  | { form: "device"; result: SubmissionResult<string[]> }
  | { form: "overrides"; deviceId: number; rows: OverrideDraft[]; errors: Record<number, Record<string, string[]>>; formErrors: string[] }
  | { form: "import"; deviceId: number; error: string };

/** The back URL: the same list, with (or without) a device open. */
function backTo(request: Request, deviceId: number | null): string {
  const url = new URL(listUrl(request), "http://portal");
  if (deviceId) url.searchParams.set("device", String(deviceId));
  else url.searchParams.delete("device");
  return url.pathname + url.search;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, api } = requireScreen(context, "device-overrides");
  const i18n = getInstance(context);
  const secret = getEnv(context).SESSION_SECRET;
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const deviceId = Number(form.get("device_id") ?? form.get("id"));
  const validDevice = Number.isInteger(deviceId) && deviceId > 0;

  if (intent === "add-device") {
    const submission = parseWithZod(form, { schema: deviceSchema });
    // Staff must choose the organization; a missing one is reported together with every other field's error.
    const organizationMissing = user.is_provider && !String(form.get("organization_id") ?? "").trim();
    if (submission.status !== "success" || organizationMissing) {
      const fieldErrors: Record<string, string[]> = organizationMissing ? { organization_id: ["validation.required"] } : {};
      return data<ActionReply>({ form: "device", result: submission.reply({ fieldErrors }) }, { status: 400 });
    }
    try {
      const created = await api.call<Device>("/api/devices", { method: "POST", json: submission.value });
      const message = i18n.t("created", { ns: "devices", mac: formatMac(created.mac) });
      return redirectWithToast(backTo(request, created.id), { type: "success", message }, secret);
    } catch (error) {
      const reply = saveFailed(submission, error, "add device");
      return data<ActionReply>({ form: "device", result: reply.data.result }, { status: reply.init?.status ?? 502 });
    }
  }

  if (!validDevice)
    return redirectWithToast(backTo(request, null), { type: "error", message: i18n.t("errors.invalidRequest", { ns: "admin" }) }, secret);

  if (intent === "delete") {
    try {
      await api.call(`/api/devices/${deviceId}`, { method: "DELETE" });
      return redirectWithToast(backTo(request, null), { type: "success", message: i18n.t("deleted", { ns: "devices" }) }, secret);
    } catch (error) {
      const message = actionFailureText(i18n.t, error, `delete device ${deviceId}`, "devices:deleteFailed");
      return redirectWithToast(backTo(request, null), { type: "error", message }, secret);
    }
  }

  if (intent === "import") {
    const file = form.get("file");
    const fail = (error: string) => data<ActionReply>({ form: "import", deviceId, error }, { status: 422 });
    if (!(file instanceof File) || file.size === 0) return fail("devices.import_file");
    if (file.size > MAX_IMPORT_BYTES) return fail(`validation.file_too_large|${JSON.stringify({ max: 0.2 })}`);
    const content = await file.text();
    const format = file.name.toLowerCase().endsWith(".csv") || !/^\s*[[{]/.test(content) ? "csv" : "json";
    try {
      const device = await api.call<DeviceWithOverrides>(`/api/devices/${deviceId}/overrides/import`, {
        method: "POST",
        json: { format, content },
      });
      const message = i18n.t("import.done", { ns: "devices", count: device.overrides.length, mac: formatMac(device.mac) });
      return redirectWithToast(backTo(request, deviceId), { type: "success", message }, secret);
    } catch (error) {
      const failure = actionFailure(error, "import overrides");
      return data<ActionReply>({ form: "import", deviceId, error: failureMessage(failure) }, { status: failure.status });
    }
  }

  // The overrides form: "Add row" and "Remove" re-render the posted rows (nothing typed is lost); "Save" saves.
  const rows = rowsFromForm(form);
  const reply = (next: OverrideDraft[], errors: Record<number, Record<string, string[]>> = {}, formErrors: string[] = [], status = 200) =>
    data<ActionReply>({ form: "overrides", deviceId, rows: next, errors, formErrors }, { status });
  if (intent === "add-row") return reply([...rows, emptyRow()]);
  if (intent.startsWith("remove-row:")) {
    const index = Number(intent.slice("remove-row:".length));
    return reply(rows.filter((_, position) => position !== index));
  }
  try {
    const device = await api.call<DeviceWithOverrides>(`/api/devices/${deviceId}/overrides`, {
      method: "PUT",
      json: { overrides: rows.map((row) => ({ ...row, description: row.description || null })) },
    });
    const message = i18n.t("overrides.saved", { ns: "devices", mac: formatMac(device.mac) });
    return redirectWithToast(backTo(request, deviceId), { type: "success", message }, secret);
  } catch (error) {
    const { fields, message, status } = actionFailure(error, "save overrides");
    const other = Object.entries(fields)
      .filter(([path]) => !path.startsWith("overrides."))
      .flatMap(([, list]) => list);
    return reply(rows, rowErrors(fields), message ? [message] : other, status);
  }
}

export default function DeviceOverrides({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("devices");
  const { t: ta } = useTranslation("admin");
  const [searchParams] = useSearchParams();
  const { page, vendors, organizations, device } = loaderData;
  const filters = parseListParams(searchParams).filters;
  const showOrganization = organizations !== null;

  const columns = useMemo<ColumnDef<Device>[]>(
    () => [
      {
        id: "mac",
        meta: { label: t("columns.mac"), sortable: true },
        enableHiding: false,
        cell: ({ row }) => (
          <span dir="ltr" className="font-medium font-mono text-[0.8125rem] text-foreground">
            {formatMac(row.original.mac)}
          </span>
        ),
      },
      { id: "vendor", meta: { label: t("columns.vendor"), sortable: true }, cell: ({ row }) => row.original.vendor },
      { id: "model", meta: { label: t("columns.model"), sortable: true }, cell: ({ row }) => row.original.model ?? "—" },
      ...(showOrganization
        ? [
            {
              id: "organization",
              meta: { label: t("columns.organization"), sortable: true, truncate: true },
              cell: ({ row }) => row.original.organization.name,
            } as ColumnDef<Device>,
          ]
        : []),
      {
        id: "overrides_count",
        meta: { label: t("columns.overrides"), sortable: true, className: "text-end tabular-nums" },
        cell: ({ row }) => row.original.overrides_count,
      },
      {
        id: "actions",
        enableHiding: false,
        header: () => <span className="sr-only">{ta("actions.actions")}</span>,
        meta: { label: ta("actions.actions"), className: "text-end" },
        cell: ({ row }) => {
          const mac = formatMac(row.original.mac);
          return (
            <RowActions>
              <Link
                to={withListParams(searchParams, { device: row.original.id, page: searchParams.get("page") })}
                aria-label={t("edit", { mac })}
                title={t("edit", { mac })}
                aria-current={device?.id === row.original.id ? "true" : undefined}
                className={cn(buttonVariants({ variant: "ghost", size: "icon" }), "text-muted-foreground aria-[current=true]:text-primary")}
              >
                <SlidersHorizontal aria-hidden="true" />
              </Link>
              <DeleteButton
                id={row.original.id}
                label={t("delete", { mac })}
                title={() => t("deleteTitle", { mac })}
                description={() => t("deleteDescription")}
              />
            </RowActions>
          );
        },
      },
    ],
    [t, ta, showOrganization, searchParams, device?.id],
  );

  const overridesReply = actionData?.form === "overrides" && device && actionData.deviceId === device.id ? actionData : null;
  const importReply = actionData?.form === "import" && device && actionData.deviceId === device.id ? actionData : null;

  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("description")} />
      <Card className="gap-0 py-0">
        <DataTable
          columns={columns}
          page={page}
          label={t("tableLabel")}
          getRowId={(row) => String(row.id)}
          rowForms={[DELETE_ROW]}
          searchPlaceholder={t("searchPlaceholder")}
          emptyMessage={t("empty")}
          filters={
            <>
              <FilterSelect
                name="vendor"
                label={t("filters.vendor")}
                allLabel={t("filters.allVendors")}
                value={filters.vendor}
                options={vendors.map((vendor) => ({ value: vendor, label: vendor }))}
              />
              <OrganizationFilter
                organizations={organizations}
                label={t("filters.organization")}
                allLabel={t("filters.allOrganizations")}
                value={filters.organization_id}
              />
            </>
          }
        />
      </Card>

      {device && (
        <OverridesEditor
          key={`${device.id}-${device.updated_at}-${overridesReply ? JSON.stringify(overridesReply.rows) : ""}`}
          device={device}
          reply={overridesReply}
          importError={importReply?.error ?? null}
          closeTo={withListParams(searchParams, { device: null, page: searchParams.get("page") })}
        />
      )}

      <AddDeviceForm
        lastResult={actionData?.form === "device" ? actionData.result : undefined}
        organizations={organizations}
        defaultOrganization={loaderData.defaultOrganization}
        constraint={loaderData.constraint}
      />
    </div>
  );
}

function AddDeviceForm({
  lastResult,
  organizations,
  defaultOrganization,
  constraint,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  organizations: OrganizationOption[] | null;
  defaultOrganization: string;
  constraint: FormConstraint;
}) {
  const { t } = useTranslation("devices");
  const [form, fields] = useSchemaForm({
    id: "add-device",
    lastResult,
    defaultValue: { organization_id: defaultOrganization },
    constraint,
    schema: () => import("~/components/tools/device-schema").then((module) => module.deviceSchema),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("addTitle")}</CardTitle>
        <CardDescription>{t("addDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} className="grid gap-5 md:grid-cols-2 xl:grid-cols-4">
          <input type="hidden" name="intent" value="add-device" />
          <ErrorList id={form.errorId} errors={form.errors} className="md:col-span-2 xl:col-span-4" />
          <InputField field={fields.mac} label={t("fields.mac")} description={t("fields.macDescription")} autoComplete="off" dir="ltr" />
          <InputField field={fields.vendor} label={t("fields.vendor")} autoComplete="off" />
          <InputField field={fields.model} label={t("fields.model")} autoComplete="off" />
          {organizations ? (
            <SelectField
              field={fields.organization_id}
              label={t("fields.organization")}
              placeholder={t("fields.chooseOrganization")}
              required
              options={organizations.map((organization) => ({ value: String(organization.id), label: organization.name }))}
            />
          ) : (
            <div className="hidden xl:block" />
          )}
          <div className="md:col-span-2 xl:col-span-4 flex justify-end">
            <Button type="submit">
              <Plus aria-hidden="true" />
              {t("addDevice")}
            </Button>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

interface EditorRow extends OverrideDraft {
  /** Stable React key of a row added in the browser. */
  uid: number;
}

/**
 * The override rows of one device as one form. "Add row" and "Remove" are submit buttons with an intent,
 * so without JavaScript the server answers the posted rows plus or minus one; with JavaScript they change
 * the rows in place and only "Save" posts.
 */
function OverridesEditor({
  device,
  reply,
  importError,
  closeTo,
}: {
  device: DeviceWithOverrides;
  reply: Extract<ActionReply, { form: "overrides" }> | null;
  importError: string | null;
  closeTo: string;
}) {
  const { t } = useTranslation("devices");
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const nextUid = useRef(0);
  const withUid = (row: OverrideDraft): EditorRow => ({ ...row, uid: nextUid.current++ });
  const [rows, setRows] = useState<EditorRow[]>(() =>
    (reply?.rows ?? device.overrides.map((row) => ({ ...row, description: row.description ?? "" }))).map(withUid),
  );
  // Errors belong to the rows as posted; a row removed in the browser takes its errors with it.
  const [errors, setErrors] = useState<(Record<string, string[]> | undefined)[]>(() => rows.map((_, index) => reply?.errors[index]));
  const mac = formatMac(device.mac);
  const formId = `overrides-${device.id}`;

  const addRow = (event: React.MouseEvent) => {
    event.preventDefault();
    setRows((current) => [...current, withUid(emptyRow())]);
    setErrors((current) => [...current, undefined]);
  };
  const removeRow = (event: React.MouseEvent, index: number) => {
    event.preventDefault();
    setRows((current) => current.filter((_, position) => position !== index));
    setErrors((current) => current.filter((_, position) => position !== index));
  };

  return (
    <Card aria-labelledby={`${formId}-title`}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle id={`${formId}-title`}>
            <span dir="ltr">{t("overrides.title", { mac })}</span>
          </CardTitle>
          <CardDescription>
            {device.vendor}
            {device.model ? ` ${device.model}` : ""} · {device.organization.name} — {t("overrides.help")}
          </CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={`/tools/devices/overrides/export/${device.id}?format=csv`}
            download
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <Download aria-hidden="true" />
            {t("exportCsv")}
          </a>
          <a
            href={`/tools/devices/overrides/export/${device.id}?format=json`}
            download
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            <Download aria-hidden="true" />
            {t("exportJson")}
          </a>
          <Link to={closeTo} className={buttonVariants({ variant: "ghost", size: "sm" })}>
            <X aria-hidden="true" />
            {t("overrides.close")}
          </Link>
        </div>
      </CardHeader>
      <CardContent className="space-y-6">
        <Form method="post" id={formId} className="space-y-4">
          <input type="hidden" name="device_id" value={device.id} />
          {reply && reply.formErrors.length > 0 && <ErrorList errors={reply.formErrors} />}
          <div className="overflow-x-auto">
            <table className="w-full min-w-[56rem] text-sm">
              <caption className="sr-only">{t("overrides.tableLabel", { mac })}</caption>
              <thead>
                <tr className="border-b text-start text-muted-foreground">
                  <th scope="col" className="px-2 py-2 text-start font-medium">
                    {t("overrides.key")}
                  </th>
                  <th scope="col" className="px-2 py-2 text-start font-medium">
                    {t("overrides.value")}
                  </th>
                  <th scope="col" className="px-2 py-2 text-start font-medium">
                    {t("overrides.type")}
                  </th>
                  <th scope="col" className="px-2 py-2 text-start font-medium">
                    {t("overrides.enabled")}
                  </th>
                  <th scope="col" className="px-2 py-2 text-start font-medium">
                    {t("overrides.description")}
                  </th>
                  <th scope="col" className="px-2 py-2 text-end font-medium">
                    <span className="sr-only">{t("overrides.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 && (
                  <tr>
                    <td colSpan={6} className="px-2 py-6 text-center text-muted-foreground">
                      {t("overrides.empty")}
                    </td>
                  </tr>
                )}
                {rows.map((row, index) => (
                  <OverrideRow key={row.uid} row={row} index={index} errors={errors[index]} onRemove={removeRow} />
                ))}
              </tbody>
            </table>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Button type="submit" name="intent" value="add-row" variant="outline" onClick={addRow}>
              <Plus aria-hidden="true" />
              {t("overrides.addRow")}
            </Button>
            <Button type="submit" name="intent" value="save" disabled={saving}>
              {t("overrides.save")}
            </Button>
          </div>
        </Form>

        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3 border-t pt-5">
          <input type="hidden" name="device_id" value={device.id} />
          <input type="hidden" name="intent" value="import" />
          <div className="flex min-w-64 flex-col gap-1.5">
            <Label htmlFor={`${formId}-import`}>{t("import.file")}</Label>
            <Input
              id={`${formId}-import`}
              name="file"
              type="file"
              accept=".csv,.json,text/csv,application/json"
              aria-invalid={importError ? true : undefined}
              aria-describedby={`${formId}-import-help${importError ? ` ${formId}-import-error` : ""}`}
            />
            <p id={`${formId}-import-help`} className="max-w-xl text-[0.8125rem] text-muted-foreground">
              {t("import.description")}
            </p>
            <ErrorList id={`${formId}-import-error`} errors={importError ? [importError] : undefined} />
          </div>
          <Button type="submit" variant="outline">
            <Upload aria-hidden="true" />
            {t("import.submit")}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}

function OverrideRow({
  row,
  index,
  errors,
  onRemove,
}: {
  row: EditorRow;
  index: number;
  errors: Record<string, string[]> | undefined;
  onRemove: (event: React.MouseEvent, index: number) => void;
}) {
  const { t } = useTranslation("devices");
  const number = index + 1;
  const name = (field: string) => `rows[${index}].${field}`;
  const id = (field: string) => `override-${row.uid}-${field}`;
  const cellLabel = (field: string) => `${t(`overrides.${field}` as "overrides.key")} — ${t("overrides.rowLabel", { number })}`;
  const textCell = (field: "key" | "value" | "description", options: { maxLength: number; dir: "ltr" | "auto"; required?: boolean }) => (
    <td className="px-2 py-2">
      <Input
        id={id(field)}
        name={name(field)}
        defaultValue={row[field]}
        aria-label={cellLabel(field)}
        aria-invalid={errors?.[field]?.length ? true : undefined}
        aria-describedby={errors?.[field]?.length ? `${id(field)}-error` : undefined}
        autoComplete="off"
        {...options}
      />
      <ErrorList id={`${id(field)}-error`} errors={errors?.[field]} className="mt-1" />
    </td>
  );
  return (
    <tr className="border-b align-top last:border-b-0">
      {textCell("key", { maxLength: 128, dir: "ltr", required: true })}
      {textCell("value", { maxLength: 2000, dir: "auto" })}
      <td className="px-2 py-2">
        <NativeSelect id={id("type")} name={name("type")} defaultValue={row.type} aria-label={cellLabel("type")}>
          {OVERRIDE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </NativeSelect>
      </td>
      <td className="px-2 py-2 align-middle">
        <NativeCheckbox id={id("enabled")} name={name("enabled")} defaultChecked={row.enabled} aria-label={cellLabel("enabled")} />
      </td>
      {textCell("description", { maxLength: 255, dir: "auto" })}
      <td className="px-2 py-2 text-end">
        <Button
          type="submit"
          name="intent"
          value={`remove-row:${index}`}
          variant="ghost"
          size="icon"
          aria-label={t("overrides.removeRow", { number })}
          title={t("overrides.removeRow", { number })}
          className="text-muted-foreground hover:text-destructive"
          onClick={(event) => onRemove(event, index)}
          formNoValidate
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </td>
    </tr>
  );
}
