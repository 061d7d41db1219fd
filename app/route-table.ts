import type { Capability } from "../common/capabilities";
import type { Permission } from "../common/permissions";

/**
 * The route table: every signed-in screen once, with its permission key (from the specification's
 * route table) and, when it belongs in the menu, its navigation entry. Used by `routes.ts` (routing),
 * the permission guard in each loader and action, the navigation menu, and the permission-walk test.
 */
export type NavSection = "main" | "administration" | "logs" | "tools" | "resources";

export interface Screen {
  id: string;
  /** Route path as React Router declares it. */
  path: string;
  /** Route module, relative to app/. */
  file: string;
  /** `null`: signed-in users only, no key needed. */
  permission: Permission | null;
  /** Menu entry: section and label key (in the `nav` namespace). Absent for sub-screens. */
  nav?: { section: NavSection; label: string };
  /** A concrete URL for tests and links when `path` has parameters. */
  sample?: string;
  /** The id of the screen whose module wraps this one (a nested route). `path` is still the full path. */
  layout?: string;
}

/**
 * Screens only some organizations' members can use, whatever their role says, by path prefix (issue 25: an
 * organization admin sees no screen they cannot use). The residential wizard adds subscribers to a residential
 * organization: a business organization's members do not see it in the menu or the command palette (its URL, opened
 * anyway, says why). Provider staff always can.
 */
const MEMBER_ORGANIZATION_TYPES: Readonly<Record<string, readonly string[]>> = { residential: ["residential"] };

/** Whether this user's organization can use the screen at `path` (provider staff: always). */
export function usableBy(entry: Pick<Screen, "path">, user: { is_provider: boolean; organization: { type: string } | null }): boolean {
  if (user.is_provider) return true;
  for (const [prefix, types] of Object.entries(MEMBER_ORGANIZATION_TYPES)) {
    const within = entry.path === prefix || entry.path.startsWith(`${prefix}/`);
    if (within && !types.includes(user.organization?.type ?? "")) return false;
  }
  return true;
}

export const SCREENS = [
  {
    id: "dashboard",
    path: "dashboard",
    file: "routes/dashboard.tsx",
    permission: "dashboard.read",
    nav: { section: "main", label: "dashboard" },
  },
  {
    id: "users",
    path: "users",
    file: "routes/users.tsx",
    permission: "admin.users.read",
    nav: { section: "administration", label: "users" },
  },
  { id: "users-add", path: "users/add", file: "routes/users.add.tsx", permission: "admin.users.create" },
  { id: "users-edit", path: "users/edit/:id", file: "routes/users.edit.tsx", permission: "admin.users.update", sample: "/users/edit/1" },
  {
    id: "organizations",
    path: "organizations",
    file: "routes/organizations.tsx",
    permission: "admin.organizations.read",
    nav: { section: "administration", label: "organizations" },
  },
  { id: "organizations-add", path: "organizations/add", file: "routes/organizations.add.tsx", permission: "admin.organizations.create" },
  {
    id: "organizations-edit",
    path: "organizations/edit/:id",
    file: "routes/organizations.edit.tsx",
    permission: "admin.organizations.update",
    sample: "/organizations/edit/1",
  },
  {
    id: "roles",
    path: "roles",
    file: "routes/roles.tsx",
    permission: "admin.roles.read",
    nav: { section: "administration", label: "roles" },
  },
  { id: "roles-add", path: "roles/add", file: "routes/roles.add.tsx", permission: "admin.roles.create" },
  { id: "roles-edit", path: "roles/edit/:id", file: "routes/roles.edit.tsx", permission: "admin.roles.update", sample: "/roles/edit/1" },
  {
    id: "system-settings",
    path: "system-settings",
    file: "routes/system-settings.tsx",
    permission: "admin.settings.update",
    nav: { section: "administration", label: "systemSettings" },
  },
  {
    id: "activity-log",
    path: "activity-log",
    file: "routes/activity-log.tsx",
    permission: "admin.activity.read",
    nav: { section: "logs", label: "activityLog" },
  },
  {
    id: "activity-log-detail",
    path: "activity-log/:id",
    file: "routes/activity-log.detail.tsx",
    permission: "admin.activity.read",
    sample: "/activity-log/1",
  },
  {
    id: "mail-log",
    path: "mail-log",
    file: "routes/mail-log.tsx",
    permission: "admin.maillog.read",
    nav: { section: "logs", label: "mailLog" },
  },
  {
    id: "mail-log-detail",
    path: "mail-log/:id",
    file: "routes/mail-log.detail.tsx",
    permission: "admin.maillog.read",
    sample: "/mail-log/1",
  },
  // --- Tools: phone numbers and the ordering wizard (issue 9) ---
  {
    id: "numbers",
    path: "tools/numbers",
    file: "routes/tools.numbers.tsx",
    permission: "tools.phone_numbers.read",
    nav: { section: "tools", label: "phoneNumbers" },
  },
  // A number's own page (issue 25): every list links its numbers here.
  {
    id: "number-detail",
    path: "tools/numbers/:id",
    file: "routes/tools.numbers.detail.tsx",
    permission: "tools.phone_numbers.read",
    sample: "/tools/numbers/1",
  },
  {
    id: "numbers-edit",
    path: "tools/numbers/edit/:id",
    file: "routes/tools.numbers.edit.tsx",
    permission: "tools.phone_numbers.order",
    sample: "/tools/numbers/edit/1",
  },
  {
    id: "number-order",
    path: "tools/orders/phone-numbers",
    file: "routes/tools.orders.phone-numbers.tsx",
    permission: "tools.phone_numbers.order",
    nav: { section: "tools", label: "orderNumbers" },
  },
  // Order history (issue 25): the list, and one order (the confirmation page links to it).
  {
    id: "number-orders",
    path: "tools/orders",
    file: "routes/tools.orders.tsx",
    permission: "tools.phone_numbers.order",
    nav: { section: "tools", label: "numberOrders" },
  },
  {
    id: "number-order-detail",
    path: "tools/orders/:id",
    file: "routes/tools.orders.detail.tsx",
    permission: "tools.phone_numbers.order",
    sample: "/tools/orders/1",
  },
  {
    id: "number-order-choose",
    path: "tools/orders/phone-numbers/:id/step-2",
    file: "routes/tools.orders.phone-numbers.step-2.tsx",
    permission: "tools.phone_numbers.order",
    sample: "/tools/orders/phone-numbers/1/step-2",
  },
  {
    id: "number-order-review",
    path: "tools/orders/phone-numbers/:id/step-3",
    file: "routes/tools.orders.phone-numbers.step-3.tsx",
    permission: "tools.phone_numbers.order",
    sample: "/tools/orders/phone-numbers/1/step-3",
  },
  {
    id: "number-order-confirmed",
    path: "tools/orders/phone-numbers/:id/order-confirmed",
    file: "routes/tools.orders.phone-numbers.confirmed.tsx",
    permission: "tools.phone_numbers.order",
    sample: "/tools/orders/phone-numbers/1/order-confirmed",
  },
  // The profile: a layout (title and tab links; /profile leads to the first tab) around one screen per tab.
  { id: "profile", path: "profile", file: "routes/profile.tsx", permission: null },
  { id: "profile-account", path: "profile/account", file: "routes/profile.account.tsx", permission: null, layout: "profile" },
  { id: "profile-security", path: "profile/security", file: "routes/profile.security.tsx", permission: null, layout: "profile" },
  { id: "profile-preferences", path: "profile/preferences", file: "routes/profile.preferences.tsx", permission: null, layout: "profile" },
  // API tokens (issue 29): any signed-in user makes tokens limited to their own permission keys.
  { id: "profile-tokens", path: "profile/tokens", file: "routes/profile.tokens.tsx", permission: null, layout: "profile" },
  // Find anything (issue 25): the header's search form and the command palette's results; any signed-in user
  // (each kind of result needs its list's key, checked by the loader and the backend).
  { id: "search", path: "search", file: "routes/search.tsx", permission: null },
  // The theme customizer as a screen: where its trigger leads without JavaScript.
  { id: "customize", path: "customize", file: "routes/customize.tsx", permission: null },
  {
    id: "change-log",
    path: "change-log",
    file: "routes/change-log.tsx",
    permission: null,
    nav: { section: "resources", label: "changeLog" },
  },
  { id: "status", path: "status", file: "routes/status.tsx", permission: null, nav: { section: "resources", label: "systemStatus" } },
  // ── Tools: text-to-speech prompts and device overrides (issue 12) ──
  {
    id: "tts",
    path: "tools/tts",
    file: "routes/tts.tsx",
    permission: "tools.text_to_speech.read",
    nav: { section: "tools", label: "textToSpeech" },
  },
  { id: "tts-add", path: "tools/tts/add", file: "routes/tts.add.tsx", permission: "tools.text_to_speech.modify" },
  {
    id: "tts-edit",
    path: "tools/tts/edit/:id",
    file: "routes/tts.edit.tsx",
    permission: "tools.text_to_speech.modify",
    sample: "/tools/tts/edit/1",
  },
  {
    id: "device-overrides",
    path: "tools/devices/overrides",
    file: "routes/devices.overrides.tsx",
    permission: "tools.device.overrides",
    nav: { section: "tools", label: "deviceOverrides" },
  },
  // --- SMTP relay and branded documents (issue 13) ---
  {
    id: "organization-smtp",
    path: "organization/smtp",
    file: "routes/organization.smtp.tsx",
    permission: "organization_settings-update_smtp",
    nav: { section: "administration", label: "smtpRelay" },
  },
  {
    id: "branded-documents",
    path: "branded-documents",
    file: "routes/branded-documents.tsx",
    permission: "resources.read",
    nav: { section: "resources", label: "brandedDocuments" },
  },
  // --- Tools: E911 and porting (issue 11) ---
  {
    id: "e911",
    path: "tools/e911",
    file: "routes/tools.e911.tsx",
    permission: "tools.e911.read",
    nav: { section: "tools", label: "e911" },
  },
  {
    id: "e911-edit",
    path: "tools/e911/edit/:id",
    file: "routes/tools.e911.edit.tsx",
    permission: "tools.e911.modify",
    sample: "/tools/e911/edit/1",
  },
  { id: "e911-bulk", path: "tools/e911/bulk", file: "routes/tools.e911.bulk.tsx", permission: "tools.e911.modify" },
  {
    id: "porting-check",
    path: "tools/porting/check",
    file: "routes/tools.porting.check.tsx",
    permission: "tools.porting_availability.read",
    nav: { section: "tools", label: "portingCheck" },
  },
  // Porting orders (issue 11): list, form (new and edit), detail, and an order's documents.
  {
    id: "porting-orders",
    path: "tools/porting/order",
    file: "routes/tools.porting.order.tsx",
    permission: "tools.phone_numbers.port",
    nav: { section: "tools", label: "portingOrders" },
  },
  {
    id: "porting-order-new",
    path: "tools/porting/order/new",
    file: "routes/tools.porting.order.new.tsx",
    permission: "tools.phone_numbers.port",
  },
  {
    id: "porting-order",
    path: "tools/porting/order/:id",
    file: "routes/tools.porting.order.detail.tsx",
    permission: "tools.phone_numbers.port",
    sample: "/tools/porting/order/1",
  },
  {
    id: "porting-order-edit",
    path: "tools/porting/order/:id/edit",
    file: "routes/tools.porting.order.edit.tsx",
    permission: "tools.phone_numbers.port",
    sample: "/tools/porting/order/1/edit",
  },
  {
    id: "did-lookup",
    path: "tools/vendor/did-lookup",
    file: "routes/tools.vendor.did-lookup.tsx",
    permission: "tools.vendor_did.read",
    nav: { section: "tools", label: "didLookup" },
  },
  // --- Tools: importing phone numbers (issue 10) ---
  {
    id: "number-import",
    path: "tools/import/phone_numbers",
    file: "routes/tools.import.phone-numbers.tsx",
    permission: "tools.phone_numbers.read",
    nav: { section: "tools", label: "importNumbers" },
  },
  {
    id: "number-import-step-2",
    path: "tools/import/phone_numbers/:id/step-2",
    file: "routes/tools.import.phone-numbers.step-2.tsx",
    permission: "tools.phone_numbers.read",
    sample: "/tools/import/phone_numbers/1/step-2",
  },
  // --- Residential user wizard (issue 14): the first step lists the drafts; every later step carries the draft id ---
  {
    id: "residential-add",
    path: "residential/add",
    file: "routes/residential.add.tsx",
    permission: "wizards.residential_users.create",
    nav: { section: "administration", label: "residentialWizard" },
  },
  {
    id: "residential-subscriber",
    path: "residential/add/:id/subscriber",
    file: "routes/residential.subscriber.tsx",
    permission: "wizards.residential_users.create",
    sample: "/residential/add/1/subscriber",
  },
  {
    id: "residential-address",
    path: "residential/add/:id/address",
    file: "routes/residential.address.tsx",
    permission: "wizards.residential_users.create",
    sample: "/residential/add/1/address",
  },
  {
    id: "residential-number",
    path: "residential/add/:id/number",
    file: "routes/residential.number.tsx",
    permission: "wizards.residential_users.create",
    sample: "/residential/add/1/number",
  },
  {
    id: "residential-e911",
    path: "residential/add/:id/e911",
    file: "routes/residential.e911.tsx",
    permission: "wizards.residential_users.create",
    sample: "/residential/add/1/e911",
  },
  {
    id: "residential-review",
    path: "residential/add/:id/review",
    file: "routes/residential.review.tsx",
    permission: "wizards.residential_users.create",
    sample: "/residential/add/1/review",
  },
  {
    id: "residential-done",
    path: "residential/add/:id/done",
    file: "routes/residential.done.tsx",
    permission: "wizards.residential_users.create",
    sample: "/residential/add/1/done",
  },
] as const satisfies readonly Screen[];

export type ScreenId = (typeof SCREENS)[number]["id"];

/** The screens inside `parent`'s layout (none for most). */
export function nestedScreens(parent: Screen): Screen[] {
  return SCREENS.filter((entry: Screen) => entry.layout === parent.id);
}

export function screen(id: ScreenId): Screen {
  const found = SCREENS.find((entry) => entry.id === id);
  if (!found) throw new Error(`Unknown screen ${id}`);
  return found;
}

/** Links of the label-only menu entries: URLs come from system settings (hidden while unset). */
export const EXTERNAL_LINKS = [
  { id: "client_success", label: "clientSuccess" },
  { id: "billing", label: "billing" },
  { id: "feedback", label: "feedback" },
] as const;

/**
 * The screens each optional area of the backend serves, by path prefix (decision 040): a backend whose
 * `GET /api/user` lists `capabilities` without one of these has neither its menu entries nor its screens.
 */
export const CAPABILITY_PATHS: Record<Capability, readonly string[]> = {
  "phone-numbers": ["tools/numbers", "tools/orders", "tools/import"],
  e911: ["tools/e911"],
  porting: ["tools/porting"],
  "number-lookup": ["tools/vendor"],
  tts: ["tools/tts"],
  devices: ["tools/devices"],
  residential: ["residential"],
  "branded-documents": ["branded-documents"],
  "smtp-relay": ["organization/smtp"],
  "mail-log": ["mail-log"],
};

/** The optional area a screen belongs to, or null for the core every backend has. */
export function screenCapability(entry: Pick<Screen, "path">): Capability | null {
  for (const [capability, prefixes] of Object.entries(CAPABILITY_PATHS)) {
    if (prefixes.some((prefix) => entry.path === prefix || entry.path.startsWith(`${prefix}/`))) return capability as Capability;
  }
  return null;
}
