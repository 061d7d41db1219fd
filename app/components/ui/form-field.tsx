import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
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
 * The form fields of the portal. Each takes Conform's field metadata (`fields.email` from `useForm`) and
 * renders label, native control, description and translated errors, with `id`, `name`, `aria-invalid`
 * and `aria-describedby` wired and `defaultValue` taken from Conform (so values typed before a failed
 * server submission come back). Controls are native elements, so forms post without JavaScript.
 *
 * Conform gives each control a `form` attribute naming the form's id: render the form with
 * `<Form method="post" {...getFormProps(form)}>` so the ids match.
 */

// biome-ignore lint/suspicious/noExplicitAny: a field of any schema.
type AnyField = FieldMetadata<any, any, any>;

interface FieldBaseProps {
  field: AnyField;
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

function Description({ field, children }: { field: AnyField; children?: React.ReactNode }) {
  if (!children) return null;
  return (
    <p id={field.descriptionId} data-slot="field-description" className="text-[0.8125rem] text-muted-foreground">
      {children}
    </p>
  );
}

/** `aria-describedby` points at the description, and at the errors while the field is invalid. */
function describedBy(field: AnyField, description: React.ReactNode) {
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
  const { key, ...control } = getInputProps(field, {
    type,
    value: type !== "password",
    ariaDescribedBy: describedBy(field, description),
  });
  return (
    <Field field={field} label={label} description={description} className={className}>
      <Input key={key} {...control} {...props} />
    </Field>
  );
}

type TextareaFieldProps = FieldBaseProps & Omit<React.ComponentProps<"textarea">, "id" | "name" | "form" | "defaultValue" | "className">;

export function TextareaField({ field, label, description, className, ...props }: TextareaFieldProps) {
  const { key, ...control } = getTextareaProps(field, { ariaDescribedBy: describedBy(field, description) });
  return (
    <Field field={field} label={label} description={description} className={className}>
      <Textarea key={key} {...control} {...props} />
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

export function SelectField({ field, label, description, className, options, placeholder, ...props }: SelectFieldProps) {
  const { key, ...control } = getSelectProps(field, { ariaDescribedBy: describedBy(field, description) });
  return (
    <Field field={field} label={label} description={description} className={className}>
      <NativeSelect key={key} {...control} {...props}>
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
  const { key, ...control } = getInputProps(field, {
    type: "checkbox",
    ariaDescribedBy: describedBy(field, description),
  });
  return (
    <div data-slot="field" className={cn("flex flex-col gap-1.5", className)}>
      <div className="flex items-center gap-2.5">
        <Control key={key} {...control} {...props} />
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
