/** The welcome letter of an organization, as PDF: its logo, its details, the portal's address; in en, fr or ar. */
import type { Db } from "../db/client";
import type { organizations } from "../db/schema";
import type { AppEnv } from "./context";
import { ACCENT, type DocumentLocale, isolate, PdfLetter } from "./pdf/letter";
import { organizationLogo } from "./pdf/logo";
import { getSettings } from "./settings";

type Organization = typeof organizations.$inferSelect;

type Copy = {
  title: string;
  greeting: (contact: string) => string;
  body: (portal: string, organization: string) => string[];
  details: string;
  account: string;
  address: string;
  contact: string;
  closing: string;
  team: (portal: string) => string;
  date: string;
  page: (page: number, pages: number) => string;
};

const COPY: Record<DocumentLocale, Copy> = {
  en: {
    title: "Welcome",
    greeting: (contact) => `Dear ${contact},`,
    body: (portal, organization) => [
      `Welcome to ${portal}. The account of ${organization} is ready.`,
      "Your administrators can now sign in to the portal to manage users, phone numbers, E911 addresses, the SMTP relay for your e-mails and your branded documents.",
      "Our support team is at your disposal for any question.",
    ],
    details: "Your account",
    account: "Account number",
    address: "Address",
    contact: "Contact",
    closing: "Kind regards,",
    team: (portal) => `The ${portal} team`,
    date: "Date",
    page: (page, pages) => `Page ${page} of ${pages}`,
  },
  fr: {
    title: "Bienvenue",
    greeting: (contact) => `Madame, Monsieur ${contact},`,
    body: (portal, organization) => [
      `Bienvenue sur ${portal}. Le compte de ${organization} est prêt.`,
      "Vos administrateurs peuvent désormais se connecter au portail pour gérer les utilisateurs, les numéros, les adresses E911, le relais SMTP de vos e-mails et vos documents de marque.",
      "Notre équipe d’assistance reste à votre disposition pour toute question.",
    ],
    details: "Votre compte",
    account: "Numéro de compte",
    address: "Adresse",
    contact: "Contact",
    closing: "Cordialement,",
    team: (portal) => `L’équipe ${portal}`,
    date: "Date",
    page: (page, pages) => `Page ${page} sur ${pages}`,
  },
  ar: {
    title: "مرحبا بكم",
    greeting: (contact) => `حضرة ${contact} المحترم،`,
    body: (portal, organization) => [
      `أهلا بكم في ${portal}. حساب ${organization} جاهز.`,
      "يمكن لمسؤوليكم الآن تسجيل الدخول إلى البوابة لإدارة المستخدمين وأرقام الهاتف وعناوين الطوارئ E911 ومرحل SMTP لرسائلكم الإلكترونية ومستنداتكم ذات العلامة التجارية.",
      "فريق الدعم لدينا في خدمتكم لأي استفسار.",
    ],
    details: "حسابكم",
    account: "رقم الحساب",
    address: "العنوان",
    contact: "جهة الاتصال",
    closing: "مع أطيب التحيات،",
    team: (portal) => `فريق ${portal}`,
    date: "التاريخ",
    page: (page, pages) => `صفحة ${page} من ${pages}`,
  },
};

export async function welcomeLetterPdf(
  env: AppEnv["Bindings"],
  db: Db,
  organization: Organization,
  locale: DocumentLocale,
): Promise<Uint8Array> {
  const copy = COPY[locale];
  const portal = (await getSettings(db)).portal_name;
  const name = isolate(organization.name);
  const letter = await PdfLetter.create({ locale, title: `${copy.title} - ${organization.name}`, author: portal });

  const logo = await organizationLogo(env, db, letter.pdf, organization.id);
  if (logo) letter.image(logo, 160, 60);
  else letter.text(portal, { bold: true, size: 20, color: ACCENT });
  letter.gap(20);
  letter.field(copy.date, new Date().toISOString().slice(0, 10));
  letter.gap(8);
  letter.text(organization.name, { bold: true, size: 13 });
  const addressLines = [
    organization.addressLine1,
    organization.addressLine2,
    [organization.city, organization.state, organization.postalCode].filter(Boolean).join(", "),
    organization.country,
  ].filter((line): line is string => Boolean(line));
  for (const line of addressLines) letter.text(isolate(line));
  letter.gap(16);
  letter.text(copy.title, { bold: true, size: 22, color: ACCENT }, 4);
  letter.text(copy.greeting(isolate(organization.contactName ?? organization.name)), {}, 4);
  for (const paragraph of copy.body(isolate(portal), name)) letter.text(paragraph, {}, 4);
  letter.heading(copy.details);
  const details: [string, string | null][] = [
    [copy.account, organization.accountNumber],
    [copy.contact, [organization.contactName, organization.contactEmail, organization.contactPhone].filter(Boolean).join(" - ") || null],
    [copy.address, addressLines.join(", ") || null],
  ];
  for (const [label, value] of details) if (value) letter.field(label, value);
  letter.gap(16);
  letter.text(copy.closing);
  letter.text(copy.team(isolate(portal)), { bold: true });
  return letter.save((page, pages) => `${name} · ${copy.page(page, pages)}`);
}
