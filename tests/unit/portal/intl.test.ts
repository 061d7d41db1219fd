import { describe, expect, test } from "vitest";
import { dateTimeFormat, numberFormat, UTC_DATE_TIME } from "~/lib/intl";

describe("shared Intl formatters", () => {
  test("one formatter per locale and options, reused", () => {
    expect(dateTimeFormat("fr", UTC_DATE_TIME)).toBe(dateTimeFormat("fr", { ...UTC_DATE_TIME }));
    expect(numberFormat("ar", { style: "currency", currency: "USD" })).toBe(numberFormat("ar", { style: "currency", currency: "USD" }));
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
});
