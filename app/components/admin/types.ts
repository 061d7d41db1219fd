import type { Permission } from "../../../common/permissions";

/** Rows and records of the administration screens, as docs/api.md describes them. */

export type UserStatus = "active" | "disabled";
export type OrganizationStatus = "active" | "suspended";
export type OrganizationType = "provider" | "business" | "residential";
export type Locale = "en" | "fr" | "ar";

export const USER_STATUSES = ["active", "disabled"] as const satisfies readonly UserStatus[];
export const ORGANIZATION_STATUSES = ["active", "suspended"] as const satisfies readonly OrganizationStatus[];
export const ORGANIZATION_TYPES = ["provider", "business", "residential"] as const satisfies readonly OrganizationType[];
export const LOCALES = ["en", "fr", "ar"] as const satisfies readonly Locale[];
export const ROLE_SCOPES = ["provider", "organization"] as const;
export type RoleScope = (typeof ROLE_SCOPES)[number];

export interface OrganizationOption {
  id: number;
  name: string;
}

/** `GET /api/users` rows and `GET /api/users/{id}`. */
export interface AdminUser {
  id: number;
  name: string;
  email: string;
  locale: Locale | null;
  status: UserStatus;
  organization: { id: number; name: string; type: OrganizationType } | null;
  roles: { id: number; name: string }[];
  created_at?: string | null;
  last_login_at?: string | null;
  /** A confirmed second factor guards the user's sign-in (absent from a backend without one). */
  two_factor_enabled?: boolean;
}

/** `GET /api/organizations` rows and `GET /api/organizations/{id}`. */
export interface Organization {
  id: number;
  name: string;
  account_number: string;
  status: OrganizationStatus;
  type: OrganizationType;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  state: string | null;
  postal_code: string | null;
  country: string;
  timezone: string;
  default_locale: Locale;
  users_count?: number;
  numbers_count?: number;
  created_at?: string | null;
}

/** `GET /api/roles` rows and `GET /api/roles/{id}`. */
export interface Role {
  id: number;
  name: string;
  description: string | null;
  permissions: Permission[];
  is_system: boolean;
  /** Who may hold the role: provider staff, or members of any organization. */
  scope: RoleScope;
  users_count?: number;
}
