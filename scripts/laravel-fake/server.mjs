// A Laravel application as the portal sees it over HTTP: Laravel 11 with Sanctum (SPA cookie mode) and
// Fortify, answering the way the framework does, for the e2e project "laravel" (playwright.laravel.config.ts).
// It is a fixture of the upstream, not part of the portal: the portal reaches it through SANCTUM_URL only.
//
// What it does as Laravel does:
// - `GET /sanctum/csrf-cookie` → 204; every answer of a session re-issues `laravel_session` (HttpOnly) and
//   `XSRF-TOKEN` (readable) as encrypted cookies, with a new value each time (EncryptCookies: a fresh IV);
// - a request to `/api/*` is stateful only when its Origin (or Referer) host is in `statefulDomains`
//   (SANCTUM_STATEFUL_DOMAINS); otherwise no session, and `auth:sanctum` answers 401;
// - a POST/PUT/PATCH/DELETE needs `X-XSRF-TOKEN` (the decrypted cookie) equal to the session's token, else
//   419 `{"message":"CSRF token mismatch."}`; signing in and out regenerates the session id and the token;
// - 401 `{"message":"Unauthenticated."}`, 403 `{"message":"This action is unauthorized."}`, 404 for a route
//   it does not have (`The route api/… could not be found.`), 422 `{message, errors: {field: [..]}}` with
//   Laravel's English messages, `throttle:api` (429 `Too Many Attempts.` with Retry-After and X-RateLimit-*);
// - lists are API Resource collections of `paginate()`: `{data, links, meta}`;
// - `GET /api/user` is a plain UserResource: no `masquerade` (the `include` query is ignored), no user
//   stamps, and `capabilities: []` (none of AMP's optional areas: phone numbers, porting, … are not offered).
//
// It offers the screens the e2e project walks: sign-in and out, the dashboard, roles (list, add and edit), the
// profile's user. Test-only switches live under `/__fake/` (never in a real application): end a user's sessions
// (as `SESSION_LIFETIME` running out), regenerate their CSRF token just before their next post, throttle their
// next API requests (`throttle:api`), and counters.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

const LIFETIME_MINUTES = 120;
// The user may read the activity log, but this application has no such endpoint: the portal meets Laravel's 404.
const PERMISSIONS = [
  "dashboard.read",
  "admin.roles.read",
  "admin.roles.create",
  "admin.roles.update",
  "admin.activity.read",
  "tools.phone_numbers.read",
];

/** Five people of one organization, so that a test ending "its" sessions leaves the others' alone. */
const USERS = [
  ["Lara Vel", "lara@laravel.test"],
  ["Casey Token", "csrf@laravel.test"],
  ["Sam Expiry", "expiry@laravel.test"],
  ["Theo Throttle", "throttle@laravel.test"],
  ["Nadia NoScript", "nojs@laravel.test"],
].map(([name, email], index) => ({
  id: index + 1,
  name,
  email,
  password: "secret-password",
  locale: "en",
  status: "active",
  organization: { id: 1, name: "Acme Laravel", type: "customer" },
  roles: [{ id: 2, name: "Manager" }],
  user_permissions: PERMISSIONS,
  theme: "system",
  theme_primary_color: "#7367f0",
  theme_semi_dark_menu: false,
  is_provider: false,
  capabilities: [],
}));

const SEED_ROLES = ["Administrator", "Manager", "Billing", "Dispatcher", "Support", "Read-only", "Night shift"];

/**
 * @param {{ statefulDomains: string[], apiPerMinute?: number, portalName?: string }} options
 */
export function createLaravelFake({ statefulDomains, apiPerMinute = 60, portalName = "Acme Laravel" }) {
  const key = randomBytes(32);
  /** @type {Map<string, { token: string, userId: number | null, lastActivity: number }>} */
  const sessions = new Map();
  const stats = { csrfMismatches: 0, unauthenticated: 0, throttled: 0, requests: 0 };
  /** @type {Map<string, { count: number, resetAt: number }>} */
  const limits = new Map();
  /** Sessions whose next state-changing request meets a token regenerated meanwhile (`/__fake/regenerate-csrf`). */
  const stale = new Set();
  /** Users whose next API requests meet `throttle:api` as if their minute were used up (`/__fake/throttle-next`). */
  const throttleNext = new Map();
  const created = "2026-11-01T09:00:00.000000Z";
  const roles = SEED_ROLES.map((name, index) => ({
    id: index + 1,
    name,
    description: `${name} of Acme Laravel`,
    scope: "organization",
    is_system: index === 0,
    users_count: index === 1 ? 1 : 0,
    permissions: index === 0 ? PERMISSIONS : ["dashboard.read"],
    created_at: created,
    updated_at: created,
  }));

  /** The rules of the roles' form request, in Laravel's words (`ignore` the role being updated for `unique`). */
  function roleErrors(body, ignore) {
    const errors = {};
    if (typeof body.name !== "string" || body.name.trim() === "") errors.name = ["The name field is required."];
    else if (body.name.length > 255) errors.name = ["The name field must not be greater than 255 characters."];
    else if (roles.some((role) => role !== ignore && role.name.toLowerCase() === body.name.trim().toLowerCase()))
      errors.name = ["The name has already been taken."];
    if (!["provider", "organization"].includes(body.scope)) errors.scope = ["The selected scope is invalid."];
    if (!Array.isArray(body.permissions) || body.permissions.some((permission) => !PERMISSIONS.includes(permission))) {
      errors.permissions = ["The selected permissions is invalid."];
    }
    return errors;
  }

  // EncryptCookies: a fresh IV per answer, a MAC over it; the JSON is base64-encoded as Laravel's is.
  const encrypt = (value) => {
    const iv = randomBytes(16).toString("base64");
    const mac = createHmac("sha256", key)
      .update(iv + value)
      .digest("hex");
    return Buffer.from(JSON.stringify({ iv, value, mac, tag: "" })).toString("base64");
  };
  const decrypt = (payload) => {
    try {
      const { iv, value, mac } = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
      const expected = createHmac("sha256", key)
        .update(iv + value)
        .digest();
      const given = Buffer.from(String(mac), "hex");
      return given.length === expected.length && timingSafeEqual(given, expected) ? String(value) : null;
    } catch {
      return null;
    }
  };
  const newId = () => randomBytes(20).toString("hex");
  const newToken = () => randomBytes(20).toString("hex");

  const server = createServer(async (req, res) => {
    stats.requests += 1;
    const url = new URL(req.url ?? "/", "http://laravel.test");
    const method = req.method ?? "GET";
    const body = await readBody(req);
    const answer = (status, json, headers = {}) => {
      res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-cache, private", ...headers });
      res.end(json === null ? "" : JSON.stringify(json));
    };

    if (url.pathname.startsWith("/__fake/")) return control(url, method, answer);

    // Sanctum's EnsureFrontendRequestsAreStateful: the web routes always have a session; /api/* only for the SPA.
    const api = url.pathname.startsWith("/api/");
    const from = req.headers.origin ?? req.headers.referer;
    const stateful = !api || (from !== undefined && statefulDomains.includes(safeHost(from)));
    /** @type {{ id: string, token: string, userId: number | null, lastActivity: number } | null} */
    let session = null;
    const cookieHeaders = [];
    if (stateful) {
      const cookies = parseCookies(req.headers.cookie);
      const id = cookies.laravel_session ? decrypt(decodeURIComponent(cookies.laravel_session)) : null;
      const stored = id ? sessions.get(id) : undefined;
      const alive = stored && Date.now() - stored.lastActivity < LIFETIME_MINUTES * 60_000;
      session = alive && id ? { id, ...stored } : { id: newId(), token: newToken(), userId: null, lastActivity: Date.now() };
    }
    const finish = (status, json, headers = {}) => {
      if (session) {
        session.lastActivity = Date.now();
        sessions.set(session.id, { token: session.token, userId: session.userId, lastActivity: session.lastActivity });
        const expires = new Date(Date.now() + LIFETIME_MINUTES * 60_000).toUTCString();
        const attributes = `expires=${expires}; Max-Age=${LIFETIME_MINUTES * 60}; path=/; samesite=lax`;
        cookieHeaders.push(`XSRF-TOKEN=${encodeURIComponent(encrypt(session.token))}; ${attributes}`);
        cookieHeaders.push(`laravel_session=${encodeURIComponent(encrypt(session.id))}; ${attributes}; httponly`);
      }
      answer(status, json, cookieHeaders.length > 0 ? { ...headers, "Set-Cookie": cookieHeaders } : headers);
    };

    // VerifyCsrfToken.
    if (session && !["GET", "HEAD", "OPTIONS"].includes(method)) {
      // The switch below: another request of this session regenerated the token just before this one arrived.
      if (stale.delete(session.id)) session.token = newToken();
      const header = req.headers["x-xsrf-token"];
      const given = typeof header === "string" ? decrypt(header) : null;
      if (given !== session.token) {
        stats.csrfMismatches += 1;
        return finish(419, { message: "CSRF token mismatch." });
      }
    }

    const user = session?.userId ? USERS.find((candidate) => candidate.id === session.userId) : undefined;
    const regenerate = (userId) => {
      if (!session) return;
      sessions.delete(session.id);
      session = { id: newId(), token: newToken(), userId, lastActivity: Date.now() };
    };

    // Routes of routes/web.php (Fortify, Sanctum).
    if (method === "GET" && url.pathname === "/sanctum/csrf-cookie") return finish(204, null);
    if (method === "POST" && url.pathname === "/login") {
      const errors = {};
      if (typeof body.email !== "string" || body.email === "") errors.email = ["The email field is required."];
      if (typeof body.password !== "string" || body.password === "") errors.password = ["The password field is required."];
      if (Object.keys(errors).length > 0) return finish(422, validationFailure(errors));
      const match = USERS.find((candidate) => candidate.email === body.email && candidate.password === body.password);
      if (!match) return finish(422, validationFailure({ email: ["These credentials do not match our records."] }));
      regenerate(match.id);
      return finish(200, { two_factor: false });
    }
    if (method === "POST" && url.pathname === "/logout") {
      regenerate(null);
      return finish(204, null);
    }

    // routes/api.php: auth:sanctum, then throttle:api (per user).
    if (!api) return finish(404, { message: `The route ${url.pathname.slice(1)} could not be found.` });
    if (url.pathname === "/api/public-settings" && method === "GET") {
      return finish(200, {
        portal_name: portalName,
        default_locale: "en",
        registration_enabled: false,
        password_min_length: 8,
        logos: { light: null, dark: null, collapsed: null },
        links: { client_success: null, billing: null, feedback: null },
      });
    }
    if (!user) {
      stats.unauthenticated += 1;
      return finish(401, { message: "Unauthenticated." });
    }
    const limit = limits.get(String(user.id));
    const now = Date.now();
    const window = limit && limit.resetAt > now ? limit : { count: 0, resetAt: now + 60_000 };
    window.count += 1;
    limits.set(String(user.id), window);
    const rate = { "X-RateLimit-Limit": String(apiPerMinute), "X-RateLimit-Remaining": String(Math.max(0, apiPerMinute - window.count)) };
    const forced = throttleNext.get(user.id) ?? 0;
    if (forced > 0) throttleNext.set(user.id, forced - 1);
    if (window.count > apiPerMinute || forced > 0) {
      stats.throttled += 1;
      const retryAfter = Math.ceil((window.resetAt - now) / 1000);
      return finish(429, { message: "Too Many Attempts." }, { ...rate, "Retry-After": String(retryAfter) });
    }
    const can = (permission) => user.user_permissions.includes(permission);
    const forbidden = () => finish(403, { message: "This action is unauthorized." }, rate);

    if (method === "GET" && url.pathname === "/api/user") {
      const { password: _password, ...resource } = user;
      return finish(200, resource, rate);
    }
    if (method === "GET" && url.pathname === "/api/users/masquerader") {
      return finish(200, { isMasqueraded: false, masquerader: null }, rate);
    }
    if (method === "GET" && url.pathname === "/api/dashboard") {
      if (!can("dashboard.read")) return forbidden();
      const days = Array.from({ length: 30 }, (_, index) => ({
        date: new Date(Date.UTC(2026, 10, 27) - (29 - index) * 86_400_000).toISOString().slice(0, 10),
        count: 0,
      }));
      return finish(
        200,
        {
          counts: { organizations: 1, users: USERS.length, active_numbers: 0, open_porting_orders: 0, numbers_without_e911: 0 },
          recent_activity: [],
          activity_per_day: days,
        },
        rate,
      );
    }
    if (method === "GET" && url.pathname === "/api/activity-log/titles") return finish(200, {}, rate);
    if (method === "GET" && url.pathname === "/api/roles") {
      if (!can("admin.roles.read")) return forbidden();
      const search = (url.searchParams.get("search") ?? "").toLowerCase();
      const rows = roles.filter((role) => role.name.toLowerCase().includes(search)).sort((a, b) => a.name.localeCompare(b.name));
      return finish(200, paginate(rows, url), rate);
    }
    if (method === "POST" && url.pathname === "/api/roles") {
      if (!can("admin.roles.create")) return forbidden();
      const errors = roleErrors(body, null);
      if (Object.keys(errors).length > 0) return finish(422, validationFailure(errors), rate);
      const at = new Date().toISOString().replace("Z", "000Z");
      const role = {
        id: Math.max(...roles.map((row) => row.id)) + 1,
        name: body.name.trim(),
        description: typeof body.description === "string" ? body.description : "",
        scope: body.scope,
        is_system: false,
        users_count: 0,
        permissions: body.permissions,
        created_at: at,
        updated_at: at,
      };
      roles.push(role);
      return finish(201, { data: role }, rate);
    }
    // `Route::apiResource('roles', …)`'s show and update: the model as Eloquent serialises it.
    const roleMatch = /^\/api\/roles\/(\d+)$/.exec(url.pathname);
    const role = roleMatch ? roles.find((row) => row.id === Number(roleMatch[1])) : undefined;
    if (roleMatch && !role) return finish(404, { message: "Not Found" }, rate);
    if (method === "GET" && role) return can("admin.roles.read") ? finish(200, role, rate) : forbidden();
    if (method === "PUT" && role) {
      if (!can("admin.roles.update")) return forbidden();
      const errors = roleErrors(body, role);
      if (Object.keys(errors).length > 0) return finish(422, validationFailure(errors), rate);
      Object.assign(role, {
        name: body.name.trim(),
        description: typeof body.description === "string" ? body.description : "",
        scope: body.scope,
        permissions: body.permissions,
        updated_at: new Date().toISOString().replace("Z", "000Z"),
      });
      return finish(200, role, rate);
    }
    return finish(404, { message: `The route ${url.pathname.slice(1)} could not be found.` }, rate);
  });

  /** The test-only switches (`/__fake/…?email=`): they act on the sessions of that user only. */
  function control(url, method, answer) {
    const path = url.pathname;
    const owner = USERS.find((user) => user.email === url.searchParams.get("email"));
    const owned = () => [...sessions.entries()].filter(([, session]) => owner && session.userId === owner.id);
    if (method === "POST" && path === "/__fake/expire-sessions") {
      for (const [id] of owned()) sessions.delete(id);
      return answer(204, null);
    }
    // Every answer re-issues XSRF-TOKEN, and the portal asks GET /api/user before each post: a token
    // regenerated at any earlier moment is already healed. What remains is a race (another tab signing in, a
    // concurrent request regenerating it) between that call and the post: the next post meets a new token.
    if (method === "POST" && path === "/__fake/regenerate-csrf") {
      for (const [id] of owned()) stale.add(id);
      return answer(204, null);
    }
    // The user's next `count` API requests answer 429, as when a burst of their own used the minute up.
    if (method === "POST" && path === "/__fake/throttle-next" && owner) {
      throttleNext.set(owner.id, Number(url.searchParams.get("count") ?? 1));
      return answer(204, null);
    }
    if (method === "GET" && path === "/__fake/stats") return answer(200, stats);
    return answer(404, { message: "Unknown switch." });
  }

  return {
    server,
    stats,
    listen: (port) => new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server.address().port))),
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/** Laravel's ValidationException answer: the first message, "(and N more errors)", and every field's list. */
function validationFailure(errors) {
  const messages = Object.values(errors).flat();
  const more = messages.length - 1;
  const message = more > 0 ? `${messages[0]} (and ${more} more error${more > 1 ? "s" : ""})` : messages[0];
  return { message, errors };
}

/** `RoleResource::collection(Role::query()->paginate($perPage))`: `{data, links, meta}`. */
function paginate(rows, url) {
  const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get("per_page")) || 15));
  const total = rows.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const slice = rows.slice((page - 1) * perPage, page * perPage);
  const path = `http://laravel.test${url.pathname}`;
  const at = (number) => `${path}?page=${number}`;
  return {
    data: slice,
    links: { first: at(1), last: at(lastPage), prev: page > 1 ? at(page - 1) : null, next: page < lastPage ? at(page + 1) : null },
    meta: {
      current_page: page,
      from: slice.length > 0 ? (page - 1) * perPage + 1 : null,
      last_page: lastPage,
      links: [],
      path,
      per_page: perPage,
      to: slice.length > 0 ? (page - 1) * perPage + slice.length : null,
      total,
    },
  };
}

function safeHost(value) {
  try {
    return new URL(value).host;
  } catch {
    return "";
  }
}

function parseCookies(header) {
  const cookies = {};
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index > 0) cookies[part.slice(0, index).trim()] = part.slice(index + 1).trim();
  }
  return cookies;
}

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

// `node scripts/laravel-fake/server.mjs`: LARAVEL_FAKE_PORT (4328), SANCTUM_STATEFUL_DOMAINS (localhost:4327),
// LARAVEL_FAKE_API_PER_MINUTE (60).
if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = createLaravelFake({
    statefulDomains: (process.env.SANCTUM_STATEFUL_DOMAINS ?? "localhost:4327").split(",").map((domain) => domain.trim()),
    apiPerMinute: Number(process.env.LARAVEL_FAKE_API_PER_MINUTE ?? 60),
  });
  const port = await fake.listen(Number(process.env.LARAVEL_FAKE_PORT ?? 4328));
  console.log(`Laravel fake listening on http://127.0.0.1:${port}`);
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => fake.close().then(() => process.exit(0)));
}
