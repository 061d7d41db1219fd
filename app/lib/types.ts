import type { Permission } from "../../common/permissions";

/** `GET /api/user` (docs/api.md). */
export interface CurrentUser {
  id: number;
  name: string;
  email: string;
  locale: string | null;
  status: "active" | "disabled";
  organization: { id: number; name: string; type: "provider" | "business" | "residential" } | null;
  roles: { id: number; name: string }[];
  user_permissions: Permission[] | string[];
  theme: "light" | "dark" | "system" | null;
  theme_primary_color: string | null;
  theme_semi_dark_menu: boolean | null;
  is_provider: boolean;
  /** A confirmed second factor guards the sign-in (the bundled backend; absent from a plain Laravel answer). */
  two_factor_enabled?: boolean;
  /** The two_factor_required setting covers this user: without a second factor they must enrol first. */
  two_factor_required?: boolean;
  /** The optional areas the backend offers (common/capabilities.ts); absent: everything (a plain Laravel answer). */
  capabilities?: string[];
}

export interface MasqueradeStatus {
  isMasqueraded: boolean;
  masquerader: { id: number; name: string; email: string } | null;
}

export interface PublicSettings {
  portal_name: string;
  default_locale: string;
  registration_enabled: boolean;
  password_min_length: number;
  logos: { light: string | null; dark: string | null; collapsed: string | null };
  links: { client_success: string | null; billing: string | null; feedback: string | null };
}

/** What a form post typed, carried by the "service unavailable" page when the page around the form failed too (decision 038). */
export interface KeptForm {
  /** The posted fields in order, as sent again by that page's button; secrets and files are left out. */
  fields: [name: string, value: string][];
  /** Some fields were left out (passwords, PINs, tokens, files, or too much text): they must be given again. */
  omitted: boolean;
}
