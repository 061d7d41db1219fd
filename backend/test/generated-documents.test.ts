import fontkit from "@pdf-lib/fontkit";
import { describe, expect, it } from "vitest";
import { arabicFontBytes } from "../src/lib/pdf/arabic-font";
import { type Client, json, signedIn } from "./helpers";
import { type DrawnText, type PdfContents, readPdf } from "./pdf-text";

type Order = {
  id: number;
  status: string;
  documents: { id: number; kind: string; source: string; filename: string; content_type: string }[];
};
type Generated = { order: Order; branded_document: { id: number; name: string; size: number } };
type Invalid = { message: string; errors: Record<string, string[]> };

const PIN = "739146";
let serial = 0;
/** Numbers no other test of this file uses: (617) 8xx-xxxx, even last digit (the sandbox's "Sandbox Telco"). */
function numbers(count: number): string[] {
  serial += 1;
  return Array.from({ length: count }, (_, index) => {
    const line = serial * 2000 + index * 2;
    return `+1617${String(800 + Math.floor(line / 10000)).padStart(3, "0")}${String(line % 10000).padStart(4, "0")}`;
  });
}

const orderBody = (list: string[], overrides: Record<string, unknown> = {}) => ({
  numbers: list,
  entity_name: "Northwind Dental Group",
  authorized_person: "Priya Raman",
  billing_telephone_number: "+16175550142",
  account_number: "NW-884201",
  pin: PIN,
  service_address: {
    house_number: "12",
    street_name: "Harbor",
    street_suffix: "St",
    city: "Boston",
    state: "MA",
    postal_code: "02110",
    country: "US",
  },
  partial: true,
  requested_foc_date: "2031-03-04",
  ...overrides,
});

async function draft(client: Client, body: Record<string, unknown>): Promise<Order> {
  const response = await client.post("/api/porting/orders", body);
  expect(response.status).toBe(201);
  return json<Order>(response);
}

async function pdfOf(response: Response): Promise<Uint8Array> {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="/);
  return new Uint8Array(await response.arrayBuffer());
}

const lines = (contents: PdfContents) => contents.runs.map((run) => run.text).join("\n");
/** An Arabic run back in reading order: its glyphs are drawn right to left. */
const logical = (run: DrawnText) => [...run.parts].reverse().join("");

describe("letter of authorization", { timeout: 30_000 }, () => {
  it("generates the LOA into the order's documents and the branded documents, with the details and never the PIN", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const list = numbers(3);
    const order = await draft(member, orderBody(list));
    const response = await member.post(`/api/porting/orders/${order.id}/loa`, { locale: "en" });
    expect(response.status).toBe(201);
    const generated = await json<Generated>(response);
    const document = generated.order.documents.at(-1);
    expect(document).toMatchObject({
      kind: "loa",
      source: "generated",
      content_type: "application/pdf",
      filename: `LOA-order-${order.id}.pdf`,
    });
    expect(generated.branded_document.name).toBe(`LOA - order ${order.id} - Northwind Dental Group.pdf`);

    const fromOrder = await pdfOf(await member.get(`/api/porting/orders/${order.id}/documents/${document?.id}`));
    const fromLibrary = await pdfOf(await member.get(`/api/branded-documents/${generated.branded_document.id}/file`));
    expect(fromLibrary).toEqual(fromOrder);

    const contents = await readPdf(fromOrder);
    const text = lines(contents);
    for (const expected of [
      "Letter of Authorization",
      `Porting order #${order.id}`,
      "Entity name: Northwind Dental Group",
      "Authorized person: Priya Raman",
      "Billing telephone number (BTN): (617) 555-0142",
      "Account number with the current provider: NW-884201",
      "Service address: 12 Harbor St, Boston, MA 02110, US",
      "Requested FOC date: 2031-03-04",
      "Partial port",
      "Current provider: Sandbox Telco (SPID 991A): 3 numbers",
      "Numbers to port (3)",
      "Signature of the authorized person",
    ]) {
      expect(text).toContain(expected);
    }
    for (const number of list) expect(text).toContain(`(617) ${number.slice(5, 8)}-${number.slice(8)}`);
    // The PIN is nowhere: not in the text drawn, not in any content stream, not in the file's bytes.
    expect(text).not.toContain(PIN);
    expect(contents.streams.join("")).not.toContain(PIN);
    expect(new TextDecoder("latin1").decode(fromOrder)).not.toContain(PIN);

    const library = await json<{ data: { id: number }[] }>(await member.get(`/api/branded-documents?search=LOA - order ${order.id}`));
    expect(library.data.map((row) => row.id)).toEqual([generated.branded_document.id]);
    const activity = await json<{ data: { action: string; subject_id: number }[] }>(
      await member.get("/api/activity-log?action=porting_orders.loa_generated"),
    );
    expect(activity.data.some((row) => row.subject_id === order.id)).toBe(true);
  });

  it("lists hundreds of numbers over as many pages as they need", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const list = numbers(300);
    const order = await draft(member, orderBody(list, { partial: false, requested_foc_date: null }));
    const generated = await json<Generated>(await member.post(`/api/porting/orders/${order.id}/loa`, { locale: "en" }));
    const bytes = await pdfOf(await member.get(`/api/branded-documents/${generated.branded_document.id}/file`));
    const contents = await readPdf(bytes);
    const pages = Math.max(...contents.runs.map((run) => run.page));
    expect(pages).toBeGreaterThanOrEqual(2);
    const text = lines(contents);
    expect(text).toContain("Numbers to port (300)");
    expect(text).toContain("Requested FOC date: As soon as possible");
    expect(text).toContain(`Page ${pages} of ${pages}`);
    const last = list.at(-1) as string;
    expect(text).toContain(`(617) ${last.slice(5, 8)}-${last.slice(8)}`);
  });

  it("keeps tenants apart (404), needs tools.phone_numbers.port (403), complete details (422) and an editable order (409)", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const order = await draft(member, orderBody(numbers(1)));
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    expect((await lakeside.post(`/api/porting/orders/${order.id}/loa`, {})).status).toBe(404);
    const auditor = await signedIn("auditor@amp.test");
    expect((await auditor.post(`/api/porting/orders/${order.id}/loa`, {})).status).toBe(403);

    const incomplete = await draft(member, orderBody(numbers(1), { authorized_person: "", service_address: null }));
    const refused = await member.post(`/api/porting/orders/${incomplete.id}/loa`, {});
    expect(refused.status).toBe(422);
    expect((await json<Invalid>(refused)).errors).toEqual({
      authorized_person: ["validation.required"],
      service_address: ["validation.required"],
    });

    const cancelled = await draft(member, orderBody(numbers(1)));
    await member.post(`/api/porting/orders/${cancelled.id}/transitions`, { to: "cancelled" });
    const closed = await member.post(`/api/porting/orders/${cancelled.id}/loa`, {});
    expect(closed.status).toBe(409);
    expect((await json<Invalid>(closed)).message).toBe("porting.order.not_editable");
  });

  it("writes an Arabic LOA right to left with the embedded Arabic font", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const order = await draft(member, orderBody(numbers(2)));
    const generated = await json<Generated>(await member.post(`/api/porting/orders/${order.id}/loa`, { locale: "ar" }));
    const contents = await readPdf(await pdfOf(await member.get(`/api/branded-documents/${generated.branded_document.id}/file`)));
    const arabic = contents.runs.filter((run) => run.font.includes("NotoNaskhArabic"));
    const words = arabic.map(logical);
    for (const word of ["خطاب", "تفويض", "الشخص", "المفوض"]) expect(words).toContain(word);
    // Latin details keep their own runs, left to right, in Helvetica.
    expect(lines(contents)).toContain("Priya Raman");
    expect(lines(contents)).not.toContain(PIN);
  });
});

describe("welcome letter languages", { timeout: 30_000 }, () => {
  /** The outline of each glyph drawn by a run, as SVG path data, from the font program embedded in the PDF. */
  async function outlines(contents: PdfContents, run: DrawnText): Promise<string[]> {
    const entry = [...contents.fonts.values()].find((font) => font.baseFont === run.font);
    if (!entry?.program) throw new Error(`no embedded program for ${run.font}`);
    const font = fontkit.create(entry.program);
    return run.codes.map((code) => font.getGlyph(code).path.toSVG());
  }
  /** The outlines of Unicode presentation forms (U+FExx) in the original font: the shapes a correct shaper picks. */
  function presentationForms(...codePoints: number[]): string[] {
    const font = fontkit.create(arabicFontBytes());
    return codePoints.map((codePoint) => {
      const glyph = font.glyphForCodePoint(codePoint);
      expect(glyph.id).toBeGreaterThan(0);
      return glyph.path.toSVG();
    });
  }

  it("embeds the Arabic font and draws shaped Arabic, right to left", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    const response = await member.post("/api/branded-documents/welcome-letter", { locale: "ar" });
    expect(response.status).toBe(201);
    const doc = await json<{ id: number }>(response);
    const contents = await readPdf(await pdfOf(await member.get(`/api/branded-documents/${doc.id}/file`)));
    expect([...contents.fonts.values()].some((font) => /^NotoNaskhArabic-\d+$/.test(font.baseFont))).toBe(true);

    const arabic = contents.runs.filter((run) => run.font.includes("NotoNaskhArabic"));
    // "مرحبا" (welcome): drawn left to right as alef final, beh medial, hah initial, reh final, meem initial.
    const welcome = arabic.find((run) => logical(run) === "مرحبا");
    expect(welcome?.parts).toEqual(["ا", "ب", "ح", "ر", "م"]);
    expect(await outlines(contents, welcome as DrawnText)).toEqual(presentationForms(0xfe8e, 0xfe92, 0xfea3, 0xfeae, 0xfee3));
    // "أهلا": the lam-alef ligature (final form) is one glyph standing for two letters.
    const hello = arabic.find((run) => logical(run) === "أهلا");
    expect(hello?.parts).toEqual(["لا", "ه", "أ"]);
    expect(await outlines(contents, hello as DrawnText)).toEqual(presentationForms(0xfefc, 0xfeeb, 0xfe83));

    // A right-to-left line ends at the right margin: the title's last run is its first word, on the right.
    const title = arabic.find((run) => logical(run) === "بكم");
    expect(title && welcome && title.x < welcome.x).toBe(true);
    // Latin names inside the Arabic text stay left to right in Helvetica; a Latin address line stays in its order.
    expect(contents.runs.some((run) => run.font === "Helvetica" && run.text === "Northwind Dental")).toBe(true);
    expect(contents.runs.some((run) => run.text === "1200 NW Everett St")).toBe(true);
  });

  it("writes French and English letters with the standard fonts", async () => {
    const member = await signedIn("orgadmin@northwind.test");
    for (const [locale, expected] of [
      ["fr", "Bienvenue sur"],
      ["en", "Welcome to"],
    ] as const) {
      const doc = await json<{ id: number }>(await member.post("/api/branded-documents/welcome-letter", { locale }));
      const contents = await readPdf(await pdfOf(await member.get(`/api/branded-documents/${doc.id}/file`)));
      expect(lines(contents)).toContain(expected);
      expect(contents.runs.some((run) => run.font.includes("NotoNaskhArabic"))).toBe(false);
    }
  });
});
