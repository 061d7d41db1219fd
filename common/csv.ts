/**
 * The one CSV writer for every file AMP emits (import error reports, the device export, the portability
 * check download, the import template, list exports). RFC 4180 quoting plus the OWASP defence against CSV
 * (formula) injection, decision 032:
 *
 * - A cell that starts with `=`, `+`, `-`, `@`, a tab or a carriage return (or their full-width forms,
 *   which East-Asian spreadsheets also read as formula starts) gets a single quote in front, so a spreadsheet
 *   shows it as text instead of evaluating it: `=cmd|'/C calc'!A0` → `'=cmd|'/C calc'!A0`.
 * - Except a cell that is only a number: an optional sign, digits, an optional decimal part
 *   (`+15551234567`, `-2`, `-0.5`). A spreadsheet reads those as the same number with or without `=`, so
 *   they carry no formula and stay as they are (E.164 numbers and negative amounts keep working).
 *   Anything more after the sign (`-2+3`, `+1 212 555 0142`, `-1e3`) is neutralised.
 * - A cell that contains the delimiter, a double quote, CR or LF is quoted, quotes doubled. The quote goes
 *   inside the quoting (`"'=1,2"`): spreadsheets drop the quoting before they look at the first character.
 *
 * The importers strip that one added quote again (`unneutralizeCsvCell`), so an error report or an export
 * can be fixed and imported as it is; text that already had a quote before a formula start gets one more,
 * so the round trip is exact.
 */

export const CSV_BOM = "\uFEFF";

export type CsvDelimiter = "," | ";" | "\t";

export interface CsvOptions {
  /** `,` (default), `;` (Excel in locales with a decimal comma) or a tab. */
  delimiter?: CsvDelimiter;
}

/** A cell value: null and undefined are empty, booleans `true`/`false`, numbers as JavaScript prints them. */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_NUMBER = /^[+-]?(\d+(\.\d+)?|\.\d+)$/;

/** True when a spreadsheet could read the text as a formula (see the module comment). */
export function isFormulaLike(text: string): boolean {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text);
}

/**
 * Whether the writer puts a quote in front: a formula start, or text that already starts with quotes before
 * a formula start (`'=x` becomes `''=x`), so that reading back gives exactly what was written.
 */
function needsQuote(text: string): boolean {
  return isFormulaLike(text.replace(/^'+/, ""));
}

/** The text a cell holds, neutralised if it could be a formula; not quoted. */
export function neutralizeCsvCell(text: string): string {
  return needsQuote(text) ? `'${text}` : text;
}

/** The inverse for files we read back: the one quote the writer added in front of a formula start is dropped. */
export function unneutralizeCsvCell(text: string): string {
  return text.startsWith("'") && needsQuote(text.slice(1)) ? text.slice(1) : text;
}

function textOf(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "true" : "false";
  return String(value);
}

/** One cell, neutralised and quoted as needed. */
export function csvCell(value: CsvValue, options: CsvOptions = {}): string {
  const delimiter = options.delimiter ?? ",";
  const text = neutralizeCsvCell(textOf(value));
  const needsQuotes = text.includes(delimiter) || /["\r\n]/.test(text);
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, ending in CRLF (RFC 4180). */
export function csvLine(values: readonly CsvValue[], options: CsvOptions = {}): string {
  return `${values.map((value) => csvCell(value, options)).join(options.delimiter ?? ",")}\r\n`;
}

/** A whole small file as a string: optional BOM, then each record. */
export function csvText(rows: Iterable<readonly CsvValue[]>, options: CsvOptions & { bom?: boolean } = {}): string {
  let text = options.bom ? CSV_BOM : "";
  for (const row of rows) text += csvLine(row, options);
  return text;
}

/**
 * A file of any size as a byte stream, pulled one record at a time (nothing is buffered beyond the record
 * being written). `bom` starts the file with a UTF-8 byte-order mark so Excel reads it as UTF-8.
 */
export function csvStream(
  rows: AsyncIterable<readonly CsvValue[]> | Iterable<readonly CsvValue[]>,
  options: CsvOptions & { bom?: boolean } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator =
    Symbol.asyncIterator in rows
      ? (rows as AsyncIterable<readonly CsvValue[]>)[Symbol.asyncIterator]()
      : (rows as Iterable<readonly CsvValue[]>)[Symbol.iterator]();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started && options.bom) controller.enqueue(encoder.encode(CSV_BOM));
      started = true;
      const next = await iterator.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(csvLine(next.value, options)));
    },
    async cancel(reason) {
      await iterator.return?.(reason);
    },
  });
}
