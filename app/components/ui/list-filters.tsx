import type * as React from "react";
import { useId } from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { organizationOptionsHtml } from "~/lib/organization-options-html";

/*
 * Filter controls of every list screen: plain named controls inside the DataTable's GET form, so they work
 * without JavaScript. Each is keyed by its value so it follows the URL (back button, links).
 */

export function FilterSelect({
  name,
  label,
  value,
  allLabel,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  /** Label of the first option, which clears the filter (value ""). */
  allLabel: string;
  options: { value: string; label: string }[];
}) {
  return (
    <FilterSelectField name={name} label={label} value={value}>
      <option value="">{allLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </FilterSelectField>
  );
}

/** A filter's label and select; its options are `children`, or `optionsHtml` (decision 058). */
function FilterSelectField({
  name,
  label,
  value,
  children,
  optionsHtml,
}: {
  name: string;
  label: string;
  value: string | undefined;
  children?: React.ReactNode;
  optionsHtml?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {optionsHtml === undefined ? (
        <NativeSelect key={value ?? ""} id={id} name={name} defaultValue={value ?? ""}>
          {children}
        </NativeSelect>
      ) : (
        <NativeSelect
          key={value ?? ""}
          id={id}
          name={name}
          defaultValue={value ?? ""}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: options built by organizationOptionsHtml, every name and id escaped.
          dangerouslySetInnerHTML={{ __html: optionsHtml }}
        />
      )}
    </div>
  );
}

/**
 * The organization filter of the list screens (`organization_id`). Provider staff only: their loaders pass
 * the organization options, others null, and nothing is rendered. Its options are one HTML string (provider
 * staff may see hundreds of organizations; decision 058).
 */
export function OrganizationFilter({
  organizations,
  label,
  allLabel,
  value,
}: {
  organizations: { id: number; name: string }[] | null;
  label: string;
  allLabel: string;
  value: string | undefined;
}) {
  if (!organizations) return null;
  return (
    <FilterSelectField
      name="organization_id"
      label={label}
      value={value}
      optionsHtml={organizationOptionsHtml(organizations, allLabel, value ?? "")}
    />
  );
}

export function FilterDate({
  name,
  label,
  value,
  min,
  max,
}: {
  name: string;
  label: string;
  value: string | undefined;
  min?: string;
  max?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input key={value ?? ""} id={id} type="date" name={name} defaultValue={value ?? ""} min={min} max={max} />
    </div>
  );
}
