/** Device shapes of docs/api.md (`/api/devices`). */
export const OVERRIDE_TYPES = ["string", "integer", "boolean"] as const;
export type OverrideType = (typeof OVERRIDE_TYPES)[number];

export interface DeviceOverride {
  key: string;
  value: string;
  type: OverrideType;
  enabled: boolean;
  description: string | null;
}

export interface Device {
  id: number;
  organization: { id: number; name: string };
  mac: string;
  vendor: string;
  model: string | null;
  overrides_count: number;
  created_at: string;
  updated_at: string;
}

export interface DeviceWithOverrides extends Device {
  overrides: DeviceOverride[];
}

/** "001a2b3c4d5e" → "00:1A:2B:3C:4D:5E". */
export function formatMac(mac: string): string {
  return (mac.match(/.{2}/g) ?? [mac]).join(":").toUpperCase();
}

/** One row of the overrides form as typed (values are checked against their type by the backend). */
export interface OverrideDraft {
  key: string;
  value: string;
  type: OverrideType;
  enabled: boolean;
  description: string;
}

export const emptyRow = (): OverrideDraft => ({ key: "", value: "", type: "string", enabled: true, description: "" });

/** The posted rows `rows[<n>].<field>` in order; an unchecked `enabled` box posts nothing, so it is false. */
export function rowsFromForm(form: FormData): OverrideDraft[] {
  const indexes = new Set<number>();
  for (const name of form.keys()) {
    const match = /^rows\[(\d{1,3})\]\./.exec(name);
    if (match) indexes.add(Number(match[1]));
  }
  return [...indexes]
    .sort((a, b) => a - b)
    .map((index) => {
      const field = (name: string) => String(form.get(`rows[${index}].${name}`) ?? "");
      const type = field("type");
      return {
        key: field("key").trim(),
        value: field("value"),
        type: (OVERRIDE_TYPES as readonly string[]).includes(type) ? (type as OverrideType) : "string",
        enabled: form.get(`rows[${index}].enabled`) === "on",
        description: field("description").trim(),
      };
    });
}

/** Backend errors `overrides.<n>.<field>` → per row and field. */
export function rowErrors(errors: Record<string, string[]>): Record<number, Record<string, string[]>> {
  const rows: Record<number, Record<string, string[]>> = {};
  for (const [path, messages] of Object.entries(errors)) {
    const match = /^overrides\.(\d+)\.(\w+)$/.exec(path);
    if (!match) continue;
    const index = Number(match[1]);
    rows[index] = { ...rows[index], [match[2] ?? ""]: messages };
  }
  return rows;
}
