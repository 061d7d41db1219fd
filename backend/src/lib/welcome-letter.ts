/** The welcome letter of an organization, as PDF (pdf-lib): its logo, its details, the portal's address. */
import { and, desc, eq, inArray, like } from "drizzle-orm";
import { PDFDocument, type PDFFont, type PDFImage, rgb, StandardFonts } from "pdf-lib";
import type { Db } from "../db/client";
import { brandedDocuments, type organizations } from "../db/schema";
import type { AppEnv } from "./context";
import { getSettings } from "./settings";

type Organization = typeof organizations.$inferSelect;

const COPY = {
  en: {
    title: "Welcome",
    greeting: (contact: string) => `Dear ${contact},`,
    body: (portal: string, organization: string) => [
      `Welcome to ${portal}. The account of ${organization} is ready.`,
      "Your administrators can now sign in to the portal to manage users, phone numbers, E911 addresses,",
      "the SMTP relay for your e-mails and your branded documents.",
      "Our support team is at your disposal for any question.",
    ],
    details: "Your account",
    account: "Account number",
    address: "Address",
    contact: "Contact",
    portal: "Portal",
    closing: "Kind regards,",
    team: (portal: string) => `The ${portal} team`,
    date: "Date",
  },
  fr: {
    title: "Bienvenue",
    greeting: (contact: string) => `Madame, Monsieur ${contact},`,
    body: (portal: string, organization: string) => [
      `Bienvenue sur ${portal}. Le compte de ${organization} est prêt.`,
      "Vos administrateurs peuvent désormais se connecter au portail pour gérer les utilisateurs, les numéros,",
      "les adresses E911, le relais SMTP de vos e-mails et vos documents de marque.",
      "Notre équipe d’assistance reste à votre disposition pour toute question.",
    ],
    details: "Votre compte",
    account: "Numéro de compte",
    address: "Adresse",
    contact: "Contact",
    portal: "Portail",
    closing: "Cordialement,",
    team: (portal: string) => `L’équipe ${portal}`,
    date: "Date",
  },
} as const;

/** Standard PDF fonts encode WinAnsi only: other characters become "?" instead of failing the whole letter. */
function printable(font: PDFFont, text: string): string {
  return [...text].map((char) => (font.getCharacterSet().includes(char.codePointAt(0) ?? 0) ? char : "?")).join("");
}

async function logoImage(env: AppEnv["Bindings"], db: Db, pdf: PDFDocument, organizationId: number): Promise<PDFImage | null> {
  const [own] = await db
    .select({ key: brandedDocuments.objectKey, kind: brandedDocuments.kind })
    .from(brandedDocuments)
    .where(
      and(
        eq(brandedDocuments.organizationId, organizationId),
        inArray(brandedDocuments.kind, ["png", "jpeg"]),
        like(brandedDocuments.name, "%logo%"),
      ),
    )
    .orderBy(desc(brandedDocuments.updatedAt))
    .limit(1);
  let source: { key: string; kind: string } | null = own ?? null;
  if (!source) {
    const logo = (await getSettings(db)).logos.light;
    if (logo && (logo.content_type === "image/png" || logo.content_type === "image/jpeg")) {
      source = { key: logo.key, kind: logo.content_type === "image/png" ? "png" : "jpeg" };
    }
  }
  if (!source) return null;
  const object = await env.FILES.get(source.key);
  if (!object) return null;
  const bytes = new Uint8Array(await object.arrayBuffer());
  try {
    return source.kind === "png" ? await pdf.embedPng(bytes) : await pdf.embedJpg(bytes);
  } catch {
    // An image pdf-lib cannot read (e.g. an interlaced PNG) leaves the letter without a logo rather than failing.
    return null;
  }
}

export async function welcomeLetterPdf(
  env: AppEnv["Bindings"],
  db: Db,
  organization: Organization,
  locale: "en" | "fr" | "ar",
): Promise<Uint8Array> {
  const copy = COPY[locale === "fr" ? "fr" : "en"];
  const settings = await getSettings(db);
  const portal = settings.portal_name;
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${copy.title} - ${organization.name}`);
  pdf.setAuthor(portal);
  pdf.setCreator(portal);
  const page = pdf.addPage([595.28, 841.89]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const margin = 56;
  let y = 841.89 - margin;
  const write = (text: string, options: { font?: PDFFont; size?: number; color?: [number, number, number] } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 11;
    page.drawText(printable(font, text), { x: margin, y, size, font, color: rgb(...(options.color ?? [0.15, 0.15, 0.2])) });
    y -= size * 1.6;
  };

  const logo = await logoImage(env, db, pdf, organization.id);
  if (logo) {
    const scaled = logo.scaleToFit(160, 60);
    page.drawImage(logo, { x: margin, y: y - scaled.height, width: scaled.width, height: scaled.height });
    y -= scaled.height + 24;
  } else {
    write(portal, { font: bold, size: 20, color: [0.45, 0.4, 0.94] });
    y -= 8;
  }
  write(`${copy.date}: ${new Date().toISOString().slice(0, 10)}`, { size: 10, color: [0.4, 0.4, 0.45] });
  y -= 8;
  write(organization.name, { font: bold, size: 13 });
  const addressLines = [
    organization.addressLine1,
    organization.addressLine2,
    [organization.city, organization.state, organization.postalCode].filter(Boolean).join(", "),
    organization.country,
  ].filter((line): line is string => Boolean(line));
  for (const line of addressLines) write(line);
  y -= 16;
  write(copy.title, { font: bold, size: 22, color: [0.45, 0.4, 0.94] });
  y -= 4;
  write(copy.greeting(organization.contactName ?? organization.name));
  y -= 4;
  for (const line of copy.body(portal, organization.name)) write(line);
  y -= 12;
  write(copy.details, { font: bold, size: 13 });
  const details: [string, string | null][] = [
    [copy.account, organization.accountNumber],
    [copy.contact, [organization.contactName, organization.contactEmail, organization.contactPhone].filter(Boolean).join(" - ") || null],
    [copy.address, addressLines.join(", ") || null],
  ];
  for (const [label, value] of details) if (value) write(`${label}: ${value}`);
  y -= 16;
  write(copy.closing);
  write(copy.team(portal), { font: bold });
  return pdf.save();
}
