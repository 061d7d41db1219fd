import { validationMessage } from "~/lib/validation-message";

/** Logos of the system settings and the rules of `POST /api/system-settings/logos/{kind}`. */
export const LOGO_KINDS = ["light", "dark", "collapsed"] as const;
export type LogoKind = (typeof LOGO_KINDS)[number];

export const LOGO_TYPES = ["image/png", "image/svg+xml", "image/jpeg", "image/webp"] as const;
export const LOGO_ACCEPT = ".png,.svg,.jpg,.jpeg,.webp,image/png,image/svg+xml,image/jpeg,image/webp";
export const LOGO_MAX_BYTES = 512 * 1024;

export const isLogoKind = (value: unknown): value is LogoKind =>
  typeof value === "string" && (LOGO_KINDS as readonly string[]).includes(value);

/** The validation message keys for an uploaded file, or null when it may be sent. */
export function logoFileError(file: FormDataEntryValue | null): string | null {
  if (!(file instanceof File) || file.size === 0) return validationMessage("file");
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return validationMessage("file_type");
  if (file.size > LOGO_MAX_BYTES) return `settings.logos.tooLarge|${JSON.stringify({ max: LOGO_MAX_BYTES / 1024 })}`;
  return null;
}
