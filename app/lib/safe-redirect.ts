const BASE = "http://portal.invalid";

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we reject
const FORBIDDEN = /[\u0000-\u001f\u007f\\]/;

/** The path a URL parser makes of `value` on our origin, or null when it leaves the origin. */
function resolveOnPortal(value: string): string | null {
  try {
    const url = new URL(value, BASE);
    return url.origin === BASE ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

/**
 * Percent-decodes ASCII escapes until nothing changes (bounded), so `%252e` is judged as `.`. Only
 * ASCII matters to the decision, and a stray `%` (`?q=100%`) is left as it is. Null if it never settles.
 */
function decodedAscii(value: string): string | null {
  let current = value;
  for (let round = 0; round < 8; round++) {
    const next = current.replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (next === current) return current;
    current = next;
  }
  return null;
}

/** A browser would take a path starting with `//` or `/\` as another host. */
function isLocalPath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");
}

/** The judgement of `safeRedirectPath` once: the parser's own path for `target`, or null. */
function judgedPath(target: string): string | null {
  const value = target.trim();
  if (!value.startsWith("/") || FORBIDDEN.test(value)) return null;
  const decoded = decodedAscii(value);
  if (decoded === null || FORBIDDEN.test(decoded)) return null;
  // Judge the decoded form too: a hop that decodes once more (a redirectTo inside a redirectTo) must
  // not turn an innocent-looking path into `//host`.
  const decodedPath = resolveOnPortal(decoded);
  if (decodedPath === null || !isLocalPath(decodedPath)) return null;
  const path = resolveOnPortal(value);
  if (path === null || !isLocalPath(path)) return null;
  // The returned path must read the same when parsed again.
  return resolveOnPortal(path) === path ? path : null;
}

/**
 * A same-origin path to send the user to, or the fallback. The target is normalised before it is
 * judged: dot segments (`/.//x`, `/..//x`, `/%2e//x`) are resolved the way a browser resolves them,
 * and the decoded form must hold no control character or backslash (browsers drop tabs and newlines
 * and read `\` as `/`). What is returned is the parser's own path, so the browser cannot read it
 * differently, and it passes the same judgement again: resolving dot segments can leave a path whose
 * own decoded form is `//host` (`/.%2e/%2F..` → `/%2F..`, decoded `//..`), which the input's decoded
 * form did not show.
 */
export function safeRedirectPath(target: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (typeof target !== "string") return fallback;
  const path = judgedPath(target);
  return path !== null && judgedPath(path) === path ? path : fallback;
}
