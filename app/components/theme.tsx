import { useEffect } from "react";
import { cookieName, PREFERENCE_MAX_AGE } from "~/lib/preferences";

const schemeCookie = () => `${cookieName("color-scheme")}=`;
const COOKIE_ATTRIBUTES = `; Path=/; Max-Age=${PREFERENCE_MAX_AGE}; SameSite=Lax`;

/**
 * Runs before first paint: records the OS colour scheme in `amp-color-scheme` (so the server can
 * render the right class next time) and corrects the class now when the theme follows the system.
 * The cookie name is a validated prefix (letters and digits) and a constant key.
 */
const script = () =>
  `(function(){try{var d=document.documentElement,s=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";document.cookie="${schemeCookie()}"+s+"${COOKIE_ATTRIBUTES}";if(d.dataset.theme==="system")d.classList.toggle("dark",s==="dark")}catch(e){}})()`;

export function ThemeScript({ nonce }: { mode: string; nonce: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed script, allowed by this response's CSP nonce
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script() }} />;
}

/** "System" follows the OS live: when the OS scheme changes, repaint and remember it. */
export function useSystemThemeSync(mode: "light" | "dark" | "system") {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = mode;
    const query = matchMedia("(prefers-color-scheme: dark)");
    const apply = () => {
      const scheme = query.matches ? "dark" : "light";
      // biome-ignore lint/suspicious/noDocumentCookie: one plain preference cookie; the Cookie Store API is not in every browser
      document.cookie = schemeCookie() + scheme + COOKIE_ATTRIBUTES;
      root.classList.toggle("dark", mode === "dark" || (mode === "system" && scheme === "dark"));
    };
    apply();
    query.addEventListener("change", apply);
    return () => query.removeEventListener("change", apply);
  }, [mode]);
}
