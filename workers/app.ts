import { createRequestHandler, RouterContextProvider } from "react-router";
import { forwardApiRequest, isBearerApiRequest } from "~/lib/api-passthrough.server";
import { cloudflareContext } from "~/lib/cloudflare.server";
import { setCookiePrefix } from "~/lib/preferences";
import { requestUrl } from "~/lib/request-url.server";
import { forwardWebhook, webhookCarrier } from "~/lib/webhooks.server";

const loadBuild = () => import("virtual:react-router/server-build");

/**
 * Given a function, React Router derives the route tree (every route's path compiled) again on each request,
 * so that the dev server picks up edits. A deployed build never changes: it is derived once per isolate
 * (the derivation was ~1.3 ms of each /dashboard, `npm run bench -- --only ssr`).
 */
let productionHandler: Promise<ReturnType<typeof createRequestHandler>> | undefined;
const requestHandler = import.meta.env.DEV
  ? createRequestHandler(loadBuild, import.meta.env.MODE)
  : (request: Request, context: RouterContextProvider) => {
      productionHandler ??= loadBuild().then((build) => createRequestHandler(build, import.meta.env.MODE));
      return productionHandler.then((handler) => handler(request, context));
    };

export default {
  async fetch(request, env, ctx) {
    // Parsed once for the request: the session, the upstream client and the cookies read the same URL.
    const { pathname } = requestUrl(request);
    // Carrier webhooks go straight to the backend, raw and without a session (app/lib/webhooks.server.ts).
    const carrier = webhookCarrier(pathname);
    if (carrier) return forwardWebhook(request, carrier, env);
    // Scripts with a personal access token: straight to the backend, no session, no cookies (api-passthrough).
    if (isBearerApiRequest(request, pathname)) return forwardApiRequest(request, env);
    // Preference cookies are named after the application title (APP_NAME).
    setCookiePrefix(env.APP_NAME);
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env, ctx });
    return requestHandler(request, context);
  },
} satisfies ExportedHandler<PortalEnv>;
