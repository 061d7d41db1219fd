import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../src/index";
import { Client, deliveredLink, json, query, signedIn, uniqueEmail } from "./helpers";

/** Every GET route the OpenAPI document lists, except those that change the session (masquerade) or serve files. */
async function readableGetPaths(client: Client): Promise<string[]> {
  const document = await json<{ paths: Record<string, Record<string, unknown>> }>(await client.get("/api/openapi.json"));
  return Object.entries(document.paths)
    .filter(([path, operations]) => "get" in operations && !path.includes("masquerade") && !path.startsWith("/api/files/"))
    .map(([path]) => path.replace(/\{(\w+)\}/g, ":$1"));
}

/** Ids a list answers, every page (at most `limit` rows). */
async function listedIds(client: Client, list: string, limit = 300): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ids.length < limit; page += 1) {
    const response = await client.get(`${list}?per_page=100&page=${page}`);
    if (response.status !== 200) break;
    const body = await json<{ data: { id: number }[]; last_page: number }>(response);
    ids.push(...body.data.map((row) => row.id));
    if (page >= body.last_page) break;
  }
  return ids;
}

/** Walks every readable route as `client` (lists with each row's detail) and returns what each answered. */
async function walk(client: Client): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  const paths = await readableGetPaths(client);
  for (const path of paths) {
    if (!path.includes(":")) {
      answers.set(path, await (await client.get(`${path}?per_page=100`)).text());
      continue;
    }
    const list = path.slice(0, path.indexOf("/:"));
    if (path !== `${list}/:id`) continue;
    for (const id of await listedIds(client, list)) answers.set(`${list}/${id}`, await (await client.get(`${list}/${id}`)).text());
  }
  return answers;
}

async function requestReset(email: string): Promise<string> {
  const client = new Client();
  await client.csrf();
  expect((await client.post("/forgot-password", { email })).status).toBe(200);
  return (await deliveredLink(email)).searchParams.get("token") ?? "";
}

describe("password-setup tokens never leave the delivery path", { timeout: 120_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it("no route shows an auditor, a support agent or an organization admin a live token", async () => {
    const consoleLines: string[] = [];
    for (const method of ["log", "info", "warn", "error", "debug"] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        consoleLines.push(args.map(String).join(" "));
      });
    }
    const orgAdmin = await signedIn("orgadmin@northwind.test");
    const invitee = uniqueEmail("invitee");
    const created = await orgAdmin.post("/api/users", { name: "Invited Person", email: invitee, organization_id: 2, role_ids: [] });
    expect(created.status).toBe(201);
    const tokens = [
      await requestReset("admin@amp.test"),
      await requestReset("grace.liu@northwind.test"),
      (await deliveredLink(invitee)).searchParams.get("token") ?? "",
    ];
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9]{64}$/);

    const readers = [await signedIn("auditor@amp.test"), await signedIn("support@amp.test"), orgAdmin];
    for (const reader of readers) {
      const answers = await walk(reader);
      // The walk really reached the mail log and its bodies, so the absence below means something.
      expect([...answers.keys()].filter((path) => /^\/api\/mail-log\/\d+$/.test(path)).length).toBeGreaterThan(0);
      for (const [path, body] of answers) {
        for (const token of tokens) expect(body.includes(token), `${path} leaks a token`).toBe(false);
      }
    }

    // The stored bodies show the link, redacted.
    const stored = await query<{ text: string; html: string }>(
      "SELECT text, html FROM mail_log WHERE `to` IN (?, ?, ?) AND text NOT LIKE '%demo seed%'",
      "admin@amp.test",
      "grace.liu@northwind.test",
      invitee,
    );
    expect(stored.length).toBeGreaterThanOrEqual(3);
    for (const row of stored) {
      expect(row.text).toContain("password-setup?token=[redacted]");
      expect(row.html).toContain("password-setup?token=[redacted]");
    }
    // Console lines (Workers logs) never carry a link.
    for (const line of consoleLines) for (const token of tokens) expect(line.includes(token)).toBe(false);
  });
});

describe("a password reset or change ends the user's other sessions", { timeout: 60_000 }, () => {
  it("reset: every session of the user ends", async () => {
    const email = "ethan.walsh@amp.test";
    const first = await signedIn(email);
    const second = await signedIn(email);
    expect((await first.get("/api/user")).status).toBe(200);
    const token = await requestReset(email);
    const client = new Client();
    await client.csrf();
    const reset = await client.post("/reset-password", {
      token,
      email,
      password: "reset-password-1",
      password_confirmation: "reset-password-1",
    });
    expect(reset.status).toBe(200);
    expect((await first.get("/api/user")).status).toBe(401);
    expect((await second.get("/api/user")).status).toBe(401);
    expect(await query("SELECT id FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = ?)", email)).toHaveLength(0);
  });

  it("change: the other sessions end, the current one stays", async () => {
    const email = "noor.haddad@amp.test";
    const current = await signedIn(email);
    const other = await signedIn(email);
    const changed = await current.put("/api/user/password", {
      current_password: "password",
      password: "changed-password-1",
      password_confirmation: "changed-password-1",
    });
    expect(changed.status).toBe(200);
    expect((await current.get("/api/user")).status).toBe(200);
    expect((await other.get("/api/user")).status).toBe(401);
  });
});

/** A client whose requests all come from `ip` (the helpers give each client its own address otherwise). */
function from(ip: string, client = new Client()) {
  return {
    client,
    post: (path: string, body: unknown) => client.fetch(path, { method: "POST", json: body, headers: { "X-Forwarded-For": ip } }),
  };
}

describe("throttles are atomic and cover resets and registration", { timeout: 60_000 }, () => {
  it("50 concurrent wrong passwords get at most 5 password checks", async () => {
    const { client, post } = from("203.0.113.10");
    await client.csrf();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => post("/login", { email: "provider@amp.test", password: "wrong-password" })),
    );
    const statuses = responses.map((response) => response.status);
    // A 422 auth.failed means the password was checked; everything else must be the throttle.
    expect(statuses.filter((status) => status === 422).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(45);
    expect(statuses.every((status) => status === 422 || status === 429)).toBe(true);
    const blocked = responses.find((response) => response.status === 429);
    expect(Number(blocked?.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("password-reset requests: 3 per address, 20 per IP, also for unknown addresses", async () => {
    const { client, post } = from("203.0.113.20");
    await client.csrf();
    const before = await query<{ n: number }>("SELECT count(*) AS n FROM dev_mail_outbox WHERE `to` = 'kevin.park@lakeside.test'");
    const responses = await Promise.all(Array.from({ length: 50 }, () => post("/forgot-password", { email: "kevin.park@lakeside.test" })));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(47);
    const after = await query<{ n: number }>("SELECT count(*) AS n FROM dev_mail_outbox WHERE `to` = 'kevin.park@lakeside.test'");
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(3);
    const blocked = responses.find((response) => response.status === 429);
    expect(Number(blocked?.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await blocked?.json()).toEqual({ message: "passwords.throttled", errors: { email: ["passwords.throttled"] } });

    // The same answer for an address that does not exist: the throttle reveals nothing.
    const ghost = from("203.0.113.21");
    await ghost.client.csrf();
    const ghostStatuses: number[] = [];
    for (let i = 0; i < 4; i++) ghostStatuses.push((await ghost.post("/forgot-password", { email: "ghost@nowhere.test" })).status);
    expect(ghostStatuses).toEqual([200, 200, 200, 429]);

    // Per IP: 20 different addresses, then the 21st is refused.
    const sprayer = from("203.0.113.22");
    await sprayer.client.csrf();
    const spray = await Promise.all(
      Array.from({ length: 25 }, (_, i) => sprayer.post("/forgot-password", { email: `spray${i}@nowhere.test` })),
    );
    expect(spray.filter((response) => response.status === 200)).toHaveLength(20);
    expect(spray.filter((response) => response.status === 429)).toHaveLength(5);
  });

  it("registration: 10 per IP an hour, concurrent attempts included", async () => {
    const responses = await Promise.all(
      Array.from({ length: 15 }, async (_, i) => {
        const { client, post } = from("203.0.113.30");
        await client.csrf();
        const email = uniqueEmail(`register${i}`);
        return post("/register", {
          name: "Throttled Person",
          email,
          organization_name: `Throttled Home ${i}`,
          password: "long-enough-password",
          password_confirmation: "long-enough-password",
        });
      }),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const blocked = responses.find((response) => response.status === 429);
    expect(Number(blocked?.headers.get("Retry-After"))).toBeGreaterThan(3000);
    expect(await blocked?.json()).toMatchObject({ message: "auth.register_throttle" });
  });
});

describe("list searches never reach D1's LIKE pattern limit", { timeout: 60_000 }, () => {
  const LISTS = ["/api/users", "/api/organizations", "/api/roles", "/api/activity-log", "/api/mail-log"];
  const TOO_LONG = 'validation.too_long|{"max":48}';

  it("answers 422 for searches whose pattern would not fit, 200 up to the limit, on all five lists", async () => {
    const admin = await signedIn("admin@amp.test");
    const fits = ["a".repeat(48), "é".repeat(24), "日".repeat(16), "😀".repeat(12), "%".repeat(24), "_\\".repeat(12), "x@y.test"];
    const tooLong = ["a".repeat(200), "a".repeat(49), "é".repeat(25), "日".repeat(17), "😀".repeat(13), "%".repeat(25), "日本".repeat(100)];
    for (const list of LISTS) {
      for (const search of fits) {
        const response = await admin.get(`${list}?search=${encodeURIComponent(search)}`);
        expect(response.status, `${list} ${search}`).toBe(200);
      }
      for (const search of tooLong) {
        const response = await admin.get(`${list}?search=${encodeURIComponent(search)}`);
        expect(response.status, `${list} ${search}`).toBe(422);
        expect(await response.json()).toEqual({ message: TOO_LONG, errors: { search: [TOO_LONG] } });
      }
    }
  });
});

describe("mutations answer 400/415/422 to bodies that are not JSON objects, never 500", { timeout: 60_000 }, () => {
  const BAD_BODIES: { name: string; headers: Record<string, string>; body?: BodyInit }[] = [
    { name: "no Content-Type", headers: {}, body: '{"name":"x"}' },
    { name: "text/plain", headers: { "Content-Type": "text/plain" }, body: "hello" },
    { name: "malformed JSON", headers: { "Content-Type": "application/json" }, body: '{"name":' },
    { name: "JSON array", headers: { "Content-Type": "application/json" }, body: "[1,2]" },
    { name: "empty JSON", headers: { "Content-Type": "application/json" }, body: "" },
    { name: "form", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "name=x&email=y" },
    {
      name: "multipart",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--xyz--\r\n',
    },
    { name: "broken multipart", headers: { "Content-Type": "multipart/form-data; boundary=xyz" }, body: "--xyz\r\nnot a part" },
  ];

  it("every POST/PUT/PATCH route of the OpenAPI document", async () => {
    const admin = await signedIn("admin@amp.test");
    const document = await json<{ paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>> }>(
      await admin.get("/api/openapi.json"),
    );
    let checked = 0;
    const statuses = new Set<number>();
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of ["post", "put", "patch"] as const) {
        const operation = operations[method];
        if (!operation?.requestBody || path === "/logout") continue;
        const expectsJson = "application/json" in operation.requestBody.content;
        // Ids that exist (1) so the body is what the route has to judge.
        const url = path.replace(/\{kind\}/, "light").replace(/\{\w+\}/g, "1");
        for (const bad of BAD_BODIES) {
          if (!expectsJson && bad.name === "multipart") continue;
          const response = await admin.fetch(url, { method: method.toUpperCase(), headers: bad.headers, body: bad.body });
          expect([400, 415, 422], `${method} ${url} with ${bad.name}: ${response.status}`).toContain(response.status);
          const answer = await json<{ message: string }>(response);
          expect(answer.message).toBeTruthy();
          statuses.add(response.status);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
    // Both kinds of refusal occur: an unsupported media type and a JSON body that is not an object.
    expect(statuses).toEqual(new Set([400, 415, 422]));

    // Routes without a body (DELETE, logout) ignore whatever is sent: never a 500.
    for (const [path, operations] of Object.entries(document.paths)) {
      if (!operations.delete) continue;
      const url = path.replace(/\{kind\}/, "light").replace(/\{\w+\}/g, "999999");
      for (const bad of BAD_BODIES) {
        const response = await admin.fetch(url, { method: "DELETE", headers: bad.headers, body: bad.body });
        expect(response.status, `delete ${url} with ${bad.name}`).toBeLessThan(500);
      }
    }
  });
});

describe("expired sessions are deleted", { timeout: 60_000 }, () => {
  it("the cron trigger removes guest sessions after 2 hours and signed-in ones after the idle limit", async () => {
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    const rows: [string, number | null, number, string][] = [
      ["guest-fresh", null, 30, "{}"],
      ["guest-stale", null, 121, "{}"],
      ["user-fresh", 1, 119, "{}"],
      ["user-stale", 1, 121, "{}"],
      ["remember-fresh", 1, 10 * 24 * 60, '{"remember":true}'],
      ["remember-stale", 1, 31 * 24 * 60, '{"remember":true}'],
    ];
    for (const [id, userId, minutes, payload] of rows) {
      await env.DB.prepare("INSERT INTO sessions (id, user_id, xsrf_token, last_activity, payload) VALUES (?, ?, 'x', ?, ?)")
        .bind(id, userId, ago(minutes), payload)
        .run();
    }
    await env.DB.prepare("INSERT INTO throttles (key, attempts, reset_at) VALUES ('old-window', 3, ?), ('open-window', 3, ?)")
      .bind(ago(1), new Date(Date.now() + 60_000).toISOString())
      .run();

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "17 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    const left = await query<{ id: string }>("SELECT id FROM sessions WHERE id IN (?, ?, ?, ?, ?, ?)", ...rows.map((row) => row[0]));
    expect(left.map((row) => row.id).sort()).toEqual(["guest-fresh", "remember-fresh", "user-fresh"]);
    const throttles = await query<{ key: string }>("SELECT key FROM throttles WHERE key IN ('old-window', 'open-window')");
    expect(throttles.map((row) => row.key)).toEqual(["open-window"]);
  });

  it("a guest session presented after 2 hours of inactivity is gone, even with a longer idle setting", async () => {
    await env.DB.prepare(
      "INSERT INTO system_settings (key, value) VALUES ('session_idle_minutes', '600') ON CONFLICT (key) DO UPDATE SET value = '600'",
    ).run();
    const guest = new Client();
    await guest.csrf();
    const id = guest.sessionId ?? "";
    await env.DB.prepare("UPDATE sessions SET last_activity = ? WHERE id = ?")
      .bind(new Date(Date.now() - 121 * 60_000).toISOString(), id)
      .run();
    // A mutation with the stale session's CSRF token: the session no longer exists, so 419.
    expect((await guest.post("/forgot-password", { email: "nobody@nowhere.test" })).status).toBe(419);
    expect(await query("SELECT id FROM sessions WHERE id = ?", id)).toHaveLength(0);
  });
});

describe("name-like text is normalised and refuses controls, bidi overrides and invisible-only input", { timeout: 60_000 }, () => {
  const INVALID = "validation.invalid_characters";
  const BAD_NAMES = [
    ["bidi override", "Admin\u202Egnp.exe"],
    ["bidi isolate", "Name \u2067x\u2069"],
    ["right-to-left mark", "Super Admin\u200F"],
    ["zero-width space inside", "Super\u200BAdmin"],
    ["zero-width only", "\u200B\u200B"],
    ["joiner only", "\u200D"],
    ["Hangul filler only", "\u3164"],
    ["Braille blank only", "\u2800"],
    ["NUL", "Bad\u0000Name"],
    ["tab", "Bad\tName"],
    ["newline", "Bad\nName"],
    ["line separator", "Bad\u2028Name"],
    ["BOM inside", "Bad\uFEFFName"],
    ["tag characters", "Bad\u{E0041}Name"],
  ] as const;

  /** Each endpoint with a name-like field, as [method, path, body with that field set to `value`, field]. */
  const endpoints = (value: string, unique: string): [string, string, Record<string, unknown>, string][] => [
    ["POST", "/api/users", { name: value, email: uniqueEmail(unique), organization_id: 2, role_ids: [] }, "name"],
    ["PUT", "/api/user/profile", { name: value, email: "admin@amp.test" }, "name"],
    ["POST", "/api/organizations", { name: `Org ${unique}`, account_number: value, type: "business", country: "US" }, "account_number"],
    ["POST", "/api/organizations", { name: value, account_number: `A-${unique}`, type: "business", country: "US" }, "name"],
    [
      "POST",
      "/api/organizations",
      { name: `Org2 ${unique}`, account_number: `B-${unique}`, type: "business", country: "US", city: value },
      "city",
    ],
    ["POST", "/api/roles", { name: value, scope: "organization", permissions: [] }, "name"],
    ["POST", "/api/roles", { name: `Role ${unique}`, description: value, scope: "organization", permissions: [] }, "description"],
    [
      "PUT",
      "/api/system-settings",
      {
        portal_name: value,
        default_locale: "en",
        registration_enabled: true,
        password_min_length: 8,
        session_idle_minutes: 120,
        links: { client_success: null, billing: null, feedback: null },
      },
      "portal_name",
    ],
  ];

  it("every name-like field refuses them with validation.invalid_characters", async () => {
    const admin = await signedIn("admin@amp.test");
    for (const [index, [label, value]] of BAD_NAMES.entries()) {
      for (const [method, path, body, field] of endpoints(value, `bad${index}`)) {
        const response = await admin.fetch(path, { method, json: body });
        expect(response.status, `${method} ${path} ${field} ${label}`).toBe(422);
        const answer = await json<{ errors: Record<string, string[]> }>(response);
        expect(answer.errors[field], `${method} ${path} ${field} ${label}`).toContain(INVALID);
      }
    }
    // Registration too (a guest route).
    const guest = new Client();
    await guest.csrf();
    const registered = await guest.post("/register", {
      name: "\u200B",
      email: uniqueEmail("reg"),
      organization_name: "Home\u202E",
      password: "long-enough-password",
      password_confirmation: "long-enough-password",
    });
    expect(registered.status).toBe(422);
    expect(await registered.json()).toMatchObject({ errors: { name: [INVALID], organization_name: [INVALID] } });
  });

  it("stores NFC and keeps the joiners real scripts and emoji need", async () => {
    const admin = await signedIn("admin@amp.test");
    const decomposed = "Zoe\u0308 Ni\u0301n\u0303o";
    const created = await admin.post("/api/users", { name: decomposed, email: uniqueEmail("nfc"), organization_id: 2, role_ids: [] });
    expect(created.status).toBe(201);
    expect((await json<{ name: string }>(created)).name).toBe(decomposed.normalize("NFC"));

    for (const name of ["\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645", "Family \u{1F469}\u200D\u{1F467}", "  Padded Name  "]) {
      const response = await admin.post("/api/roles", { name, scope: "organization", permissions: [] });
      expect(response.status, name).toBe(201);
      expect((await json<{ name: string }>(response)).name).toBe(name.trim());
    }
  });
});

describe("uploaded SVGs cannot run, whatever their encoding", { timeout: 60_000 }, () => {
  const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';
  const UNSAFE = [
    `<svg ${NS}><a href="&#106;avascript:alert(1)"><rect width="5" height="5"/></a></svg>`,
    `<svg ${NS}><a href="&#x6A;&#x61;vascript&#58;alert(1)"><rect/></a></svg>`,
    `<svg ${NS}><a xlink:href="java&#9;script:alert(1)"><rect/></a></svg>`,
    `<svg ${NS}><a href=" JAVASCRIPT:alert(1)"><rect/></a></svg>`,
    `<svg ${NS}><a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="><rect/></a></svg>`,
    `<svg ${NS}><image href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="/></svg>`,
    `<svg ${NS}><use href="https://evil.test/sprite.svg#a"/></svg>`,
    `<svg ${NS}><set attributeName="href" to="javascript:alert(1)"/></svg>`,
    `<svg ${NS}><animate attributeName="onclick" values="alert(1)"/></svg>`,
    `<svg ${NS}><svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script></svg>`,
    `<svg ${NS}><SCRIPT>alert(1)</SCRIPT></svg>`,
    `<svg ${NS}><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>`,
    `<svg ${NS} ONLOAD="alert(1)"/>`,
    `<svg ${NS}><rect onmouseover = 'alert(1)'/></svg>`,
    `<svg ${NS}><style>@import url(https://evil.test/x.css);</style></svg>`,
    // CSS escapes and comments (issue 23, item 7): what the browser reads is @import / expression( / url(…).
    `<svg ${NS}><style>@im\\port url(https://evil.test/x.css);</style></svg>`,
    `<svg ${NS}><style>@\\69mport "https://evil.test/x.css";</style></svg>`,
    `<svg ${NS}><style>@im/**/port "https://evil.test/x.css";</style></svg>`,
    `<svg ${NS}><rect style="fill: u\\rl(https://evil.test/track)"/></svg>`,
    `<svg ${NS}><rect style="width: exp\\ression(alert(1))"/></svg>`,
    `<svg ${NS}><style>rect { fill: url(https://evil.test/track) }</style></svg>`,
    `<svg ${NS}><rect style="fill:url(&#106;avascript:alert(1))"/></svg>`,
    `<svg ${NS}><rect fill="url(https://evil.test/x#g)"/></svg>`,
    `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x "javascript:alert(1)">]><svg ${NS}><a href="&x;"><rect/></a></svg>`,
    `<?xml-stylesheet href="https://evil.test/x.xsl"?><svg ${NS}/>`,
    `<svg ${NS}><a href=javascript:alert(1)><rect/></a></svg>`,
    `<svg ${NS} xml:base="javascript:/"><a href="#x"/></svg>`,
    `<svg ${NS}><text>AT&T</text></svg>`,
  ];
  const SAFE = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<!-- exported -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
      `<svg ${NS} viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0" stop-color="#7367F0"/></linearGradient></defs>` +
      '<style><![CDATA[ rect { fill: url(#g) } ]]></style><rect width="10" height="10" fill="url(#g)"/><use xlink:href="#g"/>' +
      "<text>AT&amp;T &#169; Zoë</text></svg>",
    `<svg ${NS}><image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/></svg>`,
  ];

  async function upload(client: Client, svg: string) {
    const form = new FormData();
    form.append("file", new File([svg], "logo.svg", { type: "image/svg+xml" }));
    return client.fetch("/api/system-settings/logos/light", { method: "POST", body: form });
  }

  it("refuses script URLs in any encoding, handlers, external loads and entity tricks; keeps ordinary logos", async () => {
    const admin = await signedIn("admin@amp.test");
    for (const svg of UNSAFE) {
      const response = await upload(admin, svg);
      expect(response.status, svg).toBe(422);
      // An internal DTD subset already fails the type sniffing (file_type); everything else is svg_unsafe.
      const { errors } = await json<{ errors: { file: string[] } }>(response);
      expect(["validation.svg_unsafe", "validation.file_type"], svg).toContain(errors.file[0]);
      if (!svg.includes("<!ENTITY")) expect(errors.file, svg).toEqual(["validation.svg_unsafe"]);
    }
    for (const svg of SAFE) expect((await upload(admin, svg)).status, svg).toBe(200);
  });

  it("serves every uploaded file sandboxed, nosniff, with a disposition", async () => {
    const admin = await signedIn("admin@amp.test");
    expect((await upload(admin, SAFE[0] ?? "")).status).toBe(200);
    const response = await new Client().get("/api/files/logos/light");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml");
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toMatch(/(^|;\s*)sandbox(;|$)/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src/);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="logo-light.svg"');
    await response.arrayBuffer();

    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    const form = new FormData();
    form.append("file", new File([png], "logo.png", { type: "image/png" }));
    expect((await admin.fetch("/api/system-settings/logos/dark", { method: "POST", body: form })).status).toBe(200);
    const raster = await new Client().get("/api/files/logos/dark");
    expect(raster.headers.get("Content-Disposition")).toBe('inline; filename="logo-dark.png"');
    expect(raster.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(raster.headers.get("X-Content-Type-Options")).toBe("nosniff");
    await raster.arrayBuffer();
  });
});
