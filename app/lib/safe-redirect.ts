/**
 * A same-site path to send the user to, or the fallback. Rejects absolute URLs, protocol-relative
 * `//host`, backslash tricks (`/\host`), control characters and anything not starting with one `/`.
 */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (typeof target !== "string" || !target) return fallback;
  const value = target.trim();
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject
  if (/[\u0000-\u001f\\]/.test(value)) return fallback;
  try {
    const url = new URL(value, "http://amp.invalid");
    if (url.origin !== "http://amp.invalid") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
