import { useId } from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";

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
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect key={value ?? ""} id={id} name={name} defaultValue={value ?? ""}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/**
 * The organization filter of the list screens (`organization_id`). Provider staff only: their loaders pass
 * the organization options, others null, and nothing is rendered.
 */
export function OrganizationFilter({
  organizations,
  ...labels
}: {
  organizations: { id: number; name: string }[] | null;
  label: string;
  allLabel: string;
  value: string | undefined;
}) {
  if (!organizations) return null;
  return (
    <FilterSelect
      name="organization_id"
      {...labels}
      options={organizations.map((organization) => ({ value: String(organization.id), label: organization.name }))}
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
