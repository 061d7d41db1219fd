import { describe, expect, test } from "vitest";
import { formatDuration } from "~/components/tools/tts";
import { dateTimeFormat, formatDecimal, formatFileSize, formatPercent, numberFormat, UTC_DATE_TIME } from "~/lib/intl";

describe("shared Intl formatters", () => {
  test("one formatter per locale and options, reused", () => {
    expect(dateTimeFormat("fr", UTC_DATE_TIME)).toBe(dateTimeFormat("fr", { ...UTC_DATE_TIME }));
    expect(numberFormat("ar", { style: "currency", currency: "USD" })).toBe(numberFormat("ar", { style: "currency", currency: "USD" }));
  });

  test("a frozen options object (a module constant) finds its formatter by identity, the same one as its copies", () => {
    expect(Object.isFrozen(UTC_DATE_TIME)).toBe(true);
    const copy = dateTimeFormat("ar", { ...UTC_DATE_TIME });
    expect(dateTimeFormat("ar", UTC_DATE_TIME)).toBe(copy);
    expect(dateTimeFormat("ar", UTC_DATE_TIME)).toBe(copy);
    expect(dateTimeFormat("en", UTC_DATE_TIME)).not.toBe(copy);
    const frozen: Intl.NumberFormatOptions & Intl.DateTimeFormatOptions = Object.freeze({ maximumFractionDigits: 3 });
    expect(numberFormat("fr", frozen)).toBe(numberFormat("fr", { maximumFractionDigits: 3 }));
    expect(numberFormat("fr", frozen)).not.toBe(dateTimeFormat("fr", frozen));
  });

  test("a different locale or option is a different formatter", () => {
    expect(dateTimeFormat("fr", UTC_DATE_TIME)).not.toBe(dateTimeFormat("en", UTC_DATE_TIME));
    expect(dateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" })).not.toBe(
      dateTimeFormat("en", { dateStyle: "long", timeZone: "UTC" }),
    );
    expect(numberFormat("en")).not.toBe(numberFormat("en", { maximumFractionDigits: 1 }));
  });

  test("formats exactly as a fresh formatter does", () => {
    const date = new Date("2026-11-23T18:05:00Z");
    for (const locale of ["en", "fr", "ar"]) {
      expect(dateTimeFormat(locale, UTC_DATE_TIME).format(date)).toBe(new Intl.DateTimeFormat(locale, UTC_DATE_TIME).format(date));
      expect(numberFormat(locale).format(1234567.5)).toBe(new Intl.NumberFormat(locale).format(1234567.5));
    }
  });

  test("the cache is bounded: callers passing ever new options never grow it without limit", () => {
    const first = numberFormat("en", { minimumIntegerDigits: 1 });
    for (let digits = 1; digits <= 21; digits++)
      for (let fraction = 0; fraction <= 10; fraction++)
        numberFormat("en", { minimumIntegerDigits: digits, maximumFractionDigits: fraction });
    // More than the cap were made: the first one was dropped and is built anew.
    expect(numberFormat("en", { minimumIntegerDigits: 1 })).not.toBe(first);
  });

  test("decimals, percentages, sizes and durations follow the locale (issue 25)", () => {
    const space = "[\\s\u00a0\u202f]";
    expect(formatDecimal("en", 12.5)).toBe("12.5");
    expect(formatDecimal("fr", 12.5)).toBe("12,5");
    expect(formatDecimal("fr", 0.04)).toBe("0,0");
    expect(formatDecimal("fr", 1234.56, 2)).toMatch(new RegExp(`^1${space}234,56$`));
    expect(formatPercent("en", 0.125, 1)).toBe("12.5%");
    expect(formatPercent("fr", 0.125, 1)).toMatch(new RegExp(`^12,5${space}%$`));
    expect(formatPercent("fr", 0)).toMatch(new RegExp(`^0${space}%$`));
    expect(formatPercent("en", 0.996)).toBe("100%");
    for (const value of [0.125, 0.5]) {
      // Arabic: whatever the locale's own form is (digits, separator, marks), never the English string by accident of code.
      expect(formatPercent("ar", value, 1)).toBe(new Intl.NumberFormat("ar", { style: "percent", maximumFractionDigits: 1 }).format(value));
    }
    expect(formatFileSize("en", 500)).toBe("500 bytes");
    expect(formatFileSize("fr", 500)).toMatch(new RegExp(`^500${space}octets$`));
    expect(formatFileSize("en", 1.25 * 1024 * 1024)).toBe("1.3 MB");
    expect(formatFileSize("fr", 1.25 * 1024 * 1024)).toMatch(new RegExp(`^1,3${space}Mo$`));
    expect(formatFileSize("fr", 12 * 1024)).toMatch(new RegExp(`^12${space}ko$`));
    expect(formatDuration("fr", 83_400)).toBe("1:23");
    expect(formatDuration("en", 5_000)).toBe("0:05");
    expect(formatDuration("ar", 83_400)).toBe(
      `${new Intl.NumberFormat("ar").format(1)}:${new Intl.NumberFormat("ar", { minimumIntegerDigits: 2 }).format(23)}`,
    );
    expect(formatDuration("en", null)).toBe("—");
  });
});
