import type * as React from "react";
import { NativeCheckbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { NativeSwitch } from "~/components/ui/switch";
import { Textarea } from "~/components/ui/textarea";
import { useTranslation } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import { translateError, useMessageStrings } from "~/lib/validation-message";

/*
 * The form fields of the portal. Each takes a field's state (`fields.email` from Conform's `useForm`, or from
 * the sign-in form's `usePlainForm`) and renders label, native control, description and translated errors, with
 * `id`, `name`, `aria-invalid` and `aria-describedby` wired and `defaultValue` taken from the state (so values
 * typed before a failed server submission come back). Controls are native elements, so forms post without
 * JavaScript.
 *
 * Each control gets a `form` attribute naming the form's id: render the form with
 * `<Form method="post" {...getFormProps(form)}>` so the ids match.
 */

/**
 * What a field needs of its form: Conform's field metadata has all of it. The props are worked out here, as
 * Conform's `getInputProps` does, so that a form without Conform (the sign-in page) draws the same fields.
 */
export interface FieldState {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  descriptionId: string;
  initialValue?: unknown;
  errors?: string[];
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  pattern?: string;
  multiple?: boolean;
  accept?: string;
}

/** id, name, form and the ARIA state of a field's control; `aria-describedby` names the errors while there are some. */
function controlProps(field: FieldState, ariaDescribedBy: string | undefined) {
  const invalid = field.errors !== undefined;
  return {
    id: field.id,
    name: field.name,
    form: field.formId,
    required: field.required || undefined,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? `${field.errorId} ${ariaDescribedBy ?? ""}`.trim() : ariaDescribedBy,
  };
}

/** A field's first value as text (a select's or textarea's default). */
function initialText(field: FieldState): string | undefined {
  return field.initialValue === undefined || field.initialValue === null ? undefined : String(field.initialValue);
}

/**
 * The props of an `<input type={options.type}>` for `field` (the caller sets `type`): a checkbox is checked when its
 * value was "on"; a password never comes back.
 */
export function inputProps(field: FieldState, options: { type: string; value?: string; ariaDescribedBy?: string; keepValue?: boolean }) {
  const props: Omit<React.ComponentProps<"input">, "type"> = {
    ...controlProps(field, options.ariaDescribedBy),
    minLength: field.minLength,
    maxLength: field.maxLength,
    min: field.min,
    max: field.max,
    step: field.step,
    pattern: field.pattern,
    multiple: field.multiple,
    accept: field.accept,
  };
  if (options.type === "checkbox" || options.type === "radio") {
    props.value = options.value ?? "on";
    props.defaultChecked = Array.isArray(field.initialValue)
      ? field.initialValue.includes(props.value)
      : field.initialValue === props.value;
  } else if (options.keepValue !== false && typeof field.initialValue === "string") {
    props.defaultValue = field.initialValue;
  }
  return props;
}

interface FieldBaseProps {
  field: FieldState;
  label: React.ReactNode;
  description?: React.ReactNode;
  className?: string;
}

/** Translated error messages of a field (see `~/lib/validation-message` for the message convention). */
export function ErrorList({ id, errors, className }: { id?: string; errors?: string[]; className?: string }) {
  useMessageStrings(errors);
  const { t } = useTranslation("ui");
  if (!errors || errors.length === 0) return null;
  return (
    <div id={id} data-slot="field-error" className={cn("text-[0.8125rem] text-destructive", className)}>
      {errors.map((message) => (
        <p key={message}>{translateError(t, message)}</p>
      ))}
    </div>
  );
}

function Description({ field, children }: { field: FieldState; children?: React.ReactNode }) {
  if (!children) return null;
  return (
    <p id={field.descriptionId} data-slot="field-description" className="text-[0.8125rem] text-muted-foreground">
      {children}
    </p>
  );
}

/** `aria-describedby` points at the description, and at the errors while the field is invalid. */
function describedBy(field: FieldState, description: React.ReactNode) {
  return description ? field.descriptionId : undefined;
}

/**
 * Layout shared by every field: label, control, description, errors. Pass the control as children;
 * use it directly for custom controls and wire them with `getInputProps(field, …)` and friends.
 */
export function Field({ field, label, description, className, children }: FieldBaseProps & { children: React.ReactNode }) {
  return (
    <div data-slot="field" className={cn("flex flex-col gap-1.5", className)}>
      <Label htmlFor={field.id}>{label}</Label>
      {children}
      <Description field={field}>{description}</Description>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

type InputFieldProps = FieldBaseProps &
  Omit<React.ComponentProps<"input">, "id" | "name" | "form" | "defaultValue" | "type" | "className"> & {
    type?: "text" | "email" | "password" | "tel" | "url" | "number" | "date" | "datetime-local" | "time" | "color" | "search";
  };

export function InputField({ field, label, description, className, type = "text", ...props }: InputFieldProps) {
  // A password is never sent back into the page after a failed submission.
  const control = inputProps(field, { type, keepValue: type !== "password", ariaDescribedBy: describedBy(field, description) });
  return (
    <Field field={field} label={label} description={description} className={className}>
      <Input type={type} {...control} {...props} />
    </Field>
  );
}

type TextareaFieldProps = FieldBaseProps & Omit<React.ComponentProps<"textarea">, "id" | "name" | "form" | "defaultValue" | "className">;

export function TextareaField({ field, label, description, className, ...props }: TextareaFieldProps) {
  const control = controlProps(field, describedBy(field, description));
  return (
    <Field field={field} label={label} description={description} className={className}>
      <Textarea {...control} minLength={field.minLength} maxLength={field.maxLength} defaultValue={initialText(field)} {...props} />
    </Field>
  );
}

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

type SelectFieldProps = FieldBaseProps &
  Omit<React.ComponentProps<"select">, "id" | "name" | "form" | "defaultValue" | "className" | "children"> & {
    options: SelectOption[];
    /** Text of a leading empty option (value ""), e.g. "Choose a role". */
    placeholder?: string;
  };

/** A select's default: its values as text (several for a multiple select). */
function selectDefault(field: FieldState): string | string[] | undefined {
  return Array.isArray(field.initialValue) ? field.initialValue.map((item) => `${item ?? ""}`) : initialText(field);
}

export function SelectField({ field, label, description, className, options, placeholder, ...props }: SelectFieldProps) {
  const control = { ...controlProps(field, describedBy(field, description)), multiple: field.multiple, defaultValue: selectDefault(field) };
  return (
    <Field field={field} label={label} description={description} className={className}>
      <NativeSelect {...control} {...props}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

type ToggleFieldProps = FieldBaseProps &
  Omit<React.ComponentProps<"input">, "id" | "name" | "form" | "defaultChecked" | "type" | "className" | "value">;

function ToggleField({
  field,
  label,
  description,
  className,
  Control,
  ...props
}: ToggleFieldProps & { Control: typeof NativeCheckbox | typeof NativeSwitch }) {
  // Checked submits "on" (Conform and zod's `z.stringbool`/checkbox coercion read it as true).
  const control = inputProps(field, { type: "checkbox", ariaDescribedBy: describedBy(field, description) });
  return (
    <div data-slot="field" className={cn("flex flex-col gap-1.5", className)}>
      <div className="flex items-center gap-2.5">
        <Control {...control} {...props} />
        <Label htmlFor={field.id} className="font-normal text-sm">
          {label}
        </Label>
      </div>
      <Description field={field}>{description}</Description>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function CheckboxField(props: ToggleFieldProps) {
  return <ToggleField {...props} Control={NativeCheckbox} />;
}

export function SwitchField(props: ToggleFieldProps) {
  return <ToggleField {...props} Control={NativeSwitch} />;
}
