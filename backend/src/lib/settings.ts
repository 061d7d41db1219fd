import type { Db } from "../db/client";
import { systemSettings } from "../db/schema";

export const LOGO_KINDS = ["light", "dark", "collapsed"] as const;
export type LogoKind = (typeof LOGO_KINDS)[number];

/** A stored logo: its R2 key, type and upload time (the time versions the public URL). */
export interface StoredLogo {
  key: string;
  content_type: string;
  updated_at: string;
}

/** Who must sign in with a second factor: nobody, provider staff, or everyone (issue 29). */
export const TWO_FACTOR_POLICIES = ["off", "staff", "everyone"] as const;
export type TwoFactorPolicy = (typeof TWO_FACTOR_POLICIES)[number];

export interface SystemSettings {
  portal_name: string;
  default_locale: "en" | "fr" | "ar";
  registration_enabled: boolean;
  password_min_length: number;
  session_idle_minutes: number;
  two_factor_required: TwoFactorPolicy;
  links: { client_success: string | null; billing: string | null; feedback: string | null };
  logos: Record<LogoKind, StoredLogo | null>;
}

export const DEFAULT_SETTINGS: SystemSettings = {
  portal_name: "AMP",
  default_locale: "en",
  registration_enabled: false,
  password_min_length: 8,
  session_idle_minutes: 120,
  two_factor_required: "off",
  links: { client_success: null, billing: null, feedback: null },
  logos: { light: null, dark: null, collapsed: null },
};

export type SettingKey = keyof SystemSettings;

/** Reads every setting (one small query); a missing or unreadable row falls back to its default. */
export async function getSettings(db: Db): Promise<SystemSettings> {
  const rows = await db.select().from(systemSettings);
  const settings: SystemSettings = structuredClone(DEFAULT_SETTINGS);
  const target = settings as unknown as Record<string, unknown>;
  for (const row of rows) {
    if (!(row.key in DEFAULT_SETTINGS)) continue;
    try {
      target[row.key] = JSON.parse(row.value);
    } catch {
      // Keep the default for a corrupt value rather than failing every request.
    }
  }
  return settings;
}

export async function putSetting<K extends SettingKey>(db: Db, key: K, value: SystemSettings[K]): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insert(systemSettings)
    .values({ key, value: json })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value: json, updatedAt: new Date().toISOString() } });
}
