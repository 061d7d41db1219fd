/**
 * Phone-number import rules shared by the portal and the backend: the CSV columns (with the header
 * spellings spreadsheets use), the limits, the delimiter guess on the header line and the template.
 */
import { E911_ADDRESS_FIELDS } from "./e911";

/** Uploads larger than this are refused (`imports.file_too_large`). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Files with more data rows than this are refused (`imports.too_many_rows`). */
export const IMPORT_MAX_ROWS = 200_000;
/**
 * Who may upload a file to validate (it is stored in R2 and its rows in D1, so it is a write): a role that can
 * add numbers, by ordering or by importing. Read-only roles (Auditor) see the imports, never upload.
 */
export const IMPORT_UPLOAD_PERMISSIONS = ["tools.phone_numbers.order", "tools.phone_numbers.import"] as const;
/** Uploads per user and hour (backend IMPORT_UPLOADS_PER_HOUR overrides it): bounds what one account can store. */
export const IMPORT_UPLOADS_PER_HOUR = 30;
/** Pasted text is a form field: it is kept to this many characters. */
export const IMPORT_MAX_PASTE_CHARS = 1_000_000;
/** Row errors listed on the preview; the error report has all of them. */
export const IMPORT_PREVIEW_ERRORS = 100;
/** Numbers of these countries can be imported (the NANP regions the carriers and E911 serve). */
export const IMPORT_COUNTRIES = ["US", "CA", "PR"] as const;

export const IMPORT_STATUSES = ["validating", "validated", "queued", "running", "interrupted", "completed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const EXISTING_CHOICES = ["skip", "update"] as const;
export type ExistingChoice = (typeof EXISTING_CHOICES)[number];

/** The optional E911 columns (product.md's emergency address fields), as `e911_<field>`. */
export const E911_IMPORT_FIELDS = E911_ADDRESS_FIELDS;
export type E911ImportField = (typeof E911_IMPORT_FIELDS)[number];
/** An address needs these when any E911 column of the row is filled. */
export const E911_REQUIRED_FIELDS: readonly E911ImportField[] = [
  "caller_name",
  "house_number",
  "street_name",
  "city",
  "state",
  "postal_code",
];

export const IMPORT_COLUMNS = [
  "number",
  "organization",
  "type",
  "label",
  "cnam",
  ...E911_IMPORT_FIELDS.map((field) => `e911_${field}` as const),
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** Other header spellings (after normalisation) that mean a known column. */
const ALIASES: Record<string, ImportColumn> = {
  phone: "number",
  phone_number: "number",
  telephone: "number",
  telephone_number: "number",
  did: "number",
  tn: "number",
  e164: "number",
  account: "organization",
  account_number: "organization",
  organization_name: "organization",
  organisation: "organization",
  org: "organization",
  caller_id_name: "cnam",
  description: "label",
  name: "label",
};

/** "Phone Number", "phone-number", " PHONE_NUMBER " → "phone_number". */
export function normalizeHeader(header: string): string {
  return header
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[\s\-./]+/g, "_")
    .replace(/^_+|_+$/g, "");
}

/** The column a header names, or null for a column the import ignores (listed to the user). */
export function importColumn(header: string): ImportColumn | null {
  const name = normalizeHeader(header);
  if ((IMPORT_COLUMNS as readonly string[]).includes(name)) return name as ImportColumn;
  return ALIASES[name] ?? null;
}

export const IMPORT_DELIMITERS = [",", ";", "\t"] as const;
export type ImportDelimiter = (typeof IMPORT_DELIMITERS)[number];

/**
 * The delimiter of a header line: the most frequent of comma, semicolon and tab outside quotes (Excel
 * writes semicolons where the decimal separator is a comma, and tabs for "Unicode text"). Comma when none.
 */
export function detectDelimiter(headerLine: string): ImportDelimiter {
  const counts = new Map<ImportDelimiter, number>(IMPORT_DELIMITERS.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const char of headerLine) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && counts.has(char as ImportDelimiter))
      counts.set(char as ImportDelimiter, (counts.get(char as ImportDelimiter) ?? 0) + 1);
  }
  let best: ImportDelimiter = ",";
  for (const [delimiter, count] of counts) if (count > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/**
 * The downloadable template (written by common/csv.ts): every column, two example rows (staff fill
 * `organization`). The first number is E.164 without spaces, which the CSV writer leaves as it is; with
 * spaces after the `+` it would be a formula start and come out quoted.
 */
export const IMPORT_TEMPLATE_ROWS: readonly (readonly string[])[] = [
  IMPORT_COLUMNS,
  ["+12125550142", "BUS-10021", "local", "Front desk", "NORTHWIND", "", "", "", "", "", "", "", "", "", "", "", "", ""],
  [
    "(303) 555-0199",
    "Northwind Dental",
    "local",
    "Lobby phone",
    "",
    "Reception",
    "100",
    "",
    "",
    "Main",
    "St",
    "",
    "Suite 4",
    "DENVER",
    "CO",
    "80202",
    "",
    "US",
  ],
];

/** Why a row cannot be imported: the key after `imports.row.` in a row's error. */
export const IMPORT_ROW_ERRORS = [
  "number_required",
  "number_invalid",
  "number_country",
  "duplicate",
  "number_taken",
  "organization_required",
  "organization_unknown",
  "organization_not_allowed",
  "type_invalid",
  "label_invalid",
  "cnam_invalid",
  "e911_incomplete",
  "e911_invalid",
  "too_many_fields",
] as const;
export type ImportRowError = (typeof IMPORT_ROW_ERRORS)[number];

/**
 * The row messages in the three languages, written once: the portal's `imports` namespace uses them for the
 * preview and the backend for the error report's `error` column (i18next `{{name}}` interpolation).
 */
export const IMPORT_ROW_MESSAGES: Record<"en" | "fr" | "ar", Record<ImportRowError, string>> = {
  en: {
    number_required: "The number is missing.",
    number_invalid: "This is not a valid phone number.",
    number_country: "Numbers of this country ({{country}}) cannot be imported: US, Canada and Puerto Rico only.",
    duplicate: "Repeated in this file: the same number as row {{row}}.",
    number_taken: "Already in the inventory: another organization or the provider's stock holds this number.",
    organization_required: "Name the organization (account number or name).",
    organization_unknown: "No organization has this account number or name.",
    organization_not_allowed: "You can import numbers into your own organization only.",
    type_invalid: "The type must be local, toll_free or mobile.",
    label_invalid: "The label must be at most 100 visible characters.",
    cnam_invalid: "The caller ID name allows at most 15 letters, digits, spaces and . , & ' -",
    e911_incomplete: "An E911 address needs the caller name, house number, street, city, state and postal code.",
    e911_invalid: "This E911 value is not valid for the address's country.",
    too_many_fields: "This row has more values than the header has columns.",
  },
  fr: {
    number_required: "Le numéro manque.",
    number_invalid: "Ce n’est pas un numéro de téléphone valide.",
    number_country: "Les numéros de ce pays ({{country}}) ne peuvent pas être importés : États-Unis, Canada et Porto Rico uniquement.",
    duplicate: "Répété dans ce fichier : le même numéro qu’à la ligne {{row}}.",
    number_taken: "Déjà dans l’inventaire : ce numéro appartient à une autre organisation ou au stock du fournisseur.",
    organization_required: "Indiquez l’organisation (numéro de compte ou nom).",
    organization_unknown: "Aucune organisation n’a ce numéro de compte ou ce nom.",
    organization_not_allowed: "Vous ne pouvez importer des numéros que dans votre organisation.",
    type_invalid: "Le type doit être local, toll_free ou mobile.",
    label_invalid: "Le libellé doit compter au plus 100 caractères visibles.",
    cnam_invalid: "Le nom d’appelant admet au plus 15 lettres, chiffres, espaces et . , & ' -",
    e911_incomplete: "Une adresse E911 demande le nom de l’appelant, le numéro, la rue, la ville, l’État et le code postal.",
    e911_invalid: "Cette valeur E911 n’est pas valide pour le pays de l’adresse.",
    too_many_fields: "Cette ligne a plus de valeurs que l’en-tête n’a de colonnes.",
  },
  ar: {
    number_required: "الرقم مفقود.",
    number_invalid: "هذا ليس رقم هاتف صالحًا.",
    number_country: "لا يمكن استيراد أرقام هذا البلد ({{country}}): الولايات المتحدة وكندا وبورتوريكو فقط.",
    duplicate: "مكرر في هذا الملف: الرقم نفسه الموجود في السطر {{row}}.",
    number_taken: "موجود في المخزون مسبقًا: هذا الرقم يخص مؤسسة أخرى أو مخزون المزوّد.",
    organization_required: "اذكر المؤسسة (رقم الحساب أو الاسم).",
    organization_unknown: "لا توجد مؤسسة بهذا الرقم أو الاسم.",
    organization_not_allowed: "يمكنك استيراد الأرقام إلى مؤسستك فقط.",
    type_invalid: "يجب أن يكون النوع local أو toll_free أو mobile.",
    label_invalid: "يجب ألا يتجاوز الوصف 100 حرف مرئي.",
    cnam_invalid: "اسم المتصل يقبل 15 حرفًا لاتينيًا أو رقمًا أو مسافة على الأكثر، و . , & ' -",
    e911_incomplete: "يتطلب عنوان E911 اسم المتصل ورقم المبنى والشارع والمدينة والولاية والرمز البريدي.",
    e911_invalid: "قيمة E911 هذه غير صالحة لبلد العنوان.",
    too_many_fields: "يحتوي هذا السطر على قيم أكثر من أعمدة العنوان.",
  },
};

/** A row error as the backend stores it: `imports.row.<code>` with `|{params}` when it has any. */
export function rowErrorKey(code: ImportRowError, params?: Record<string, string | number>): string {
  return params ? `imports.row.${code}|${JSON.stringify(params)}` : `imports.row.${code}`;
}

/** A stored row error in words, for the error report (the portal translates with i18next instead). */
export function rowErrorText(locale: "en" | "fr" | "ar", stored: string): string {
  const separator = stored.indexOf("|");
  const code = (separator < 0 ? stored : stored.slice(0, separator)).replace(/^imports\.row\./, "") as ImportRowError;
  const template = IMPORT_ROW_MESSAGES[locale][code];
  if (!template) return stored;
  let params: Record<string, unknown> = {};
  try {
    params = separator < 0 ? {} : JSON.parse(stored.slice(separator + 1));
  } catch {
    params = {};
  }
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""));
}
