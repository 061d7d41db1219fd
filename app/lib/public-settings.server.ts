import type { RouterContextProvider } from "react-router";
import { getEnv } from "./cloudflare.server";
import { getClient } from "./sanctum/context.server";
import type { PublicSettings } from "./types";

/**
 * Portal name, logos, menu links and registration switch (system settings). Read on most pages, so
 * each isolate keeps them for 30 seconds: a change takes effect within that, without a redeploy.
 */
const TTL_MS = 30_000;
let cached: { value: PublicSettings; at: number } | null = null;

export function fallbackSettings(env: PortalEnv): PublicSettings {
  return {
    portal_name: env.APP_NAME || "AMP",
    default_locale: env.DEFAULT_LOCALE || "en",
    registration_enabled: false,
    password_min_length: 8,
    logos: { light: null, dark: null, collapsed: null },
    links: { client_success: null, billing: null, feedback: null },
  };
}

export async function getPublicSettings(context: Readonly<RouterContextProvider>): Promise<PublicSettings> {
  if (cached && Date.now() - cached.at < TTL_MS) return cached.value;
  try {
    const value = await getClient(context).call<PublicSettings>("/api/public-settings", { on401: "throw" });
    cached = { value, at: Date.now() };
    return value;
  } catch (error) {
    console.error("public settings", error);
    return fallbackSettings(getEnv(context));
  }
}

/**
 * The portal name for a page drawn without the root loader's data (an error page thrown by middleware):
 * the last one this isolate read, else APP_NAME, never a backend call.
 */
export function portalName(env: Pick<PortalEnv, "APP_NAME">): string {
  return cached?.value.portal_name || env.APP_NAME || "AMP";
}

/** After an administrator saves system settings, this isolate shows them at once. */
export function forgetPublicSettings(): void {
  cached = null;
}
