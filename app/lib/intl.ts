/**
 * Shared Intl formatters. Building one costs a locale and options lookup (a millisecond or more for date
 * formats with a time-zone name), using one is cheap: a list of 25 rows with two dates each built 50 of
 * them per render, on the server and again when the browser hydrates. One formatter per locale and
 * options, kept for the isolate or the page.
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
// Locales come from the three supported languages and options from code: a handful of entries. The cap
// only guards against a caller passing something unbounded.
const MAX_ENTRIES = 200;
/**
 * The same formatters by frozen options object (the module constants below) and locale: found without writing the
 * options out as a key, which cost more than the lookup in a long list (issue 27). Other options go by their text.
 */
const dateTimeFormatsByOptions = new WeakMap<object, Map<string, Intl.DateTimeFormat>>();
const numberFormatsByOptions = new WeakMap<object, Map<string, Intl.NumberFormat>>();

function cached<Format>(
  cache: Map<string, Format>,
  byOptions: WeakMap<object, Map<string, Format>>,
  locale: string,
  options: object,
  create: () => Format,
): Format {
  let forOptions: Map<string, Format> | undefined;
  if (Object.isFrozen(options)) {
    forOptions = byOptions.get(options);
    const format = forOptions?.get(locale);
    if (format) return format;
  }
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    if (cache.size >= MAX_ENTRIES) cache.clear();
    format = create();
    cache.set(key, format);
  }
  if (Object.isFrozen(options)) {
    if (!forOptions) {
      forOptions = new Map();
      byOptions.set(options, forOptions);
    }
    forOptions.set(locale, format);
  }
  return format;
}

/** No options: the locale's defaults. */
const DEFAULTS = Object.freeze({});

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = DEFAULTS): Intl.DateTimeFormat {
  return cached(dateTimeFormats, dateTimeFormatsByOptions, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = DEFAULTS): Intl.NumberFormat {
  return cached(numberFormats, numberFormatsByOptions, locale, options, () => new Intl.NumberFormat(locale, options));
}

/**
 * A date and time as the lists and logs show it. Rendered on the server and again in the browser, so the
 * time zone is fixed (UTC, and said so) to keep both renders identical. `dateStyle`/`timeStyle` cannot be
 * combined with `timeZoneName`: the fields are spelled out.
 */
export const UTC_DATE_TIME: Intl.DateTimeFormatOptions = Object.freeze({
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
  timeZoneName: "short",
});

/**
 * Decimals, percentages and sizes as the locale writes them ("12.5%" / "12,5 %" / Arabic's marks; "0.4" / "0,4";
 * "1.2 MB" / "1,2 Mo"), through the cached formatters above. Every screen showing such a figure uses these
 * rather than `toFixed` or a literal "%" (issue 25).
 */
export function formatDecimal(locale: string, value: number, fractionDigits = 1): string {
  return numberFormat(locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(value);
}

/** A ratio (0.125) as a percentage ("12.5%"), with at most `fractionDigits` decimals. */
export function formatPercent(locale: string, ratio: number, fractionDigits = 0): string {
  return numberFormat(locale, { style: "percent", maximumFractionDigits: fractionDigits }).format(ratio);
}

const SIZE_UNITS = ["byte", "kilobyte", "megabyte"] as const;

/** A file size in bytes, kilobytes or megabytes (1,024 to the next), one decimal above bytes, in the locale's units. */
export function formatFileSize(locale: string, bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return numberFormat(locale, {
    style: "unit",
    unit: SIZE_UNITS[unit],
    // "500 bytes" / "500 octets", but "1.2 MB" / "1,2 Mo".
    unitDisplay: unit === 0 ? "long" : "short",
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
