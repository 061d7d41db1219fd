/**
 * E911 address rules shared by the portal's form and the backend: the countries E911 covers here (US,
 * Canada, Puerto Rico), their states/provinces, postal code formats and the directionals. Messages are
 * translation keys (`validation.*`, or the `e911` namespace's `validation.*`).
 */

/** The address fields of product.md, in form order (the `e911_addresses` columns, import's `e911_<field>`). */
export const E911_ADDRESS_FIELDS = [
  "caller_name",
  "house_number",
  "house_number_suffix",
  "pre_directional",
  "street_name",
  "street_suffix",
  "post_directional",
  "unit",
  "city",
  "state",
  "postal_code",
  "postal_code_plus4",
  "country",
] as const;
export type E911AddressField = (typeof E911_ADDRESS_FIELDS)[number];

export const E911_COUNTRIES = ["US", "CA", "PR"] as const;
export type E911Country = (typeof E911_COUNTRIES)[number];

export const US_STATES = [
  "AL",
  "AK",
  "AZ",
  "AR",
  "CA",
  "CO",
  "CT",
  "DE",
  "DC",
  "FL",
  "GA",
  "HI",
  "ID",
  "IL",
  "IN",
  "IA",
  "KS",
  "KY",
  "LA",
  "ME",
  "MD",
  "MA",
  "MI",
  "MN",
  "MS",
  "MO",
  "MT",
  "NE",
  "NV",
  "NH",
  "NJ",
  "NM",
  "NY",
  "NC",
  "ND",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VT",
  "VA",
  "WA",
  "WV",
  "WI",
  "WY",
] as const;
export const CA_PROVINCES = ["AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"] as const;

/** The state (or province) choices of a country; Puerto Rico is its own single "state". */
export function regionsOf(country: E911Country): readonly string[] {
  if (country === "CA") return CA_PROVINCES;
  if (country === "PR") return ["PR"];
  return US_STATES;
}

export const DIRECTIONALS = ["N", "S", "E", "W", "NE", "NW", "SE", "SW"] as const;

export const E911_LIMITS = {
  caller_name: 50,
  house_number: 10,
  house_number_suffix: 10,
  street_name: 60,
  street_suffix: 10,
  unit: 20,
  city: 50,
} as const;

/** A US/PR ZIP is five digits; a Canadian postal code is A1A 1A1 (the space optional when typed). */
export function postalCodeError(country: E911Country, postalCode: string): string | null {
  if (country === "CA") return /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/.test(postalCode) ? null : "e911.validation.postal_ca";
  return /^\d{5}$/.test(postalCode) ? null : "e911.validation.postal_us";
}

/** Canada has no ZIP+4; elsewhere it is four digits. */
export function plus4Error(country: E911Country, plus4: string | null | undefined): string | null {
  if (!plus4) return null;
  if (country === "CA") return "e911.validation.plus4_ca";
  return /^\d{4}$/.test(plus4) ? null : "e911.validation.plus4";
}

export function normalizePostalCode(country: E911Country, postalCode: string): string {
  if (country !== "CA") return postalCode;
  const compact = postalCode.replace(/\s/g, "").toUpperCase();
  return `${compact.slice(0, 3)} ${compact.slice(3)}`;
}

/** House numbers are digits with an optional trailing letter or range ("1200", "12B", "10-12"). */
export const HOUSE_NUMBER_PATTERN = /^\d[\dA-Za-z-]*$/;
