import type { Permission } from "../../../common/permissions";

/**
 * Subjects of the activity log that have a screen of their own: the entry links there when the
 * viewer may open it. Other subject types (settings, …) are shown as text.
 */
export const SUBJECT_SCREENS = {
  user: { path: "/users/edit/", permission: "admin.users.update" },
  organization: { path: "/organizations/edit/", permission: "admin.organizations.update" },
  role: { path: "/roles/edit/", permission: "admin.roles.update" },
  number_order: { path: "/tools/orders/", permission: "tools.phone_numbers.order" },
  phone_number: { path: "/tools/numbers/", permission: "tools.phone_numbers.read" },
} as const satisfies Record<string, { path: string; permission: Permission }>;

export type LinkableSubject = keyof typeof SUBJECT_SCREENS;

/** Subject types with a known name in the `logs` namespace (`subjectTypes.<type>`); others show as sent. */
export const KNOWN_SUBJECT_TYPES = [
  "user",
  "organization",
  "role",
  "system_settings",
  "phone_number",
  "porting_order",
  "number_order",
  // Residential user wizard.
  "residential_draft",
] as const;

/** The link of an entry's subject, or null when it has no screen or the viewer may not open it. */
export function subjectHref(type: string | null, id: number | null, linkable: readonly string[]): string | null {
  if (!type || id === null || !linkable.includes(type) || !(type in SUBJECT_SCREENS)) return null;
  return `${SUBJECT_SCREENS[type as LinkableSubject].path}${id}`;
}

/** The subject types this user may follow, from their permission keys. */
export function linkableSubjects(permissions: readonly string[]): LinkableSubject[] {
  return (Object.keys(SUBJECT_SCREENS) as LinkableSubject[]).filter((type) => permissions.includes(SUBJECT_SCREENS[type].permission));
}
