/**
 * AMP's E911 address (the product's split fields: house number, directionals, street name, suffix, unit…) and
 * Telnyx's postal address (one street line, an extended line, locality, administrative area, postal code) are
 * two shapes of the same thing. The adapter sends the joined shape and reads the carrier's suggested
 * correction back into the split one, so the E911 screens can show it field by field.
 */
import type { E911AddressInput } from "./types";

/** The address fields Telnyx's address and validation calls take. */
export interface TelnyxPostalAddress {
  street_address: string;
  extended_address?: string;
  locality: string;
  administrative_area: string;
  postal_code: string;
  country_code: string;
}

const DIRECTIONALS = new Map<string, string>([
  ["N", "N"],
  ["S", "S"],
  ["E", "E"],
  ["W", "W"],
  ["NE", "NE"],
  ["NW", "NW"],
  ["SE", "SE"],
  ["SW", "SW"],
  ["NORTH", "N"],
  ["SOUTH", "S"],
  ["EAST", "E"],
  ["WEST", "W"],
  ["NORTHEAST", "NE"],
  ["NORTHWEST", "NW"],
  ["SOUTHEAST", "SE"],
  ["SOUTHWEST", "SW"],
]);

/** USPS street suffixes (Publication 28, the common ones) and their standard abbreviations. */
const SUFFIXES = new Map<string, string>(
  Object.entries({
    ALLEY: "Aly",
    ALY: "Aly",
    AVENUE: "Ave",
    AVE: "Ave",
    AV: "Ave",
    BOULEVARD: "Blvd",
    BLVD: "Blvd",
    CIRCLE: "Cir",
    CIR: "Cir",
    COURT: "Ct",
    CT: "Ct",
    COVE: "Cv",
    CV: "Cv",
    DRIVE: "Dr",
    DR: "Dr",
    EXPRESSWAY: "Expy",
    EXPY: "Expy",
    FREEWAY: "Fwy",
    FWY: "Fwy",
    HIGHWAY: "Hwy",
    HWY: "Hwy",
    LANE: "Ln",
    LN: "Ln",
    LOOP: "Loop",
    PARKWAY: "Pkwy",
    PKWY: "Pkwy",
    PLACE: "Pl",
    PL: "Pl",
    PLAZA: "Plz",
    PLZ: "Plz",
    ROAD: "Rd",
    RD: "Rd",
    ROUTE: "Rte",
    RTE: "Rte",
    SQUARE: "Sq",
    SQ: "Sq",
    STREET: "St",
    ST: "St",
    TERRACE: "Ter",
    TER: "Ter",
    TRAIL: "Trl",
    TRL: "Trl",
    WAY: "Way",
  }),
);

const words = (...parts: (string | null | undefined)[]) =>
  parts
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");

/** "123 1/2 N Main St SW": the house number, its suffix, directionals, name and suffix in USPS order. */
export function streetLine(address: E911AddressInput): string {
  return words(
    address.house_number,
    address.house_number_suffix,
    address.pre_directional,
    address.street_name,
    address.street_suffix,
    address.post_directional,
  );
}

/** The US ZIP+4 as Telnyx writes it ("10001-1234"); other countries' codes as they are. */
export function postalCode(address: E911AddressInput): string {
  return address.postal_code_plus4 ? `${address.postal_code}-${address.postal_code_plus4}` : address.postal_code;
}

export function toTelnyxAddress(address: E911AddressInput): TelnyxPostalAddress {
  const postal: TelnyxPostalAddress = {
    street_address: streetLine(address),
    locality: address.city,
    administrative_area: address.state,
    postal_code: postalCode(address),
    country_code: address.country,
  };
  if (address.unit?.trim()) postal.extended_address = address.unit.trim();
  return postal;
}

/** Telnyx's address records want a first and a last name: the caller name's last word is the last name. */
export function splitCallerName(callerName: string): { first_name: string; last_name: string } {
  const parts = callerName.trim().split(/\s+/).filter(Boolean);
  if (parts.length <= 1) return { first_name: parts[0] ?? "", last_name: parts[0] ?? "" };
  return { first_name: parts.slice(0, -1).join(" "), last_name: parts[parts.length - 1] as string };
}

type StreetParts = Pick<
  E911AddressInput,
  "house_number" | "house_number_suffix" | "pre_directional" | "street_name" | "street_suffix" | "post_directional"
>;

/**
 * Splits a street line back into its parts: a leading number is the house number (a fraction or a single
 * letter after it its suffix), a directional first or last is the pre- or post-directional, a USPS suffix last
 * (before a post-directional) is the street suffix, and what remains is the street name. A part the line does
 * not have is null; the street name is never emptied (a street called "North" stays "North").
 */
export function parseStreetLine(line: string): StreetParts {
  const tokens = line.trim().split(/\s+/).filter(Boolean);
  const parts: StreetParts = {
    house_number: "",
    house_number_suffix: null,
    pre_directional: null,
    street_name: "",
    street_suffix: null,
    post_directional: null,
  };
  if (tokens.length > 1 && /^\d[\dA-Za-z-]*$/.test(tokens[0] as string)) parts.house_number = tokens.shift() as string;
  const directional = (token: string | undefined) => (token ? DIRECTIONALS.get(token.toUpperCase().replace(/\./g, "")) : undefined);
  if (parts.house_number && tokens.length > 1 && /^(\d\/\d|[A-Za-z])$/.test(tokens[0] as string) && !directional(tokens[0])) {
    parts.house_number_suffix = tokens.shift() as string;
  }
  if (tokens.length > 1 && directional(tokens[0])) parts.pre_directional = directional(tokens.shift()) ?? null;
  if (tokens.length > 1 && directional(tokens[tokens.length - 1])) parts.post_directional = directional(tokens.pop()) ?? null;
  const suffix = tokens.length > 1 ? SUFFIXES.get((tokens[tokens.length - 1] as string).toUpperCase().replace(/\./g, "")) : undefined;
  if (suffix) {
    tokens.pop();
    parts.street_suffix = suffix;
  }
  parts.street_name = tokens.join(" ");
  return parts;
}

/** "10001-1234" → code and +4; "K1A 0B1" stays whole. */
export function parsePostalCode(
  value: string,
  country: E911AddressInput["country"],
): { postal_code: string; postal_code_plus4: string | null } {
  const zip = /^(\d{5})(?:-?(\d{4}))?$/.exec(value.trim());
  if (country !== "CA" && zip) return { postal_code: zip[1] as string, postal_code_plus4: zip[2] ?? null };
  return { postal_code: value.trim().toUpperCase(), postal_code_plus4: null };
}

/** The carrier's suggested address in AMP's shape; what it does not say (caller name, coordinates) is the input's. */
export function fromTelnyxAddress(suggested: Partial<TelnyxPostalAddress>, input: E911AddressInput): E911AddressInput {
  const country = (["US", "CA", "PR"] as const).find((code) => code === suggested.country_code?.toUpperCase()) ?? input.country;
  const street = suggested.street_address ? parseStreetLine(suggested.street_address) : null;
  const postal = suggested.postal_code ? parsePostalCode(suggested.postal_code, country) : null;
  return {
    ...input,
    ...(street ?? {}),
    unit: suggested.extended_address !== undefined ? suggested.extended_address.trim() || null : input.unit,
    city: suggested.locality?.trim() || input.city,
    state: suggested.administrative_area?.trim().toUpperCase() || input.state,
    ...(postal ?? {}),
    country,
  };
}

const normalized = (value: string | null | undefined) => (value ?? "").toUpperCase().replace(/[.,#]/g, "").replace(/\s+/g, " ").trim();

/** Whether two addresses differ in anything the carrier corrects (not in spelling case or punctuation). */
export function addressesDiffer(sent: TelnyxPostalAddress, suggested: Partial<TelnyxPostalAddress>): boolean {
  const fields = ["street_address", "extended_address", "locality", "administrative_area", "country_code"] as const;
  for (const field of fields) {
    const value = suggested[field];
    if (value !== undefined && normalized(value) !== normalized(sent[field])) return true;
  }
  if (suggested.postal_code !== undefined) {
    const [sentZip, sentPlus4] = normalized(sent.postal_code).split("-");
    const [zip, plus4] = normalized(suggested.postal_code).split("-");
    // A suggestion that adds the +4 is a correction; one that only omits it is not.
    if (zip !== sentZip || (plus4 !== undefined && plus4 !== sentPlus4)) return true;
  }
  return false;
}
