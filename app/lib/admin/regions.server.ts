import { getCountries } from "libphonenumber-js/max";

/** Countries (ISO 3166-1 alpha-2) named in the reader's language, sorted for that language. */
export function countryOptions(locale: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([locale], { type: "region" });
  const collator = new Intl.Collator(locale);
  return getCountries()
    .map((code) => ({ value: code, label: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** IANA time zones the runtime knows (`Intl.supportedValuesOf("timeZone")`), plus UTC. */
export function timeZoneOptions(): string[] {
  const zones = Intl.supportedValuesOf("timeZone");
  return zones.includes("UTC") ? zones : ["UTC", ...zones];
}
