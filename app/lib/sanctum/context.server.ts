import { createContext, data, type MiddlewareFunction, type RouterContextProvider, redirect } from "react-router";
import type { Permission } from "../../../common/permissions";
import { type ScreenId, screen } from "../../route-table";
import { cloudflareContext } from "../cloudflare.server";
import type { CurrentUser, MasqueradeStatus } from "../types";
import { loginRedirectUrl, SanctumClient, UpstreamError } from "./client.server";
import { PortalSession } from "./session.server";

/** Per-request state: the portal session, the upstream client, and (on signed-in routes) the user. */
const sessionContext = createContext<PortalSession>();
const clientContext = createContext<SanctumClient>();
const userContext = createContext<CurrentUser | null>(null);
const masqueradeContext = createContext<MasqueradeStatus | null>(null);

type Context = Readonly<RouterContextProvider>;

/** Root middleware: loads the session (one KV read), and commits it after the response is ready. */
export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { env } = context.get(cloudflareContext);
  const session = await PortalSession.load(request, env.SESSIONS, env.SESSION_SECRET);
  context.set(sessionContext, session);
  context.set(clientContext, new SanctumClient({ env, request, session }));
  let response: Response;
  try {
    response = await next();
  } catch (error) {
    // A redirect thrown by the client (401) still has to clear the session.
    if (!(error instanceof Response)) throw error;
    response = error;
  }
  const cookie = await session.commit();
  if (cookie) response.headers.append("Set-Cookie", cookie);
  response.headers.append("Server-Timing", `session;desc="kv-writes=${session.kvWrites}"`);
  return response;
};

/**
 * Signed-in layout middleware: asks the backend who the user is, at most once per request; any
 * failure means no user and a redirect to sign in (specification §2, §8).
 */
export const userMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = context.get(sessionContext);
  if (session.isNew) throw redirect(loginRedirectUrl(request));
  const client = context.get(clientContext);
  try {
    const [user, masquerade] = await Promise.all([
      client.call<CurrentUser>("/api/user"),
      client.call<MasqueradeStatus>("/api/users/masquerader").catch((error: unknown) => {
        // Masquerade status errors are only logged (§8).
        if (error instanceof Response) throw error;
        console.error("masquerade status", error);
        return null;
      }),
    ]);
    context.set(userContext, user);
    context.set(masqueradeContext, masquerade);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("current user", error);
    session.destroy();
    throw redirect(loginRedirectUrl(request));
  }
  return next();
};

export const getSession = (context: Context) => context.get(sessionContext);
export const getClient = (context: Context) => context.get(clientContext);
export const getOptionalUser = (context: Context) => context.get(userContext);
export const getMasquerade = (context: Context) => context.get(masqueradeContext);

export function getUser(context: Context): CurrentUser {
  const user = context.get(userContext);
  if (!user) throw new Error("getUser() used outside the signed-in layout");
  return user;
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
  const { permission } = screen(id);
  const user = permission ? requirePermission(context, permission) : getUser(context);
  return { user, api: getClient(context) };
}

export { UpstreamError };
