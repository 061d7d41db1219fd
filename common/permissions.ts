/**
 * The permission key catalogue: the keys of the specification's route table, exactly as written,
 * plus the keys product.md adds for actions the specification does not name.
 * Shared by the portal (guards, navigation, role matrix) and the bundled backend (seed, checks).
 */
export const PERMISSIONS = [
  "dashboard.read",
  "admin.users.read",
  "admin.users.create",
  "admin.users.update",
  "admin.users.delete",
  "admin.users.masquerade",
  "admin.organizations.read",
  "admin.organizations.create",
  "admin.organizations.update",
  "admin.organizations.delete",
  "admin.roles.read",
  "admin.roles.create",
  "admin.roles.update",
  "admin.roles.delete",
  "admin.settings.update",
  "admin.activity.read",
  "admin.maillog.read",
  "tools.e911.read",
  "tools.e911.modify",
  "tools.porting_availability.read",
  "tools.text_to_speech.read",
  "tools.text_to_speech.modify",
  "tools.phone_numbers.port",
  "tools.vendor_did.read",
  "tools.phone_numbers.order",
  "tools.phone_numbers.read",
  "tools.phone_numbers.import",
  "tools.device.overrides",
  "organization_settings-update_smtp",
  "resources.read",
  "resources.manage",
  "wizards.residential_users.create",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

/** The area a key belongs to, for grouping the role matrix ("admin.users.read" → "admin.users"). */
export function permissionArea(key: Permission): string {
  if (key === "organization_settings-update_smtp") return "organization_settings";
  const parts = key.split(".");
  return parts.length > 2 ? parts.slice(0, 2).join(".") : parts[0];
}

/** Keys an organization member may ever hold: nothing that reaches across organizations. */
export const PROVIDER_ONLY_PERMISSIONS: readonly Permission[] = [
  "admin.organizations.create",
  "admin.organizations.delete",
  "admin.roles.create",
  "admin.roles.update",
  "admin.roles.delete",
  "admin.settings.update",
  "tools.phone_numbers.import",
];

export type SeededRole = "Super Admin" | "Provider Admin" | "Support Agent" | "Organization Admin" | "Auditor";

const READ_KEYS = PERMISSIONS.filter((key) => key.endsWith(".read"));
const TOOL_KEYS = PERMISSIONS.filter((key) => key.startsWith("tools."));

/** The default roles product.md names, with their keys. */
export const SEEDED_ROLES: Record<SeededRole, { description: string; scope: "provider" | "organization"; permissions: Permission[] }> = {
  "Super Admin": { description: "Every permission.", scope: "provider", permissions: [...PERMISSIONS] },
  "Provider Admin": {
    description: "Runs the provider: every organization, user and tool.",
    scope: "provider",
    permissions: PERMISSIONS.filter((key) => key !== "admin.settings.update" && key !== "admin.roles.delete"),
  },
  "Support Agent": {
    description: "Reads everything and uses the tools; no administrative writes.",
    scope: "provider",
    permissions: [...new Set<Permission>([...READ_KEYS, ...TOOL_KEYS])].filter((key) => key !== "tools.phone_numbers.import"),
  },
  "Organization Admin": {
    description: "Manages their own organization: users, numbers, E911 and SMTP.",
    scope: "organization",
    permissions: [
      "dashboard.read",
      "admin.users.read",
      "admin.users.create",
      "admin.users.update",
      "admin.users.delete",
      "admin.activity.read",
      "admin.maillog.read",
      "tools.e911.read",
      "tools.e911.modify",
      "tools.phone_numbers.read",
      "tools.phone_numbers.order",
      "tools.phone_numbers.port",
      "tools.porting_availability.read",
      "tools.text_to_speech.read",
      "tools.text_to_speech.modify",
      "tools.device.overrides",
      "organization_settings-update_smtp",
      "resources.read",
      "resources.manage",
      "wizards.residential_users.create",
    ],
  },
  Auditor: {
    description: "Read-only access, including the logs.",
    scope: "provider",
    permissions: READ_KEYS,
  },
};
