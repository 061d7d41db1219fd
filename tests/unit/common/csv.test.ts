import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvLine, csvStream, csvText, isFormulaLike, unneutralizeCsvCell } from "../../../common/csv";
import { IMPORT_COLUMNS, IMPORT_TEMPLATE_ROWS } from "../../../common/number-imports";

/** A reader as a spreadsheet would split the file (RFC 4180), to check what comes back. */
function parse(text: string, delimiter = ","): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === "") quoted = true;
    else if (char === delimiter) {
      row.push(cell);
      cell = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      index += 1;
    } else cell += char;
  }
  return rows;
}

describe("the CSV writer", () => {
  it("neutralises the formula starts OWASP lists, and the issue's examples", () => {
    expect(csvCell("=cmd|'/C calc'!A0")).toBe("'=cmd|'/C calc'!A0");
    expect(csvCell("@SUM(A1:A9)")).toBe("'@SUM(A1:A9)");
    expect(csvCell('+HYPERLINK("http://x")')).toBe('"\'+HYPERLINK(""http://x"")"');
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell("\t=1")).toBe("'\t=1");
    expect(csvCell("\r=1")).toBe('"\'\r=1"');
    expect(csvCell("\uFF1D1+1")).toBe("'\uFF1D1+1");
    expect(csvCell("+1 212 555 0142")).toBe("'+1 212 555 0142");
    expect(csvCell("-1e3")).toBe("'-1e3");
    // Already quoted by hand: one more quote, so reading back gives the text as it was.
    expect(csvCell("'=x")).toBe("''=x");
    expect(unneutralizeCsvCell("''=x")).toBe("'=x");
    expect(unneutralizeCsvCell("'-2")).toBe("'-2");
  });

  it("leaves plain numbers and ordinary text as they are", () => {
    for (const value of ["+15551234567", "-2", "-0.5", "+.5", "42", "Front desk", "a=b", "x-1", "(303) 555-0199", ""])
      expect(csvCell(value)).toBe(value);
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(-3)).toBe("-3");
  });

  it("quotes the delimiter in use, quotes and line breaks", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("a,b", { delimiter: ";" })).toBe("a,b");
    expect(csvCell("a;b", { delimiter: ";" })).toBe('"a;b"');
    expect(csvCell("a\tb", { delimiter: "\t" })).toBe('"a\tb"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("=1,2")).toBe('"\'=1,2"');
    expect(csvLine(["a", "=b", 3], { delimiter: ";" })).toBe("a;'=b;3\r\n");
  });

  it("never lets a cell start a formula or change the shape of a record", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.string(), fc.stringMatching(/^'*[=+\-@\t\r'0-9 ,;"]{0,6}$/)), { minLength: 1, maxLength: 6 }),
        fc.constantFrom(",", ";", "\t"),
        (cells, delimiter) => {
          const d = delimiter as "," | ";" | "\t";
          const [parsed] = parse(csvLine(cells, { delimiter: d }), d);
          expect(parsed).toHaveLength(cells.length);
          for (const [index, value] of parsed.entries()) {
            expect(isFormulaLike(value)).toBe(false);
            expect(unneutralizeCsvCell(value)).toBe(cells[index]);
          }
        },
      ),
    );
  });

  it("writes a whole file with a BOM, as a string or as a stream", async () => {
    expect(
      csvText(
        [
          ["a", "b"],
          ["=1", "2"],
        ],
        { bom: true },
      ),
    ).toBe(`${CSV_BOM}a,b\r\n'=1,2\r\n`);
    async function* rows() {
      yield ["number", "error"];
      yield ["@x", "bad"];
    }
    const text = await new Response(csvStream(rows(), { bom: true, delimiter: ";" })).text();
    // Response.text() drops a leading BOM as a decoder would; the bytes carry it.
    const bytes = new Uint8Array(await new Response(csvStream([["a"]], { bom: true })).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text).toBe("number;error\r\n'@x;bad\r\n");
  });

  it("writes the import template without neutralised cells", () => {
    const text = csvText(IMPORT_TEMPLATE_ROWS);
    expect(text.startsWith(`${IMPORT_COLUMNS.join(",")}\r\n`)).toBe(true);
    expect(text).not.toContain("'");
  });
});
