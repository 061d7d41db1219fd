/**
 * The sandbox carrier's geography: real NANP area codes with their state or province, main city, rate
 * center and LATA (US only), and the real toll-free prefixes. Small on purpose: enough for plausible
 * searches and demos (docs/backend.md lists what each query gives).
 */
import { TOLL_FREE_PREFIXES } from "../../../common/phone-numbers";
import type { SearchCountry } from "./types";

export interface AreaCode {
  npa: string;
  country: SearchCountry;
  state: string;
  city: string;
  rate_center: string;
  lata: string | null;
}

export const AREA_CODES: readonly AreaCode[] = [
  { npa: "201", country: "US", state: "NJ", city: "Jersey City", rate_center: "JERSEYCITY", lata: "224" },
  { npa: "202", country: "US", state: "DC", city: "Washington", rate_center: "WASHINGTON", lata: "236" },
  { npa: "206", country: "US", state: "WA", city: "Seattle", rate_center: "SEATTLE", lata: "674" },
  { npa: "212", country: "US", state: "NY", city: "New York", rate_center: "NWYRCYZN01", lata: "132" },
  { npa: "213", country: "US", state: "CA", city: "Los Angeles", rate_center: "LSAN DA 01", lata: "730" },
  { npa: "214", country: "US", state: "TX", city: "Dallas", rate_center: "DALLAS", lata: "552" },
  { npa: "215", country: "US", state: "PA", city: "Philadelphia", rate_center: "PHLA", lata: "228" },
  { npa: "303", country: "US", state: "CO", city: "Denver", rate_center: "DENVER", lata: "656" },
  { npa: "305", country: "US", state: "FL", city: "Miami", rate_center: "MIAMI", lata: "460" },
  { npa: "312", country: "US", state: "IL", city: "Chicago", rate_center: "CHICAGO", lata: "358" },
  { npa: "313", country: "US", state: "MI", city: "Detroit", rate_center: "DETROIT", lata: "340" },
  { npa: "404", country: "US", state: "GA", city: "Atlanta", rate_center: "ATLANTA", lata: "438" },
  { npa: "415", country: "US", state: "CA", city: "San Francisco", rate_center: "SNFC CNTRL", lata: "722" },
  { npa: "503", country: "US", state: "OR", city: "Portland", rate_center: "PORTLAND", lata: "672" },
  { npa: "512", country: "US", state: "TX", city: "Austin", rate_center: "AUSTIN", lata: "558" },
  { npa: "602", country: "US", state: "AZ", city: "Phoenix", rate_center: "PHOENIX", lata: "666" },
  { npa: "612", country: "US", state: "MN", city: "Minneapolis", rate_center: "MINNEAPOLIS", lata: "628" },
  { npa: "615", country: "US", state: "TN", city: "Nashville", rate_center: "NASHVILLE", lata: "468" },
  { npa: "617", country: "US", state: "MA", city: "Boston", rate_center: "BOSTON", lata: "128" },
  { npa: "702", country: "US", state: "NV", city: "Las Vegas", rate_center: "LAS VEGAS", lata: "721" },
  { npa: "704", country: "US", state: "NC", city: "Charlotte", rate_center: "CHARLOTTE", lata: "422" },
  { npa: "713", country: "US", state: "TX", city: "Houston", rate_center: "HOUSTON", lata: "560" },
  { npa: "403", country: "CA", state: "AB", city: "Calgary", rate_center: "CALGARY", lata: null },
  { npa: "416", country: "CA", state: "ON", city: "Toronto", rate_center: "TORONTO", lata: null },
  { npa: "514", country: "CA", state: "QC", city: "Montréal", rate_center: "MONTREAL", lata: null },
  { npa: "604", country: "CA", state: "BC", city: "Vancouver", rate_center: "VANCOUVER", lata: null },
  { npa: "613", country: "CA", state: "ON", city: "Ottawa", rate_center: "OTTAWA", lata: null },
];

/** Toll-free prefixes, shared by the US and Canada. */
export const TOLL_FREE_NPAS = TOLL_FREE_PREFIXES;

/** Monthly and one-time prices by type, in cents (USD). */
export const PRICES = {
  local: { monthly: 100, oneTime: 100 },
  mobile: { monthly: 150, oneTime: 100 },
  toll_free: { monthly: 200, oneTime: 0 },
} as const;
