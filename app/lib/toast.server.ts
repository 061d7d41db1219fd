import { redirect } from "react-router";
import { parseCookieHeader, serializeCookie } from "./cookies";
import { sign, unsign } from "./signing.server";

/**
 * Toasts flashed by a server action survive its redirect in a short-lived signed cookie (not in KV:
 * KV is eventually consistent and allows one write per second per key, and a toast needs neither).
 */
export interface Toast {
  type: "success" | "error" | "info" | "warning";
  message: string;
}

const TOAST_COOKIE = "amp-toast";

export async function toastCookie(toast: Toast, secret: string): Promise<string> {
  const value = await sign(btoa(encodeURIComponent(JSON.stringify(toast))), secret);
  return serializeCookie(TOAST_COOKIE, value, { httpOnly: true, maxAge: 60 });
}

export async function redirectWithToast(url: string, toast: Toast, secret: string, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", await toastCookie(toast, secret));
  return redirect(url, { ...init, headers });
}

/** The pending toast (if any) and the header that clears it. */
export async function readToast(request: Request, secret: string): Promise<{ toast: Toast | null; clear: string | null }> {
  const raw = parseCookieHeader(request.headers.get("Cookie"))[TOAST_COOKIE];
  if (!raw) return { toast: null, clear: null };
  const clear = serializeCookie(TOAST_COOKIE, "", { httpOnly: true, maxAge: 0 });
  const value = await unsign(raw, secret);
  if (!value) return { toast: null, clear };
  try {
    const toast = JSON.parse(decodeURIComponent(atob(value))) as Toast;
    return { toast, clear };
  } catch {
    return { toast: null, clear };
  }
}
