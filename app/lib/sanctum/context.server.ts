import { createContext, data, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import { requestUrl } from "~/lib/request-url.server";
import type { Capability } from "../../../common/capabilities";
import type { Permission } from "../../../common/permissions";
import { NO_KNOWN_USER } from "../../../common/user-stamp";
import { type ScreenId, screen, screenCapability } from "../../route-table";
import { cloudflareContext } from "../cloudflare.server";
import { keptForm } from "../forms.server";
import { portalName } from "../public-settings.server";
import type { CurrentUser, KeptForm, MasqueradeStatus } from "../types";
import {
  loginRedirectUrl,
  type ObservedUser,
  optionalCall,
  pagePath,
  SanctumClient,
  Unauthenticated,
  UpstreamError,
  UpstreamThrottled,
  UpstreamUnavailable,
  type UserAnswer,
} from "./client.server";
import { type KnownUser, knownUsers, lastSeenUsers } from "./known-users.server";
import { PortalSession } from "./session.server";

/** Per-request state: the portal session, the upstream client, and (on signed-in routes) the user. */
const sessionContext = createContext<PortalSession>();
const clientContext = createContext<SanctumClient>();
const userContext = createContext<CurrentUser | null>(null);
const masqueradeContext = createContext<MasqueradeStatus | null>(null);

type Context = Readonly<RouterContextProvider>;

/**
 * A form post whose `GET /api/user` met a throttled or failing backend (decision 038): the failure, kept
 * for the action (`requireScreen` throws it when no earlier answer can stand in for the user).
 */
const deferredFailureContext = createContext<UpstreamError | null>(null);

/** Upstream failures no loader, action or middleware caught, as reported to `handleError` (entry.server). */
const unhandledContext = createContext<UpstreamError[] | null>(null);

/** Root middleware: loads the session (one KV read), and commits it after the response is ready. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { env } = context.get(cloudflareContext);
  const session = await PortalSession.load(request, env.SESSIONS, env.SESSION_SECRET);
  const client = new SanctumClient({ env, request, session });
  context.set(sessionContext, session);
  context.set(clientContext, client);
  context.set(unhandledContext, []);
  // Any form post (preferences, the organization filter, sign-out, a screen's action) may change the
  // user: the next page asks who is signed in instead of trusting the isolate's copy (decision 026).
  if (session.id && request.method !== "GET" && request.method !== "HEAD") knownUsers.forget(session.id);
  // React Router turns whatever the rest of the chain throws into a response: next() does not throw.
  const response = await next();
  const cookie = await session.commit();
  if (cookie) response.headers.append("Set-Cookie", cookie);
  response.headers.append("Server-Timing", `session;desc="kv-writes=${session.kvWrites}"`);
  response.headers.append("Server-Timing", `upstream;desc="calls=${client.calls}"`);
  return response;
};

/** entry.server's `handleError`: keeps the upstream failures a screen let through for `upstreamErrorMiddleware`. */
export function recordUnhandledError(context: Context | undefined, error: unknown): void {
  if (!(error instanceof UpstreamError) || !context) return;
  try {
    context.get(unhandledContext)?.push(error);
  } catch {
    // No root middleware ran (an unmatched path): nothing to map.
  }
}

/**
 * The one place where upstream failures become pages (after sessionMiddleware, so the session is
 * committed whatever happens here):
 * - an upstream 401 during the request (the client already ended the session) → sign in again,
 *   with a safe redirectTo; the stale `amp-session` cookie is cleared by the commit;
 * - what a screen left uncaught: 429 → "too many requests" (429), 5xx/timeout/invalid JSON → "service
 *   unavailable" (503). Nothing else signs anyone out. An upstream 404/403 is not mapped here: the loader
 *   that lets it through throws it as a 404/403 page (`UpstreamError` has the shape of `data()`), drawn
 *   inside the signed-in layout with its navigation (decision 040).
 * - a form post without JavaScript whose page could not be drawn again after its action: that page
 *   carries what was typed (`keptForm`), to be sent again (decision 038).
 */
export const upstreamErrorMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  if (context.get(clientContext).signedOut) throw redirect(loginRedirectUrl(request));
  const failures = context.get(unhandledContext) ?? [];
  const failure =
    failures.find((error) => error instanceof UpstreamThrottled) ?? failures.find((error) => error instanceof UpstreamUnavailable);
  if (failure) throw upstreamFailureResponse(failure, "not-found", portalName(context.get(cloudflareContext).env), await keptForm(request));
  return response;
};

/** What the error boundaries get for an upstream failure: `{ upstream, retryAfter }` with the page's status. */
export interface UpstreamFailureData {
  /** The portal's name for the page title: a page thrown by middleware has no root loader data. */
  appName?: string;
  /** `not-offered`: a screen of an area the backend does not list in its capabilities (decision 040). */
  upstream: "throttled" | "unavailable" | "not-found" | "not-offered" | "forbidden";
  retryAfter?: number;
  /** What a form post without JavaScript typed, when the page around its form failed too. */
  kept?: KeptForm;
}

export function upstreamFailureResponse(
  error: UpstreamError,
  notFound: "not-found" | "not-offered" = "not-found",
  appName?: string,
  kept?: KeptForm,
) {
  if (error instanceof UpstreamThrottled) {
    return data<UpstreamFailureData>(
      { upstream: "throttled", retryAfter: error.retryAfter, appName, kept },
      { status: 429, statusText: "Too Many Requests" },
    );
  }
  if (error.status === 404) return data<UpstreamFailureData>({ upstream: notFound, appName }, { status: 404, statusText: "Not Found" });
  if (error.status === 403) return data<UpstreamFailureData>({ upstream: "forbidden", appName }, { status: 403, statusText: "Forbidden" });
  return data<UpstreamFailureData>({ upstream: "unavailable", appName, kept }, { status: 503, statusText: "Service Unavailable" });
}

/** Whether the backend answers `GET /api/user?include=masquerade` with the masquerade status (the bundled one does). */
let combinedUserAnswer: boolean | undefined;

/** The user and the masquerade status of an answer of `GET /api/user?include=masquerade`. */
function signedInAs({ masquerade, ...user }: UserAnswer): Omit<KnownUser, "stamp"> {
  return { user, masquerade: masquerade ?? null };
}

/**
 * The user and the masquerade status. The bundled backend gives both in one call; a plain Laravel
 * backend ignores the query, and then (remembered for the isolate) both are asked in parallel.
 * Only the user is required: the masquerade status is logged and left out when it fails (§8).
 */
async function whoIsSignedIn(client: SanctumClient): Promise<Omit<KnownUser, "stamp">> {
  const masqueradeStatus = () => optionalCall("masquerade status", client.call<MasqueradeStatus>("/api/users/masquerader"), null);
  if (combinedUserAnswer === false) {
    const [user, masquerade] = await Promise.all([client.call<CurrentUser>("/api/user"), masqueradeStatus()]);
    return { user, masquerade };
  }
  const answer = await client.call<UserAnswer>("/api/user", { query: { include: "masquerade" } });
  combinedUserAnswer = answer.masquerade !== undefined;
  const signedIn = signedInAs(answer);
  return combinedUserAnswer ? signedIn : { ...signedIn, masquerade: await masqueradeStatus() };
}

/**
 * Who sends a form post: `GET /api/user` first, as the specification says. When that call is throttled
 * (429) or the backend fails (5xx, timeout), the post is not lost to an error page: the failure is kept
 * in the router context and on the client (which then sends no mutation: nothing is saved), and the
 * session's last answer in this isolate stands in for the user, so the action runs its permission checks
 * and its own failure path (`actionFailure`) answers the form with its values and a message.
 * Without such an answer, `requireScreen` throws the failure (the page's "too many requests" /
 * "service unavailable"). A 401 still signs out.
 */
async function whoIsPosting(client: SanctumClient, context: Context, sessionId: string): Promise<Omit<KnownUser, "stamp"> | null> {
  try {
    return await whoIsSignedIn(client);
  } catch (error) {
    if (!(error instanceof UpstreamThrottled || error instanceof UpstreamUnavailable)) throw error;
    context.set(deferredFailureContext, error);
    client.deferredFailure = error;
    return lastSeenUsers.get(sessionId) ?? null;
  }
}

/** The failure a form post's `GET /api/user` met, if any (see `whoIsPosting`). */
export const getDeferredFailure = (context: Context) => context.get(deferredFailureContext);

/**
 * After a page drawn from the user this isolate knew: what the backend says of that user now. The page's
 * own calls usually carried it; a page that made none asks `GET /api/user`.
 */
async function currentStamp(client: SanctumClient, appName: string): Promise<ObservedUser | null> {
  if (client.observedUser) return client.observedUser;
  try {
    await client.call<UserAnswer>("/api/user", { query: { include: "masquerade" } });
  } catch (error) {
    if (error instanceof Unauthenticated) return null;
    if (error instanceof UpstreamError) throw upstreamFailureResponse(error, "not-found", appName);
    throw error;
  }
  return client.observedUser;
}

/**
 * Signed-in layout middleware: who the user is, with one upstream call per navigation at most.
 * - No session → sign in; a 401 → sign in (upstreamErrorMiddleware); any other failure leaves the user
 *   signed in and shows "service unavailable" or "too many requests" (specification §2, §8).
 * - With the bundled backend (user stamps, common/user-stamp.ts) a page is drawn from the user this
 *   isolate saw last, and the page's own call says whether that user changed. If so, a document is drawn
 *   again at once (a revoked permission never shows); a client navigation keeps its answer, which the
 *   backend has already authorised against the current user, and the next one uses the new user.
 * - A form post, or a backend without stamps, asks `GET /api/user` first, as the specification does.
 * Signed-in pages are never cached.
 */
export const userMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = context.get(sessionContext);
  if (session.isNew || !session.id) throw redirect(loginRedirectUrl(request));
  const sessionId = session.id;
  const client = context.get(clientContext);
  const reading = request.method === "GET" || request.method === "HEAD";
  const known = reading ? knownUsers.get(sessionId) : undefined;
  client.knownUserStamp = reading ? (known?.stamp ?? NO_KNOWN_USER) : null;
  const signedIn = known ?? (reading ? await whoIsSignedIn(client) : await whoIsPosting(client, context, sessionId));
  if (signedIn) {
    if (!context.get(deferredFailureContext)) lastSeenUsers.set(sessionId, signedIn);
    context.set(userContext, signedIn.user);
    context.set(masqueradeContext, signedIn.masquerade);
    requireEnrolmentFirst(request, signedIn);
  }

  const response = await next();
  response.headers.set("Cache-Control", "private, no-store");
  if (client.signedOut) lastSeenUsers.forget(sessionId);
  if (!reading || client.signedOut) {
    knownUsers.forget(sessionId);
    return response;
  }
  if (!known) {
    if (client.observedUser && signedIn) knownUsers.set(sessionId, { stamp: client.observedUser.stamp, ...signedIn });
    return response;
  }
  const now = await currentStamp(client, portalName(context.get(cloudflareContext).env));
  if (!client.signedOut && now?.stamp !== known.stamp) {
    if (now?.user) knownUsers.set(sessionId, { stamp: now.stamp, ...signedInAs(now.user) });
    else knownUsers.forget(sessionId);
    if (!requestUrl(request).pathname.endsWith(".data")) {
      // This document was drawn for the user as they were: draw it again for the user as they are.
      context.set(unhandledContext, []);
      throw redirect(pagePath(request));
    }
  }
  return response;
};

/**
 * The two_factor_required setting covers the user and they have no second factor yet: every page but their
 * profile (where the Security tab enrols them) and the end of a masquerade leads to the Security tab. The
 * backend refuses their other calls anyway (403 `auth.two_factor_required`); a masquerade is exempt.
 */
function requireEnrolmentFirst(request: Request, { user, masquerade }: Omit<KnownUser, "stamp">): void {
  if (!user.two_factor_required || user.two_factor_enabled !== false || masquerade?.isMasqueraded) return;
  const path = new URL(pagePath(request), request.url).pathname;
  if (path === "/profile" || path.startsWith("/profile/") || path === "/masquerade") return;
  throw redirect("/profile/security");
}

export const getSession = (context: Context) => context.get(sessionContext);
export const getClient = (context: Context) => context.get(clientContext);
export const getOptionalUser = (context: Context) => context.get(userContext);
export const getMasquerade = (context: Context) => context.get(masqueradeContext);

export function getUser(context: Context): CurrentUser {
  const user = context.get(userContext);
  if (user) return user;
  // A form post whose `GET /api/user` failed, with no earlier answer to stand in (whoIsPosting).
  const deferred = context.get(deferredFailureContext);
  if (deferred) throw upstreamFailureResponse(deferred);
  throw new Error("getUser() used outside the signed-in layout");
}

/**
 * Whether the backend offers a screen's optional area (decision 040): a backend that lists no
 * `capabilities` in `GET /api/user` (a plain Laravel answer) is taken to offer everything.
 */
export function offers(user: Pick<CurrentUser, "capabilities"> | null, capability: Capability | null): boolean {
  return !capability || !user?.capabilities || user.capabilities.includes(capability);
}

/** §6: a permission check is true when the name is in the user's user_permissions list. */
export function can(user: Pick<CurrentUser, "user_permissions"> | null, key: Permission): boolean {
  return !!user && (user.user_permissions as string[]).includes(key);
}

/** Refuses with the 401 not-authorized page unless the user holds the key. */
export function requirePermission(context: Context, key: Permission): CurrentUser {
  const user = getUser(context);
  if (!can(user, key)) throw data({ permission: key }, { status: 401, statusText: "Not authorized" });
  return user;
}

/**
 * The guard of every signed-in screen's loader and action: the key comes from the route table,
 * so the menu, the guard and the permission-walk test agree.
 */
export function requireScreen(context: Context, id: ScreenId): { user: CurrentUser; api: SanctumClient } {
  const entry = screen(id);
  const { permission } = entry;
  // A tool the backend does not offer: not found, saying why, inside the signed-in layout.
  if (!offers(getUser(context), screenCapability(entry))) throw upstreamFailureResponse(new UpstreamError(404, {}), "not-offered");
  const user = permission ? requirePermission(context, permission) : getUser(context);
  return { user, api: getClient(context) };
}

export { optionalCall, Unauthenticated, UpstreamError, UpstreamThrottled, UpstreamUnavailable };
