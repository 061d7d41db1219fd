import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from "react-router";
import { StringsProvider } from "~/lib/i18n";
import { NonceProvider } from "~/lib/nonce";
import { Unauthenticated } from "~/lib/sanctum/client.server";
import { recordUnhandledError } from "~/lib/sanctum/context.server";
import { securityHeaders } from "~/lib/security-headers.server";
import { randomId } from "~/lib/signing.server";
import { getLocale, renderingStrings } from "~/middleware/i18next";

export const streamTimeout = 5_000;

/**
 * Every error a loader, action or middleware let through: upstream failures are noted for
 * `upstreamErrorMiddleware`, which turns them into the right page; the rest is logged as React Router does.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  recordUnhandledError(context, error);
  if (request.signal.aborted || error instanceof Unauthenticated) return;
  console.error(error);
};

/** Root middleware does not run for a path no route matches: English there. */
function localeOf(context: RouterContextProvider) {
  try {
    return getLocale(context);
  } catch {
    return "en";
  }
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = randomId(16);
  for (const [name, value] of Object.entries(securityHeaders(nonce, request))) responseHeaders.set(name, value);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  let shellRendered = false;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <StringsProvider store={renderingStrings(localeOf(loadContext))}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </StringsProvider>
    </NonceProvider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  const userAgent = request.headers.get("user-agent");
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;

  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
