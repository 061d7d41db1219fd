import { describe, expect, it } from "vitest";
import { criteriaSchema, numberDetailsSchema, reviewSchema, staffReviewSchema } from "~/components/numbers/criteria-schema";
import { clockLeft, formatLocation, formatMoney, minutesLeft, phoneFormatter } from "~/components/numbers/format";
import { parseWithZod } from "~/lib/form-parse";
import { FORMATTED_LIMIT, formatPhoneNumber, formattedCount, phoneLabels } from "~/lib/numbers/phone-format.server";
import { keypadDigits, searchDigits } from "../../../common/phone-numbers";

function form(values: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) for (const item of [value].flat()) data.append(key, item);
  return data;
}

const BASE = { country: "US", type: "local", pattern_mode: "contains", quantity: "10" };
const parse = (values: Record<string, string | string[]>) => parseWithZod(form({ ...BASE, ...values }), { schema: criteriaSchema });

describe("search criteria (wizard step 1)", () => {
  it("accepts a plain search and fills the defaults", () => {
    const result = parse({});
    expect(result.status).toBe("success");
    expect(result.status === "success" && result.value).toEqual({
      country: "US",
      type: "local",
      pattern_mode: "contains",
      features: [],
      quantity: 10,
    });
  });

  it("normalizes NPA-NXX and state, keeps one or several features", () => {
    const one = parse({ npa_nxx: "(212) 555", state: "ny", features: "sms" });
    expect(one.status === "success" && one.value).toMatchObject({ npa_nxx: "212555", state: "NY", features: ["sms"] });
    const two = parse({ features: ["sms", "fax"], pattern: "SMILE" });
    expect(two.status === "success" && two.value).toMatchObject({ features: ["sms", "fax"], pattern: "SMILE" });
  });

  it("reports each bad field with its message key", () => {
    const result = parse({ area_code: "12", state: "New York", pattern: "55-01", quantity: "0", features: "telepathy" });
    expect(result.status).toBe("error");
    const errors = result.reply().error ?? {};
    expect(errors.area_code).toEqual(["validation.area_code"]);
    expect(errors.state).toEqual(["validation.state"]);
    expect(errors.pattern).toEqual(["validation.pattern"]);
    expect(errors.quantity).toEqual(['validation.min|{"min":1}']);
    expect(errors["features[0]"] ?? errors.features).toBeTruthy();
    expect(parse({ quantity: "101" }).reply().error?.quantity).toEqual(['validation.max|{"max":100}']);
    expect(parse({ pattern: "12345678" }).reply().error?.pattern).toEqual(["validation.pattern"]);
  });

  it("matches the prefix to the type: toll-free needs 8XX, others must not use it", () => {
    expect(parse({ type: "toll_free", area_code: "212" }).reply().error?.area_code).toEqual(["validation.toll_free_prefix"]);
    expect(parse({ type: "toll_free", area_code: "888" }).status).toBe("success");
    expect(parse({ type: "mobile", npa_nxx: "800-222" }).reply().error?.npa_nxx).toEqual(["validation.geographic_prefix"]);
  });

  it("review by provider staff: the owning organization is a required choice", () => {
    const missing = parseWithZod(form({ organization_id: "", label: "Desk" }), { schema: staffReviewSchema });
    expect(missing.reply().error?.organization_id).toEqual(["validation.required"]);
    expect(parseWithZod(form({ organization_id: "3" }), { schema: staffReviewSchema }).status).toBe("success");
    // Members keep their own organization: nothing to choose.
    expect(parseWithZod(form({ label: "Desk" }), { schema: reviewSchema }).status).toBe("success");
  });

  it("review and number details: lengths and the CNAM alphabet", () => {
    expect(parseWithZod(form({ organization_id: "2", label: " Desk " }), { schema: reviewSchema }).status).toBe("success");
    const cnam = parseWithZod(form({ cnam: "Northwind Dental Clinic" }), { schema: numberDetailsSchema });
    expect(cnam.reply().error?.cnam).toEqual(['validation.too_long|{"max":15}']);
    const symbols = parseWithZod(form({ cnam: "<b>" }), { schema: numberDetailsSchema });
    expect(symbols.reply().error?.cnam).toEqual(["validation.cnam"]);
    expect(parseWithZod(form({ cnam: "NORTHWIND" }), { schema: numberDetailsSchema }).status).toBe("success");
  });
});

describe("phone number helpers", () => {
  it("turns keypad letters into digits and search text into its digits", () => {
    expect(keypadDigits("FLOWERS")).toBe("3569377");
    expect(keypadDigits("1-800-go")).toBe("180046");
    expect(searchDigits("(212) 555-0100")).toBe("2125550100");
    expect(searchDigits("+1 212.555.0100")).toBe("12125550100");
    expect(searchDigits(" 555-01 ")).toBe("55501");
    // Words with digits in them are a text search only: their digits would find unrelated numbers.
    expect(searchDigits("Reception 1234")).toBe("");
    expect(searchDigits("Suite 4B")).toBe("");
  });

  it("formats NANP numbers nationally and others internationally", () => {
    expect(formatPhoneNumber("+12125550100")).toBe("(212) 555-0100");
    expect(formatPhoneNumber("+18005550199")).toBe("(800) 555-0199");
    expect(formatPhoneNumber("+33123456789")).toBe("+33 1 23 45 67 89");
    expect(formatPhoneNumber("not a number")).toBe("not a number");
  });

  it("keeps the labels it made: the same answer again for every input, and never more than its limit", () => {
    const inputs = ["+12125550100", "+33123456789", "+442079460000", "not a number", "+1 (212) 555-0100", "+999"];
    const first = inputs.map(formatPhoneNumber);
    expect(first).toEqual(["(212) 555-0100", "+33 1 23 45 67 89", "+44 20 7946 0000", "not a number", "(212) 555-0100", "+999"]);
    expect(inputs.map(formatPhoneNumber)).toEqual(first);
    // A full map is emptied, then refilled: the labels stay right across the clearing.
    for (let n = 0; n <= FORMATTED_LIMIT; n++) formatPhoneNumber(`+1212555${String(n).padStart(4, "0")}`);
    expect(formattedCount()).toBeLessThanOrEqual(FORMATTED_LIMIT);
    expect(formatPhoneNumber("+12125550042")).toBe("(212) 555-0042");
    expect(formatPhoneNumber("+33123456789")).toBe("+33 1 23 45 67 89");
  });

  it("labels every number a loader sends, wherever it sits, and the browser reads them back", () => {
    const labels = phoneLabels(
      { order: { items: [{ e164: "+12125550100", city: "New York" }], note: "+ not a number" } },
      ["+33123456789"],
      null,
      undefined,
    );
    expect(labels).toEqual({ "+12125550100": "(212) 555-0100", "+33123456789": "+33 1 23 45 67 89" });
    const format = phoneFormatter(labels);
    expect(format("+12125550100")).toBe("(212) 555-0100");
    // A number the loader did not label is shown as stored, never dropped.
    expect(format("+14155550100")).toBe("+14155550100");
  });

  it("formats money, location and the reservation's remaining time", () => {
    expect(formatMoney("en", 150)).toBe("$1.50");
    expect(formatMoney("fr", 150)).toMatch(/^1,50\s\$US$/);
    expect(formatLocation({ city: "New York", rate_center: "NWYRCYZN01", state: "NY" })).toBe("New York, NY");
    expect(formatLocation({ city: "", rate_center: "TOLL FREE", state: "" })).toBe("TOLL FREE");
    const now = Date.parse("2026-11-23T10:00:00Z");
    expect(minutesLeft("2026-11-23T10:29:01Z", now)).toBe(30);
    expect(clockLeft("2026-11-23T10:29:01Z", now)).toBe("29:01");
    expect(clockLeft("2026-11-23T09:00:00Z", now)).toBe("00:00");
  });
});
