/**
 * The drawing helpers every generated document (welcome letter, letter of authorization) shares: A4 pages
 * that follow each other as the text grows, wrapped paragraphs, "label: value" fields, columns, a logo and
 * page numbers, left to right or right to left.
 *
 * Text is drawn in runs. bidi-js (the Unicode Bidirectional Algorithm) gives each character its level and the
 * visual order of a line; Arabic-script runs use the embedded Noto Naskh Arabic font, whose own OpenType
 * tables fontkit applies (contextual letter forms, the lam-alef ligature, right-to-left glyph order); every
 * other run uses the PDF's standard Helvetica. docs/backend.md, "Generated documents".
 */
import fontkit from "@pdf-lib/fontkit";
import bidiFactory from "bidi-js";
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { arabicFontBytes } from "./arabic-font";

export type DocumentLocale = "en" | "fr" | "ar";

const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 56;
/** Room kept under the text for the page number. */
const FOOTER = 40;
const INK: Color = [0.15, 0.15, 0.2];
export const MUTED: Color = [0.4, 0.4, 0.45];
export const ACCENT: Color = [0.45, 0.4, 0.94];

type Color = [number, number, number];
export type TextStyle = { bold?: boolean; size?: number; color?: Color };
type Run = { text: string; font: PDFFont; width: number };

const bidi = bidiFactory();
/** Arabic, Arabic Supplement, Arabic Extended-A and the presentation forms. */
const ARABIC_SCRIPT = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;
/** Directional marks, embeddings and isolates: they steer the algorithm and are never drawn. */
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Wraps a value (number, date, name) so its own direction holds inside a sentence of the other direction. */
export function isolate(value: string): string {
  return `\u2068${value}\u2069`;
}

export class PdfLetter {
  readonly pdf: PDFDocument;
  readonly rtl: boolean;
  private readonly fonts: { regular: PDFFont; bold: PDFFont; arabic: PDFFont };
  private page: PDFPage;
  private y: number;

  private constructor(pdf: PDFDocument, fonts: { regular: PDFFont; bold: PDFFont; arabic: PDFFont }, locale: DocumentLocale) {
    this.pdf = pdf;
    this.fonts = fonts;
    this.rtl = locale === "ar";
    this.page = pdf.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  static async create(options: { locale: DocumentLocale; title: string; author: string }): Promise<PdfLetter> {
    const pdf = await PDFDocument.create();
    pdf.registerFontkit(fontkit);
    pdf.setTitle(options.title);
    pdf.setAuthor(options.author);
    pdf.setCreator(options.author);
    pdf.setLanguage(options.locale);
    const [regular, bold, arabic] = await Promise.all([
      pdf.embedFont(StandardFonts.Helvetica),
      pdf.embedFont(StandardFonts.HelveticaBold),
      // Only the glyphs used are written (an English letter without Arabic adds an almost empty font).
      pdf.embedFont(arabicFontBytes(), { subset: true }),
    ]);
    return new PdfLetter(pdf, { regular, bold, arabic }, options.locale);
  }

  private get width(): number {
    return PAGE[0] - 2 * MARGIN;
  }

  /** Starts a new page when fewer than `height` points are left above the footer. */
  private room(height: number) {
    if (this.y - height >= MARGIN + FOOTER) return;
    this.page = this.pdf.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }

  /** One line as runs in visual order (left to right on the page). */
  private runs(line: string, style: TextStyle): Run[] {
    const size = style.size ?? 11;
    const levels = bidi.getEmbeddingLevels(line, this.rtl ? "rtl" : "ltr");
    const mirrored = bidi.getMirroredCharactersMap(line, levels.levels);
    // bidi-js counts UTF-16 code units, so does this.
    const order = Array.from({ length: line.length }, (_, index) => index);
    for (const [start, end] of bidi.getReorderSegments(line, levels)) {
      order.splice(start, end - start + 1, ...order.slice(start, end + 1).reverse());
    }
    const groups: { indices: number[]; arabic: boolean; rtl: boolean }[] = [];
    for (const index of order) {
      const char = line[index] as string;
      if (BIDI_CONTROLS.test(char)) continue;
      const arabic = ARABIC_SCRIPT.test(char);
      const rtl = ((levels.levels[index] ?? 0) & 1) === 1;
      const last = groups.at(-1);
      if (last && last.arabic === arabic && last.rtl === rtl) last.indices.push(index);
      else groups.push({ indices: [index], arabic, rtl });
    }
    return groups.map((group) => {
      const latin = style.bold ? this.fonts.bold : this.fonts.regular;
      const font = group.arabic ? this.fonts.arabic : latin;
      // An Arabic run is handed over in logical order: fontkit shapes it and lays it out right to left itself.
      const indices = group.arabic && group.rtl ? [...group.indices].sort((a, b) => a - b) : group.indices;
      const raw = indices.map((index) => mirrored.get(index) ?? line[index]).join("");
      const text = group.arabic ? raw : winAnsi(latin, raw);
      return { text, font, width: font.widthOfTextAtSize(text, size) };
    });
  }

  private measure(line: string, style: TextStyle): number {
    return this.runs(line, style).reduce((sum, run) => sum + run.width, 0);
  }

  /** Draws one line starting at the reading edge (left, or right in right-to-left), `indent` points in. */
  private drawLine(line: string, style: TextStyle, indent = 0) {
    const size = style.size ?? 11;
    const runs = this.runs(line, style);
    const total = runs.reduce((sum, run) => sum + run.width, 0);
    let x = this.rtl ? PAGE[0] - MARGIN - indent - total : MARGIN + indent;
    for (const run of runs) {
      this.page.drawText(run.text, { x, y: this.y - size, size, font: run.font, color: rgb(...(style.color ?? INK)) });
      x += run.width;
    }
  }

  /** Splits a paragraph into lines that fit `width` points (words are never cut). */
  private wrap(text: string, style: TextStyle, width: number): string[] {
    const lines: string[] = [];
    let current = "";
    for (const word of text.split(/ +/)) {
      const candidate = current ? `${current} ${word}` : word;
      if (current && this.measure(candidate, style) > width) {
        lines.push(current);
        current = word;
      } else current = candidate;
    }
    if (current) lines.push(current);
    return lines;
  }

  /** A paragraph, wrapped; `after` is the space below it. */
  text(text: string, style: TextStyle = {}, after = 0) {
    const size = style.size ?? 11;
    for (const line of this.wrap(text, style, this.width)) {
      this.room(size * 1.5);
      this.drawLine(line, style);
      this.y -= size * 1.5;
    }
    this.y -= after;
  }

  heading(text: string, size = 13) {
    this.room(size * 1.5 + 30);
    this.gap(6);
    this.text(text, { bold: true, size, color: ACCENT }, 2);
  }

  /** "Label: value"; the value keeps its own direction (a number in an Arabic letter reads left to right). */
  field(label: string, value: string) {
    this.text(`${label}: ${isolate(value)}`);
  }

  gap(points: number) {
    this.y -= points;
  }

  /** Short items (phone numbers) in columns, in reading order; pages follow as needed. */
  columns(items: string[], count: number, style: TextStyle = {}) {
    const size = style.size ?? 11;
    const columnWidth = this.width / count;
    for (let start = 0; start < items.length; start += count) {
      this.room(size * 1.5);
      items.slice(start, start + count).forEach((item, column) => {
        this.drawLine(isolate(item), style, column * columnWidth);
      });
      this.y -= size * 1.5;
    }
  }

  /** The logo at the reading edge, at most `maxWidth` × `maxHeight` points. */
  image(image: PDFImage, maxWidth: number, maxHeight: number) {
    const scaled = image.scaleToFit(maxWidth, maxHeight);
    this.room(scaled.height);
    const x = this.rtl ? PAGE[0] - MARGIN - scaled.width : MARGIN;
    this.page.drawImage(image, { x, y: this.y - scaled.height, width: scaled.width, height: scaled.height });
    this.y -= scaled.height;
  }

  /** A line to sign or write on, with its label under it. */
  signatureLine(label: string, width = 220) {
    this.room(48);
    this.y -= 28;
    const x = this.rtl ? PAGE[0] - MARGIN - width : MARGIN;
    this.page.drawLine({ start: { x, y: this.y }, end: { x: x + width, y: this.y }, thickness: 0.8, color: rgb(...INK) });
    this.y -= 4;
    this.text(label, { size: 9, color: MUTED });
  }

  /** Writes `footer(page, pages)` at the foot of every page, then the PDF's bytes. */
  async save(footer: (page: number, pages: number) => string): Promise<Uint8Array> {
    const pages = this.pdf.getPages();
    pages.forEach((page, index) => {
      this.page = page;
      this.y = MARGIN;
      this.drawLine(footer(index + 1, pages.length), { size: 8, color: MUTED });
    });
    return this.pdf.save();
  }
}

/** The standard fonts encode WinAnsi only: any other character becomes "?" instead of failing the document. */
function winAnsi(font: PDFFont, text: string): string {
  const supported = font.getCharacterSet();
  return [...text].map((char) => (supported.includes(char.codePointAt(0) ?? 0) ? char : "?")).join("");
}
