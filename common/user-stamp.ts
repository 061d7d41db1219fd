/**
 * How the portal learns, from any call it makes anyway, whether the signed-in user changed (docs/api.md,
 * "User stamps"). The portal sends the stamp of the user it last saw ("-" for none); the bundled backend
 * answers every authenticated call with the current stamp, and with the user itself (and the masquerade
 * status) when the two differ. A backend that ignores the header (Laravel) makes the portal ask
 * `GET /api/user` on every navigation instead.
 */
export const KNOWN_USER_HEADER = "X-Amp-Known-User";
export const USER_STAMP_HEADER = "X-Amp-User-Stamp";
export const USER_HEADER = "X-Amp-User";
export const NO_KNOWN_USER = "-";

/** Header values are Latin-1: the user's JSON travels as base64 of its UTF-8 bytes (names may be Arabic). */
export function encodeUserHeader(value: unknown): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(JSON.stringify(value))) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The value of `encodeUserHeader`, or null when it is not one. */
export function decodeUserHeader<T>(header: string): T | null {
  try {
    // A loop rather than `Uint8Array.from` with a mapping function: a call per character of a ~2 KB header.
    const binary = atob(header);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return JSON.parse(new TextDecoder().decode(bytes)) as T;
  } catch {
    return null;
  }
}
