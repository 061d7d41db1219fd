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
