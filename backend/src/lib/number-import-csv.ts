/**
 * Reading an import's CSV as a stream: the first bytes decide the encoding (UTF-8 with or without BOM, UTF-16
 * with BOM as Excel's "Unicode text", else Windows-1252 as Excel's plain "CSV" on Windows) and refuse what is
 * not text; the header line decides the delimiter; csv-parse (a WHATWG TransformStream) splits the records.
 * Validation (number-import.ts) and the error report read the file through the same `CsvReader`, so a row
 * number means the same record in both.
 */
import { parse } from "csv-parse/stream";
import { detectDelimiter, type ImportDelimiter } from "../../../common/number-imports";

export type ImportEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

/** A file-level refusal: its message key (`imports.file.*`) goes to the user as a 422 on the `file` field. */
export class ImportFileError extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

/** How many bytes are looked at before the encoding and delimiter are decided. */
const SNIFF_BYTES = 64 * 1024;

const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);

/** The encoding of a file from its first bytes, or the refusal of a file that is not text. */
export function sniffEncoding(head: Uint8Array): ImportEncoding {
  if (startsWith(head, [0xef, 0xbb, 0xbf])) return "utf-8";
  if (startsWith(head, [0xff, 0xfe])) return "utf-16le";
  if (startsWith(head, [0xfe, 0xff])) return "utf-16be";
  // A spreadsheet or archive renamed .csv (XLSX and ODS are zip files; XLS is an OLE2 compound file).
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0xd0, 0xcf, 0x11, 0xe0]))
    throw new ImportFileError("imports.file.spreadsheet");
  if (head.includes(0)) throw new ImportFileError("imports.file.binary");
  try {
    new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(head, { stream: true });
    return "utf-8";
  } catch {
    // Not UTF-8: Excel's "CSV (Comma delimited)" writes the Windows code page.
  }
  // Control characters other than tab, CR, LF and form feed do not occur in text.
  for (const byte of head)
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) throw new ImportFileError("imports.file.binary");
  return "windows-1252";
}

export interface CsvShape {
  encoding: ImportEncoding;
  delimiter: ImportDelimiter;
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Bytes in, records out, with backpressure: `write` resolves once the parser took the chunk, and the parser
 * holds at most ~1,000 records the reader has not taken. `records()` must be read while writing.
 */
export class CsvReader {
  shape: CsvShape | null = null;
  private readonly head: Uint8Array[] = [];
  private headSize = 0;
  private decoder: TextDecoder | null = null;
  private readonly encoder = new TextEncoder();
  private parser: ReturnType<typeof parse> | null = null;
  private writer: WritableStreamDefaultWriter | null = null;
  private reader: ReadableStreamDefaultReader<{ record: string[]; info: { lines: number } }> | null = null;
  private started!: () => void;
  /** Resolves once the shape is known and the parser exists. */
  private readonly ready = new Promise<void>((resolve) => {
    this.started = resolve;
  });
  /** 1-based line of the last record read (for a malformed-file message). */
  lines = 0;

  constructor(known?: CsvShape) {
    if (known) this.start(known);
  }

  private start(shape: CsvShape) {
    this.shape = shape;
    if (shape.encoding !== "utf-8") this.decoder = new TextDecoder(shape.encoding);
    const parser = parse({
      delimiter: shape.delimiter,
      bom: true,
      // Mixed line endings (a file assembled from several exports) are all record ends.
      record_delimiter: ["\r\n", "\n", "\r"],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      max_record_size: 128 * 1024,
      info: true,
    });
    this.parser = parser;
    this.writer = parser.writable.getWriter();
    this.started();
  }

  private async feed(bytes: Uint8Array) {
    const writer = this.writer as WritableStreamDefaultWriter;
    const utf8 = this.decoder ? this.encoder.encode(this.decoder.decode(bytes, { stream: true })) : bytes;
    if (utf8.byteLength === 0) return;
    await writer.ready;
    await writer.write(asBuffer(utf8));
  }

  /** Adds bytes of the file; the first ones are held until the encoding and delimiter are known. */
  async write(bytes: Uint8Array): Promise<void> {
    if (this.shape) return this.feed(bytes);
    this.head.push(bytes);
    this.headSize += bytes.byteLength;
    const joined = concat(this.head, this.headSize);
    if (this.headSize < SNIFF_BYTES && !joined.includes(0x0a) && !joined.includes(0x0d)) return;
    await this.decide(joined);
  }

  private async decide(joined: Uint8Array) {
    const encoding = sniffEncoding(joined);
    const text = new TextDecoder(encoding).decode(joined.subarray(0, Math.min(joined.byteLength, SNIFF_BYTES)));
    const headerLine = text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/, 1)[0] ?? "";
    this.start({ encoding, delimiter: detectDelimiter(headerLine) });
    this.head.length = 0;
    await this.feed(joined);
  }

  /** No more bytes. An empty file never got a shape: it has no records. */
  async close(): Promise<void> {
    if (!this.shape) {
      if (this.headSize === 0) {
        this.started();
        return;
      }
      await this.decide(concat(this.head, this.headSize));
    }
    const writer = this.writer as WritableStreamDefaultWriter;
    if (this.decoder) {
      const rest = this.decoder.decode();
      if (rest) await this.feed(this.encoder.encode(rest));
    }
    await writer.close();
  }

  /** Stops the parser (a refusal while reading): pending writes reject, the reader ends. */
  async abort(reason: unknown): Promise<void> {
    if (!this.parser) {
      this.started();
      return;
    }
    // Cancelling the readable side first lifts the backpressure a pending write waits on; aborting the
    // writer alone would wait for that write forever once nobody reads.
    if (this.reader) await this.reader.cancel(reason).catch(() => undefined);
    else await this.parser.readable.cancel(reason).catch(() => undefined);
    void this.writer?.abort(reason).catch(() => undefined);
  }

  /** The records, each an array of fields; a quoting error becomes `imports.file.malformed` with the line. */
  async *records(): AsyncGenerator<string[]> {
    await this.ready;
    if (!this.parser) return;
    const reader = this.parser.readable.getReader();
    this.reader = reader;
    try {
      while (true) {
        let next: ReadableStreamReadResult<{ record: string[]; info: { lines: number } }>;
        try {
          next = await reader.read();
        } catch (error) {
          if (error instanceof ImportFileError) throw error;
          const line = (error as { lines?: number }).lines ?? this.lines + 1;
          throw new ImportFileError(`imports.file.malformed|${JSON.stringify({ line })}`);
        }
        if (next.done) return;
        this.lines = next.value.info.lines;
        yield next.value.record;
      }
    } finally {
      // Also when the caller stops early: the writer's pending writes are released.
      await reader.cancel().catch(() => undefined);
    }
  }
}

export function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return joined;
}
