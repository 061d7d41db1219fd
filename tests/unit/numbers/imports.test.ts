import { describe, expect, it } from "vitest";
import { importTiming } from "~/components/imports/types";
import {
  detectDelimiter,
  IMPORT_COLUMNS,
  IMPORT_ROW_ERRORS,
  IMPORT_ROW_MESSAGES,
  IMPORT_TEMPLATE_ROWS,
  importColumn,
  rowErrorKey,
  rowErrorText,
} from "../../../common/number-imports";

describe("phone-number import rules", () => {
  it("guesses the delimiter from the header line, ignoring quoted ones", () => {
    expect(detectDelimiter("number,organization,label")).toBe(",");
    expect(detectDelimiter("number;organization;label")).toBe(";");
    expect(detectDelimiter("number\torganization")).toBe("\t");
    expect(detectDelimiter('"a,b,c";number;label')).toBe(";");
    expect(detectDelimiter("number")).toBe(",");
  });

  it("recognises the spellings spreadsheets use for the columns", () => {
    expect(importColumn(" Phone Number ")).toBe("number");
    expect(importColumn("\uFEFFNUMBER")).toBe("number");
    expect(importColumn("Account-Number")).toBe("organization");
    expect(importColumn("E911 Caller Name")).toBe("e911_caller_name");
    expect(importColumn("notes")).toBeNull();
  });

  it("words a stored row error in each language, with its parameters", () => {
    const stored = rowErrorKey("duplicate", { row: 12 });
    expect(stored).toBe('imports.row.duplicate|{"row":12}');
    expect(rowErrorText("en", stored)).toBe("Repeated in this file: the same number as row 12.");
    expect(rowErrorText("fr", stored)).toContain("ligne 12");
    expect(rowErrorText("ar", stored)).toContain("12");
    expect(rowErrorText("en", "something else")).toBe("something else");
  });

  it("has every row message in the three languages and a template with every column", () => {
    for (const locale of ["en", "fr", "ar"] as const)
      expect(Object.keys(IMPORT_ROW_MESSAGES[locale]).sort()).toEqual([...IMPORT_ROW_ERRORS].sort());
    const [header, ...rows] = IMPORT_TEMPLATE_ROWS;
    expect(header).toEqual([...IMPORT_COLUMNS]);
    for (const row of rows) expect(row).toHaveLength(IMPORT_COLUMNS.length);
  });

  it("estimates the time left from the rows written so far", () => {
    const committedAt = "2026-11-23T10:00:00.000Z";
    const now = Date.parse(committedAt) + 10_000;
    expect(importTiming({ committed_at: committedAt, finished_at: null, rows_done: 2500, rows_to_commit: 10_000 }, now)).toEqual({
      elapsedSeconds: 10,
      etaSeconds: 30,
    });
    expect(importTiming({ committed_at: committedAt, finished_at: null, rows_done: 0, rows_to_commit: 10_000 }, now).etaSeconds).toBeNull();
  });
});
