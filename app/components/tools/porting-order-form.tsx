import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormSection } from "~/components/admin/form-layout";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button, buttonVariants } from "~/components/ui/button";
import { CheckboxField, ErrorList, InputField, SelectField, TextareaField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useTranslation } from "~/lib/i18n";
import { type FormConstraint, useSchemaForm } from "~/lib/use-schema-form";
import { translateError, useMessageStrings } from "~/lib/validation-message";
import { E911_COUNTRIES, regionsOf } from "../../../common/e911";
import { DOCUMENT_KINDS, type NumberCheck, type PortingOrderDefaults, splitNumbers } from "./porting-order";

/** Quiet time after the last keystroke in the numbers before they are checked (with JavaScript). */
const CHECK_DELAY_MS = 800;

const sameNumbers = (a: string, b: string) => splitNumbers(a).join("\n") === splitNumbers(b).join("\n");

/**
 * Beside the numbers: each number a submission would refuse (toll-free, not portable, already in the inventory,
 * not a number), named, or that every number can be ported. A live region, so the answer is read out.
 */
function NumberCheckNotice({ check, checking }: { check: NumberCheck | null; checking: boolean }) {
  const { t } = useTranslation("porting");
  useMessageStrings(check ? [...check.problems, ...(check.failed ? [check.failed] : [])] : undefined);
  return (
    <div role="status" aria-live="polite" className="md:col-span-2" data-testid="number-check">
      {checking ? (
        <p className="text-muted-foreground text-sm">{t("order.numberCheck.checking")}</p>
      ) : check?.failed ? (
        <p className="text-sm">{t("order.numberCheck.failed", { reason: translateError(t, check.failed) })}</p>
      ) : check && check.problems.length > 0 ? (
        <Alert variant="warning">
          <AlertTitle>{t("order.numberCheck.title")}</AlertTitle>
          <AlertDescription>
            <ul className="list-disc space-y-1 ps-5">
              {check.problems.map((problem) => (
                <li key={problem}>{translateError(t, problem)}</li>
              ))}
            </ul>
            <p>{t("order.numberCheck.hint")}</p>
          </AlertDescription>
        </Alert>
      ) : check ? (
        <p className="text-sm">{t("order.numberCheck.allPortable")}</p>
      ) : null}
    </div>
  );
}

/**
 * The check of the form's numbers beside it (`/tools/porting/order/number-check`): a plain request, not a router
 * fetcher, since a fetcher's post that finishes while the form's own submission loads takes that navigation over (its
 * answer and its toast are lost). A newer check or leaving the page aborts the one in flight. `answer` is undefined
 * until a check has answered.
 */
function useNumberCheck(formId: string, orderId: number | undefined) {
  const [answer, setAnswer] = useState<NumberCheck | null | undefined>(undefined);
  const [checking, setChecking] = useState(false);
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);
  const runCheck = useCallback(async () => {
    const element = document.getElementById(formId);
    if (!(element instanceof HTMLFormElement)) return;
    const body = new FormData(element);
    for (const kind of DOCUMENT_KINDS) body.delete(kind);
    body.delete("pin");
    if (orderId !== undefined) body.set("order_id", String(orderId));
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setChecking(true);
    try {
      const response = await fetch("/tools/porting/order/number-check", { method: "POST", body, signal: controller.signal });
      if (!response.ok || !response.headers.get("Content-Type")?.includes("json")) throw new Error(String(response.status));
      setAnswer((await response.json()) as NumberCheck | null);
    } catch {
      if (controller.signal.aborted) return;
      // Offline, signed out meanwhile, a deployment: said as such, never taken for "every number is fine".
      setAnswer({ numbers: String(body.get("numbers") ?? ""), problems: [], failed: "porting:carrier.failed", notKept: [] });
    } finally {
      if (pending.current === controller) {
        pending.current = null;
        setChecking(false);
      }
    }
  }, [formId, orderId]);
  return { answer, checking, runCheck };
}

/**
 * The port-in order form, new and edit: the numbers, the losing carrier's account details, the service
 * address, the FOC date and the two documents. A multipart post, so it works without JavaScript; "Save
 * draft" and "Submit" are the two intents.
 */
export function PortingOrderForm({
  defaultValue,
  lastResult,
  constraint,
  cancelTo,
  pinSet,
  organizations,
  numberCheck,
  orderId,
}: {
  defaultValue: PortingOrderDefaults;
  lastResult: SubmissionResult<string[]> | undefined;
  /** `formConstraint(portingOrderSchema)`, from the loader. */
  constraint: FormConstraint;
  cancelTo: string;
  /** Editing an order that has a PIN: the field replaces it, empty keeps it. */
  pinSet: boolean;
  /** Provider staff creating an order: the organizations it can be for. */
  organizations?: { id: number; name: string }[] | null;
  /** The answer of "Check numbers" posted without JavaScript (the action's `numberCheck`). */
  numberCheck?: NumberCheck | null;
  /** The order being edited: its own numbers are not "already in an order". */
  orderId?: number;
}) {
  const { t } = useTranslation("porting");
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const [form, fields] = useSchemaForm({
    id: "porting-order",
    defaultValue,
    lastResult,
    constraint,
    schema: () => import("./porting-order-schema").then((module) => module.portingOrderSchema),
    shouldValidate: "onSubmit",
  });
  useMessageStrings(form.errors);
  const address = fields.service_address.getFieldset();
  const country = E911_COUNTRIES.find((code) => code === address.country.value) ?? "US";
  const fileErrors = (kind: (typeof DOCUMENT_KINDS)[number]) => lastResult?.error?.[kind] ?? undefined;
  // After "Check numbers" without JavaScript: what the redrawn page could not keep (never a PIN, never a file).
  const notKept = new Set(numberCheck?.notKept ?? []);

  // The numbers are checked as they are typed (with JavaScript, a moment after the last keystroke) or by "Check
  // numbers" (without: the form comes back with the answer), so a number a submission would refuse is named first.
  const typed = fields.numbers.value ?? "";
  const { answer, checking, runCheck } = useNumberCheck(form.id, orderId);
  const latest = answer !== undefined ? answer : (numberCheck ?? null);
  const check = latest && sameNumbers(latest.numbers, typed) ? latest : null;
  const checkedText = useRef(numberCheck?.numbers ?? "");
  useEffect(() => {
    if (splitNumbers(typed).length === 0 || sameNumbers(checkedText.current, typed)) return;
    const timer = setTimeout(() => {
      checkedText.current = typed;
      runCheck();
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, runCheck]);

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-6">
      {/* Enter in a field submits with the form's first submit button: let that be "Save draft", not "Check numbers". */}
      <button type="submit" name="intent" value="draft" disabled={saving} tabIndex={-1} aria-hidden="true" className="sr-only" />
      {form.errors && form.errors.length > 0 && (
        <p id={form.errorId} role="alert" className="rounded-md border border-destructive/40 px-3 py-2 text-destructive text-sm">
          {form.errors.map((error) => translateError(t, error)).join(" ")}
        </p>
      )}
      <FormSection title={t("order.form.numbersSection")} description={t("order.form.numbersDescription")}>
        {organizations && (
          <SelectField
            field={fields.organization_id}
            label={t("order.columns.organization")}
            placeholder={t("order.form.chooseOrganization")}
            required
            options={organizations.map((organization) => ({ value: String(organization.id), label: organization.name }))}
            className="md:col-span-2"
          />
        )}
        <TextareaField
          field={fields.numbers}
          label={t("order.fields.numbers")}
          description={t("order.form.numbersHelp")}
          rows={6}
          dir="ltr"
          className="md:col-span-2"
        />
        <NumberCheckNotice check={check} checking={checking} />
        <CheckboxField field={fields.partial} label={t("order.fields.partial")} description={t("order.form.partialHelp")} />
        <InputField
          field={fields.requested_foc_date}
          type="date"
          label={t("order.fields.requested_foc_date")}
          description={t("order.form.focHelp")}
        />
      </FormSection>
      <FormSection title={t("order.form.accountSection")} description={t("order.form.accountDescription")}>
        <InputField field={fields.entity_name} label={t("order.fields.entity_name")} autoComplete="organization" />
        <InputField field={fields.authorized_person} label={t("order.fields.authorized_person")} autoComplete="name" />
        <InputField
          field={fields.billing_telephone_number}
          type="tel"
          label={t("order.fields.billing_telephone_number")}
          autoComplete="off"
          dir="ltr"
        />
        <InputField field={fields.account_number} label={t("order.fields.account_number")} autoComplete="off" dir="ltr" />
        <InputField
          field={fields.pin}
          type="password"
          label={t("order.fields.pin")}
          description={notKept.has("pin") ? t("order.form.pinNotKept") : pinSet ? t("order.form.pinStored") : t("order.form.pinHelp")}
          autoComplete="new-password"
        />
      </FormSection>
      <FormSection title={t("order.form.addressSection")} description={t("order.form.addressDescription")}>
        <ErrorList id={fields.service_address.errorId} errors={fields.service_address.errors} className="md:col-span-2" />
        <SelectField
          field={address.country}
          label={t("order.address.country")}
          options={E911_COUNTRIES.map((code) => ({ value: code, label: t(`order.countries.${code}`) }))}
        />
        <InputField field={address.house_number} label={t("order.address.house_number")} autoComplete="off" dir="ltr" />
        <InputField field={address.street_name} label={t("order.address.street_name")} autoComplete="off" />
        <InputField field={address.street_suffix} label={t("order.address.street_suffix")} autoComplete="off" />
        <InputField field={address.unit} label={t("order.address.unit")} autoComplete="off" />
        <InputField field={address.city} label={t("order.address.city")} autoComplete="off" />
        <SelectField
          field={address.state}
          label={country === "CA" ? t("order.address.province") : t("order.address.state")}
          options={regionsOf(country).map((code) => ({ value: code, label: code }))}
          placeholder={t("order.form.choose")}
        />
        <InputField field={address.postal_code} label={t("order.address.postal_code")} autoComplete="off" dir="ltr" />
      </FormSection>
      <FormSection title={t("order.form.documentsSection")} description={t("order.form.documentsDescription")}>
        {DOCUMENT_KINDS.map((kind) => {
          const errors = fileErrors(kind);
          return (
            <div key={kind} className="grid gap-2">
              <Label htmlFor={`porting-order-${kind}`}>{t(`order.documents.${kind}`)}</Label>
              <Input
                id={`porting-order-${kind}`}
                name={kind}
                type="file"
                accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
                aria-invalid={errors ? true : undefined}
                aria-describedby={errors ? `porting-order-${kind}-help porting-order-${kind}-error` : `porting-order-${kind}-help`}
              />
              <p id={`porting-order-${kind}-help`} className="text-[0.8125rem] text-muted-foreground">
                {notKept.has(kind) ? t("order.form.fileNotKept") : t("order.form.fileHelp")}
              </p>
              <ErrorList id={`porting-order-${kind}-error`} errors={errors} />
            </div>
          );
        })}
      </FormSection>
      <div className="flex flex-wrap items-center justify-end gap-3">
        <Link to={cancelTo} className={buttonVariants({ variant: "secondary" })}>
          {t("order.actions.back")}
        </Link>
        <Button
          type="submit"
          name="intent"
          value="check"
          variant="outline"
          formNoValidate
          disabled={saving || checking}
          onClick={(event) => {
            // With JavaScript the check runs beside the form, which stays as it is (files chosen included).
            event.preventDefault();
            checkedText.current = typed;
            runCheck();
          }}
        >
          {t("order.actions.checkNumbers")}
        </Button>
        <Button type="submit" name="intent" value="draft" variant="outline" disabled={saving}>
          {t("order.actions.saveDraft")}
        </Button>
        <Button type="submit" name="intent" value="submit" disabled={saving}>
          {t("order.actions.submit")}
        </Button>
      </div>
    </Form>
  );
}
