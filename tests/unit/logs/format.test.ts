import { describe, expect, it } from "vitest";
import { formatDateTime, formatDay, formatValue, validDay } from "~/components/logs/format";

describe("log formatting", () => {
  it("formats times in the reader's language, in UTC", () => {
    expect(formatDateTime("2026-03-05T14:07:00.000Z", "en")).toBe("Mar 5, 2026, 02:07 PM UTC");
    expect(formatDateTime("2026-03-05T14:07:00.000Z", "fr")).toContain("14:07");
    expect(formatDateTime(null, "en")).toBe("");
    expect(formatDateTime("yesterday", "en")).toBe("yesterday");
  });

  it("formats days without shifting them across time zones", () => {
    expect(formatDay("2026-03-05", "en")).toBe("Mar 5");
    expect(formatDay("2026-03-05", "en", "long")).toBe("Thursday, March 5, 2026");
  });

  it("keeps a day's text per language and style (the kept text is the one asked for, twice)", () => {
    for (let round = 0; round < 2; round++) {
      expect(formatDay("2026-03-05T10:00:00Z", "en")).toBe("Mar 5");
      expect(formatDay("2026-03-05", "fr")).toBe("5 mars");
      expect(formatDay("2026-03-05", "fr", "long")).toBe("jeudi 5 mars 2026");
      expect(formatDay("2026-03-06", "en")).toBe("Mar 6");
      expect(formatDay("not a day", "en")).toBe("not a day");
    }
  });

  it("accepts only real calendar days as filters", () => {
    expect(validDay("2026-02-28")).toBe("2026-02-28");
    expect(validDay("2026-02-30")).toBeNull();
    expect(validDay("2026-2-1")).toBeNull();
    expect(validDay(undefined)).toBeNull();
    expect(validDay("2026-01-01' OR 1=1")).toBeNull();
  });

  it("shows changed values as text", () => {
    expect(formatValue(null)).toBeNull();
    expect(formatValue("")).toBeNull();
    expect(formatValue("[redacted]")).toBe("[redacted]");
    expect(formatValue(false)).toBe("false");
    expect(formatValue(42)).toBe("42");
    expect(formatValue(["a", "b"])).toBe('[\n  "a",\n  "b"\n]');
  });
});
