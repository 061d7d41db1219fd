import { type MiddlewareFunction, RouterContextProvider } from "react-router";
import { cloudflareContext } from "~/lib/cloudflare.server";
import { PortalSession } from "~/lib/sanctum/session.server";
import type { CurrentUser, PublicSettings } from "~/lib/types";
import { middleware as rootMiddleware } from "~/root";
import { middleware as appMiddleware } from "~/routes/_app";
import type { Permission } from "../../../common/permissions";
import { fakeKv } from "./fake-kv";

/**
 * Runs a route module's loader or action the way React Router does on the Worker: the root
 * middleware (origin guard, session, i18n) and, for signed-in routes, the signed-in layout's
 * `userMiddleware`, against a fake backend (service binding) and an in-memory KV. No code under test
 * is bypassed: the user reaches the route only through `GET /api/user`.
 */
export const ORIGIN = "http://localhost";
const SECRET = "a-test-secret-of-at-least-32-characters";

export const PUBLIC_SETTINGS: PublicSettings = {
  portal_name: "AMP",
  default_locale: "en",
  registration_enabled: false,
  password_min_length: 8,
  logos: { light: null, dark: null, collapsed: null },
  links: { client_success: null, billing: null, feedback: null },
};

export function userWith(permissions: readonly Permission[], overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 7,
    name: "Walk Tester",
    email: "walk@amp.test",
    locale: "en",
    status: "active",
    organization: { id: 1, name: "Provider", type: "provider" },
    roles: [{ id: 9, name: "Tester" }],
    user_permissions: [...permissions],
    theme: "light",
    theme_primary_color: "#7367F0",
    theme_semi_dark_menu: false,
    is_provider: true,
    ...overrides,
  };
}

export interface UpstreamCall {
  method: string;
  path: string;
}

/** The backend behind the BACKEND binding: knows the user, the masquerade status and public settings; records every call. */
export function fakeBackend(
  user: CurrentUser | null,
  settings: PublicSettings = PUBLIC_SETTINGS,
  extra: Record<string, () => Response> = {},
) {
  const calls: UpstreamCall[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  const binding = {
    async fetch(input: RequestInfo | URL, init?: RequestInit) {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const method = init?.method ?? "GET";
      calls.push({ method, path: url.pathname });
      if (url.pathname === "/api/user") return user ? json(user) : json({ message: "Unauthenticated." }, 401);
      if (url.pathname === "/api/users/masquerader") return json({ isMasqueraded: false, masquerader: null });
      if (url.pathname === "/api/public-settings") return json(settings);
      if (extra[url.pathname]) return extra[url.pathname]();
      if (url.pathname === "/sanctum/csrf-cookie")
        return new Response(null, { status: 204, headers: { "Set-Cookie": "XSRF-TOKEN=t; Path=/" } });
      return json({ message: "the walk's fake backend has no answer here" }, 500);
    },
  };
  return { binding: binding as unknown as Fetcher, calls };
}

export interface Harness {
  env: PortalEnv;
  calls: UpstreamCall[];
  /** Cookie header of a signed-in browser (a session record exists in KV). */
  signedInCookie: string;
}

export interface HarnessOptions {
  env?: Partial<PortalEnv>;
  settings?: PublicSettings;
  /** More answers of the fake backend, by path. */
  upstream?: Record<string, () => Response>;
}

export async function harness(user: CurrentUser | null, options: HarnessOptions = {}): Promise<Harness> {
  const { kv } = fakeKv();
  const backend = fakeBackend(user, options.settings, options.upstream);
  const env = {
    SESSIONS: kv,
    SESSION_SECRET: SECRET,
    APP_NAME: "AMP",
    DEFAULT_LOCALE: "en",
    SANCTUM_URL: "",
    UPSTREAM_ORIGIN: "",
    BACKEND: backend.binding,
    ...options.env,
  } as unknown as PortalEnv;
  // A real session record, created the way sign-in creates one.
  const session = await PortalSession.load(new Request(`${ORIGIN}/login`), kv, SECRET);
  session.record.jar = { amp_backend_session: "upstream", "XSRF-TOKEN": "t" };
  session.markChanged();
  const setCookie = await session.commit();
  if (!setCookie) throw new Error("no session cookie");
  return { env, calls: backend.calls, signedInCookie: setCookie.split(";")[0] };
}

type Handler = (args: never) => unknown;

export interface Outcome {
  status: number;
  location: string | null;
}

/** The HTTP status React Router would answer for a returned or thrown value. */
function outcomeOf(value: unknown): Outcome {
  if (value instanceof Response) return { status: value.status, location: value.headers.get("Location") };
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const init = (value as { init: ResponseInit | null }).init;
    return { status: init?.status ?? 200, location: new Headers(init?.headers).get("Location") };
  }
  if (value instanceof Error) return { status: 500, location: null };
  return { status: 200, location: null };
}

export interface RunOptions {
  method?: "GET" | "POST";
  path: string;
  params?: Record<string, string>;
  cookie?: string;
  /** Runs the signed-in layout's middleware too (routes under `_app`). */
  signedInLayout: boolean;
  body?: URLSearchParams;
  /** The Origin header of a POST; the portal's own unless a test says otherwise. */
  origin?: string;
}

function asResponse(thrown: unknown): Response {
  if (thrown instanceof Response) return thrown;
  const { status, location } = outcomeOf(thrown);
  return new Response(null, { status, headers: location ? { Location: location } : {} });
}

export async function runRoute(h: Harness, handler: Handler, options: RunOptions): Promise<Outcome> {
  const headers = new Headers();
  if (options.cookie) headers.set("Cookie", options.cookie);
  if (options.method === "POST") {
    headers.set("Origin", options.origin ?? ORIGIN);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  }
  const request = new Request(`${ORIGIN}${options.path}`, {
    method: options.method ?? "GET",
    headers,
    body: options.method === "POST" ? (options.body ?? new URLSearchParams({ intent: "walk" })).toString() : undefined,
  });
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env: h.env, ctx: { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext });
  const args = { request, context, params: options.params ?? {}, unstable_pattern: options.path };
  const chain = [...rootMiddleware, ...(options.signedInLayout ? appMiddleware : [])] as MiddlewareFunction<Response>[];
  const dispatch = async (index: number): Promise<Response> => {
    if (index === chain.length) {
      const result = await (handler as (args: unknown) => unknown)(args);
      if (result instanceof Response) return result;
      const { status, location } = outcomeOf(result);
      return new Response(null, { status, headers: location ? { Location: location } : {} });
    }
    // As React Router does, a middleware's next() never throws: what a later step throws is rendered.
    const next = () => dispatch(index + 1).catch((thrown: unknown) => asResponse(thrown));
    return (await chain[index](args as never, next)) as Response;
  };
  try {
    return outcomeOf(await dispatch(0));
  } catch (thrown) {
    return outcomeOf(thrown);
  }
}
