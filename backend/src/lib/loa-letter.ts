/**
 * The letter of authorization (LOA) of a port-in order, as PDF: the organization's logo, the account holder's
 * details, the numbers (as many pages as they need), the requested FOC date, the current provider(s) when
 * the carrier knows them, and lines for the authorized person's signature and the date; in en, fr or ar.
 * The order's PIN is never read here: an LOA is printed, e-mailed and filed, the PIN stays write-only.
 */
import { formatNanp } from "../../../common/phone-numbers";
import type { Db } from "../db/client";
import type { AppEnv } from "./context";
import { ACCENT, type DocumentLocale, isolate, MUTED, PdfLetter } from "./pdf/letter";
import { organizationLogo } from "./pdf/logo";
import { getSettings } from "./settings";

export type LoaOrder = {
  id: number;
  organizationId: number;
  numbers: string[];
  entityName: string;
  authorizedPerson: string;
  billingTelephoneNumber: string;
  accountNumber: string;
  serviceAddress: {
    house_number: string;
    street_name: string;
    street_suffix?: string | null;
    unit?: string | null;
    city: string;
    state: string;
    postal_code: string;
    country: string;
  } | null;
  partial: boolean;
  requestedFocDate: string | null;
};

/** A current provider of some of the numbers, as the carrier's portability check names it. */
export type LosingCarrier = { name: string; spid: string | null; numbers: number };

type Copy = {
  title: string;
  order: (id: number) => string;
  date: string;
  authorization: (portal: string, entity: string) => string;
  holder: string;
  entity: string;
  person: string;
  btn: string;
  account: string;
  address: string;
  details: string;
  foc: string;
  asap: string;
  type: string;
  full: string;
  partial: string;
  carriers: string;
  carrier: (carrier: LosingCarrier) => string;
  unknown: string;
  numbers: (count: number) => string;
  signature: string;
  name: string;
  title_line: string;
  signed_on: string;
  page: (page: number, pages: number) => string;
};

const COPY: Record<DocumentLocale, Copy> = {
  en: {
    title: "Letter of Authorization",
    order: (id) => `Porting order #${id}`,
    date: "Date",
    authorization: (portal, entity) =>
      `I, the undersigned, authorize ${portal} and the carriers acting on its behalf to act as agent of ${entity} to transfer (port) the telephone numbers listed in this letter from their current service provider, and to make the changes this transfer requires. I confirm that I am authorized to act for the account holder and that the information in this letter is correct, and I understand that the current provider's service ends for these numbers once the transfer is complete.`,
    holder: "Account holder",
    entity: "Entity name",
    person: "Authorized person",
    btn: "Billing telephone number (BTN)",
    account: "Account number with the current provider",
    address: "Service address",
    details: "Transfer",
    foc: "Requested FOC date",
    asap: "As soon as possible",
    type: "Type",
    full: "Full port (every number of the account)",
    partial: "Partial port (the account keeps other numbers)",
    carriers: "Current provider",
    carrier: (carrier) =>
      `${carrier.name}${carrier.spid ? ` (SPID ${carrier.spid})` : ""}: ${carrier.numbers} ${carrier.numbers === 1 ? "number" : "numbers"}`,
    unknown: "Not known",
    numbers: (count) => `Numbers to port (${count})`,
    signature: "Signature of the authorized person",
    name: "Name",
    title_line: "Title",
    signed_on: "Date signed",
    page: (page, pages) => `Page ${page} of ${pages}`,
  },
  fr: {
    title: "Lettre d’autorisation",
    order: (id) => `Demande de portabilité n° ${id}`,
    date: "Date",
    authorization: (portal, entity) =>
      `Je soussigné(e) autorise ${portal} et les opérateurs agissant pour son compte à agir en qualité de mandataire de ${entity} pour transférer (porter) les numéros de téléphone figurant dans cette lettre depuis leur opérateur actuel, et à effectuer les changements que ce transfert exige. Je confirme être habilité(e) à agir pour le titulaire du compte et que les informations de cette lettre sont exactes, et je comprends que le service de l’opérateur actuel prend fin pour ces numéros une fois le transfert terminé.`,
    holder: "Titulaire du compte",
    entity: "Raison sociale",
    person: "Personne autorisée",
    btn: "Numéro de téléphone de facturation (BTN)",
    account: "Numéro de compte chez l’opérateur actuel",
    address: "Adresse de service",
    details: "Transfert",
    foc: "Date de portage (FOC) demandée",
    asap: "Dès que possible",
    type: "Type",
    full: "Portage complet (tous les numéros du compte)",
    partial: "Portage partiel (le compte garde d’autres numéros)",
    carriers: "Opérateur actuel",
    carrier: (carrier) =>
      `${carrier.name}${carrier.spid ? ` (SPID ${carrier.spid})` : ""} : ${carrier.numbers} ${carrier.numbers === 1 ? "numéro" : "numéros"}`,
    unknown: "Inconnu",
    numbers: (count) => `Numéros à porter (${count})`,
    signature: "Signature de la personne autorisée",
    name: "Nom",
    title_line: "Fonction",
    signed_on: "Date de signature",
    page: (page, pages) => `Page ${page} sur ${pages}`,
  },
  ar: {
    title: "خطاب تفويض",
    order: (id) => `طلب نقل الأرقام رقم ${id}`,
    date: "التاريخ",
    authorization: (portal, entity) =>
      `أنا الموقع أدناه، أفوض ${portal} ومشغلي الاتصالات العاملين لحسابه بالتصرف وكيلا عن ${entity} لنقل أرقام الهاتف المذكورة في هذا الخطاب من مزود الخدمة الحالي، وبإجراء التغييرات التي يتطلبها هذا النقل. وأؤكد أنني مخول بالتصرف باسم صاحب الحساب وأن المعلومات الواردة في هذا الخطاب صحيحة، وأدرك أن خدمة المزود الحالي لهذه الأرقام تنتهي عند اكتمال النقل.`,
    holder: "صاحب الحساب",
    entity: "اسم الجهة",
    person: "الشخص المفوض",
    btn: "رقم هاتف الفوترة (BTN)",
    account: "رقم الحساب لدى المزود الحالي",
    address: "عنوان الخدمة",
    details: "النقل",
    foc: "تاريخ النقل المطلوب (FOC)",
    asap: "في أقرب وقت ممكن",
    type: "النوع",
    full: "نقل كامل (جميع أرقام الحساب)",
    partial: "نقل جزئي (يحتفظ الحساب بأرقام أخرى)",
    carriers: "المزود الحالي",
    carrier: (carrier) => `${isolate(`${carrier.name}${carrier.spid ? ` (SPID ${carrier.spid})` : ""}`)}: عدد الأرقام ${carrier.numbers}`,
    unknown: "غير معروف",
    numbers: (count) => `الأرقام المطلوب نقلها (${count})`,
    signature: "توقيع الشخص المفوض",
    name: "الاسم",
    title_line: "المنصب",
    signed_on: "تاريخ التوقيع",
    page: (page, pages) => `صفحة ${page} من ${pages}`,
  },
};

export function serviceAddressLine(address: NonNullable<LoaOrder["serviceAddress"]>): string {
  return [
    [address.house_number, address.street_name, address.street_suffix].filter(Boolean).join(" "),
    address.unit,
    `${address.city}, ${address.state} ${address.postal_code}`,
    address.country,
  ]
    .filter(Boolean)
    .join(", ");
}

export async function loaPdf(
  env: AppEnv["Bindings"],
  db: Db,
  order: LoaOrder,
  carriers: LosingCarrier[] | null,
  locale: DocumentLocale,
): Promise<Uint8Array> {
  const copy = COPY[locale];
  const portal = (await getSettings(db)).portal_name;
  const letter = await PdfLetter.create({ locale, title: `${copy.title} - ${copy.order(order.id)} - ${order.entityName}`, author: portal });

  const logo = await organizationLogo(env, db, letter.pdf, order.organizationId);
  if (logo) letter.image(logo, 160, 60);
  else letter.text(portal, { bold: true, size: 20, color: ACCENT });
  letter.gap(18);
  letter.text(copy.title, { bold: true, size: 22, color: ACCENT });
  letter.text(copy.order(order.id), { size: 12, color: MUTED });
  letter.field(copy.date, new Date().toISOString().slice(0, 10));
  letter.gap(8);
  letter.text(copy.authorization(isolate(portal), isolate(order.entityName)), {}, 4);

  letter.heading(copy.holder);
  letter.field(copy.entity, order.entityName);
  letter.field(copy.person, order.authorizedPerson);
  letter.field(copy.btn, formatNanp(order.billingTelephoneNumber));
  letter.field(copy.account, order.accountNumber);
  letter.field(copy.address, order.serviceAddress ? serviceAddressLine(order.serviceAddress) : copy.unknown);

  letter.heading(copy.details);
  letter.field(copy.foc, order.requestedFocDate ?? copy.asap);
  letter.text(`${copy.type}: ${order.partial ? copy.partial : copy.full}`);
  if (carriers && carriers.length > 0) for (const carrier of carriers) letter.text(`${copy.carriers}: ${copy.carrier(carrier)}`);
  else letter.text(`${copy.carriers}: ${copy.unknown}`);

  letter.heading(copy.numbers(order.numbers.length));
  letter.columns(order.numbers.map(formatNanp), 3);

  letter.gap(12);
  letter.signatureLine(copy.signature);
  letter.field(copy.name, order.authorizedPerson);
  letter.signatureLine(copy.title_line);
  letter.signatureLine(copy.signed_on, 140);
  return letter.save((page, pages) => `${copy.title} · ${copy.order(order.id)} · ${copy.page(page, pages)}`);
}
