import { createContext, type RouterContextProvider } from "react-router";

/** The Worker's bindings and execution context, set once per request in workers/app.ts. */
export const cloudflareContext = createContext<{ env: PortalEnv; ctx: ExecutionContext }>();

export function getEnv(context: Readonly<RouterContextProvider>): PortalEnv {
  return context.get(cloudflareContext).env;
}
