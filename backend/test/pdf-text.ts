/**
 * Reads back what a generated PDF draws, with pdf-lib: every text-showing operation (`<hex> Tj`) of every page
 * in drawing order, with its font, its codes and its text. The text of an embedded font comes from the font's
 * ToUnicode map, that of a standard font from WinAnsi; the embedded font programs can be opened with fontkit
 * to compare the glyphs drawn with the glyphs expected.
 */
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, type PDFPage, PDFRawStream, PDFRef } from "pdf-lib";

/** `parts`: the text of each code (a ligature's code stands for several characters), in drawing order. */
export type DrawnText = { page: number; font: string; codes: number[]; parts: string[]; text: string; x: number };
export type PdfContents = { runs: DrawnText[]; fonts: Map<string, { baseFont: string; program: Uint8Array | null }>; streams: string[] };

/** WinAnsi codes 0x80–0x9F that differ from Latin-1 (the ones the letters use). */
const WIN_ANSI: Record<number, string> = { 146: "’", 149: "•", 150: "–", 151: "—", 133: "…" };

function streamText(document: PDFDocument, object: PDFObject | undefined): string {
  const resolved = object instanceof PDFRef ? document.context.lookup(object) : object;
  if (!(resolved instanceof PDFRawStream)) return "";
  return new TextDecoder("latin1").decode(decodePDFRawStream(resolved).decode());
}

function contentStreams(document: PDFDocument, page: PDFPage): string {
  const contents = page.node.Contents();
  if (contents instanceof PDFArray)
    return contents
      .asArray()
      .map((entry) => streamText(document, entry))
      .join("\n");
  return streamText(document, contents);
}

/** Code → text of an embedded font's ToUnicode CMap (`<code> <unicode>` pairs, as pdf-lib writes them). */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, unicode] of (block[1] ?? "").matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) {
      const units = (unicode as string).match(/.{4}/g)?.map((unit) => Number.parseInt(unit, 16)) ?? [];
      map.set(Number.parseInt(code as string, 16), String.fromCharCode(...units));
    }
  }
  return map;
}

export async function readPdf(bytes: Uint8Array): Promise<PdfContents> {
  const document = await PDFDocument.load(bytes);
  const runs: DrawnText[] = [];
  const streams: string[] = [];
  const fonts = new Map<string, { baseFont: string; program: Uint8Array | null }>();
  document.getPages().forEach((page, pageIndex) => {
    const decoders = new Map<string, { twoBytes: boolean; unicode: Map<number, string> | null }>();
    const fontDict = page.node.Resources()?.lookupMaybe(PDFName.of("Font"), PDFDict);
    for (const [name, ref] of fontDict?.entries() ?? []) {
      const font = document.context.lookup(ref, PDFDict);
      const baseFont = font.get(PDFName.of("BaseFont"))?.toString().replace(/^\//, "") ?? "";
      const twoBytes = font.get(PDFName.of("Subtype"))?.toString() === "/Type0";
      const cmap = font.get(PDFName.of("ToUnicode"));
      decoders.set(name.toString(), { twoBytes, unicode: cmap ? toUnicode(streamText(document, cmap)) : null });
      let program: Uint8Array | null = null;
      if (twoBytes) {
        const descendant = document.context.lookup(font.lookup(PDFName.of("DescendantFonts"), PDFArray).get(0), PDFDict);
        const descriptor = descendant.lookup(PDFName.of("FontDescriptor"), PDFDict);
        const file = document.context.lookup(descriptor.get(PDFName.of("FontFile2")));
        if (file instanceof PDFRawStream) program = decodePDFRawStream(file).decode();
      }
      fonts.set(name.toString(), { baseFont, program });
    }
    const content = contentStreams(document, page);
    streams.push(content);
    let current = "";
    let x = 0;
    for (const match of content.matchAll(/(\/\S+)\s+[\d.]+\s+Tf|([\d.-]+)\s+[\d.-]+\s+Tm|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (match[1]) current = match[1];
      else if (match[2]) x = Number(match[2]);
      else {
        const hex = match[3] ?? "";
        const decoder = decoders.get(current);
        const width = decoder?.twoBytes ? 4 : 2;
        const codes = (hex.match(new RegExp(`.{${width}}`, "g")) ?? []).map((code) => Number.parseInt(code, 16));
        const parts = codes.map((code) =>
          decoder?.unicode ? (decoder.unicode.get(code) ?? "\ufffd") : (WIN_ANSI[code] ?? String.fromCharCode(code)),
        );
        runs.push({ page: pageIndex + 1, font: fonts.get(current)?.baseFont ?? current, codes, parts, text: parts.join(""), x });
      }
    }
  });
  return { runs, fonts, streams };
}

/** All the text of a page (or of the document), runs joined in drawing order. */
export function allText(contents: PdfContents, page?: number): string {
  return contents.runs
    .filter((run) => page === undefined || run.page === page)
    .map((run) => run.text)
    .join("");
}
