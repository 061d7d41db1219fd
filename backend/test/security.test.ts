import { afterEach, describe, expect, it, vi } from "vitest";
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

describe("password-setup tokens never leave the delivery path", () => {
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
    // Console lines (Workers logs) name the message, never its link.
    expect(consoleLines.some((line) => line.includes("[mail] to=admin@amp.test"))).toBe(true);
    for (const line of consoleLines) for (const token of tokens) expect(line.includes(token)).toBe(false);
  });
});

describe("a password reset or change ends the user's other sessions", () => {
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
