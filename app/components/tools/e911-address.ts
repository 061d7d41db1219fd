import { E911_ADDRESS_FIELDS } from "../../../common/e911";
import type { E911AddressValues } from "./e911-schema";

export const ADDRESS_FIELDS = E911_ADDRESS_FIELDS;

export interface E911Address {
  id: number;
  caller_name: string;
  house_number: string;
  house_number_suffix: string | null;
  pre_directional: string | null;
  street_name: string;
  street_suffix: string | null;
  post_directional: string | null;
  unit: string | null;
  city: string;
  state: string;
  postal_code: string;
  postal_code_plus4: string | null;
  country: "US" | "CA" | "PR";
  validation_status: "unvalidated" | "valid" | "invalid" | "suggested";
  suggestion: Record<string, string | number | null> | null;
  last_error: string | null;
}

export interface E911Entry {
  id: number;
  e164: string;
  organization_id: number;
  organization_name: string | null;
  number_status: string;
  e911_status: "pending" | "provisioned" | "failed" | "removed" | null;
  e911_error: string | null;
  address: E911Address | null;
  updated_at: string;
}

/** The address on one line, as a postal label reads: "1200 NW Everett St, Floor 2, PORTLAND OR 97209-0001". */
export function addressLine(address: Pick<E911Address, (typeof ADDRESS_FIELDS)[number]> | Record<string, unknown>): string {
  const part = (key: string) => {
    const value = (address as Record<string, unknown>)[key];
    return typeof value === "string" && value ? value : null;
  };
  const street = [
    part("house_number"),
    part("house_number_suffix"),
    part("pre_directional"),
    part("street_name"),
    part("street_suffix"),
    part("post_directional"),
  ]
    .filter(Boolean)
    .join(" ");
  const zip = [part("postal_code"), part("postal_code_plus4")].filter(Boolean).join("-");
  return [street, part("unit"), [part("city"), part("state"), zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

/** Form defaults from a stored (or suggested) address: nulls become absent fields. */
export function addressDefaults(address: Record<string, unknown> | null | undefined): Record<string, string> {
  const values: Record<string, string> = { country: "US" };
  for (const field of ADDRESS_FIELDS) {
    const value = address?.[field];
    if (typeof value === "string" && value) values[field] = value;
  }
  return values;
}

/** Form values → the API body (empty optional fields as null). */
export function addressBody(values: E911AddressValues): Record<string, string | null> {
  const body: Record<string, string | null> = {};
  for (const field of ADDRESS_FIELDS) body[field] = values[field] || null;
  return body;
}
