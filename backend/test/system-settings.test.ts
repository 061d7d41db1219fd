import { describe, expect, it } from "vitest";
import { Client, json, query, signedIn } from "./helpers";

type Invalid = { errors: Record<string, string[]> };
type Settings = { portal_name: string; logos: Record<string, string | null>; links: Record<string, string | null> };

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 30, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20]);
const SVG = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

const valid = (overrides: Record<string, unknown> = {}) => ({
  portal_name: "AMP Voice",
  default_locale: "fr",
  registration_enabled: false,
  password_min_length: 10,
  session_idle_minutes: 60,
  links: { client_success: "https://success.example.test", billing: null, feedback: "" },
  ...overrides,
});

function upload(client: Client, kind: string, bytes: Uint8Array<ArrayBuffer> | string, type: string, name = "logo.bin") {
  const form = new FormData();
  form.append("file", new File([bytes], name, { type }));
  return client.fetch(`/api/system-settings/logos/${kind}`, { method: "POST", body: form });
}

describe("GET/PUT /api/system-settings", () => {
  it("reads and saves the settings; public settings change at once; the change is logged", async () => {
    const admin = await signedIn("admin@amp.test");
    const current = await json<Settings>(await admin.get("/api/system-settings"));
    expect(current).toMatchObject({ portal_name: "AMP", session_idle_minutes: 120, logos: { light: null } });

    const saved = await admin.put("/api/system-settings", valid());
    expect(saved.status).toBe(200);
    expect(await json(saved)).toMatchObject({ portal_name: "AMP Voice", links: { billing: null, feedback: null } });
    const publicSettings = await json(await new Client().get("/api/public-settings"));
    expect(publicSettings).toMatchObject({
      portal_name: "AMP Voice",
      default_locale: "fr",
      registration_enabled: false,
      password_min_length: 10,
    });
    const [entry] = await query<{ changes: string }>(
      "SELECT changes FROM activity_log WHERE action = 'system_settings.updated' ORDER BY id DESC LIMIT 1",
    );
    expect(JSON.parse(entry?.changes ?? "{}")).toMatchObject({ portal_name: { old: "AMP", new: "AMP Voice" } });
  });

  it("validates ranges, locale and link URLs", async () => {
    const admin = await signedIn("admin@amp.test");
    const response = await admin.put(
      "/api/system-settings",
      valid({
        portal_name: "",
        default_locale: "de",
        password_min_length: 7,
        session_idle_minutes: 2000,
        links: { client_success: "javascript:alert(1)", billing: "ftp://x.test", feedback: null },
      }),
    );
    expect(response.status).toBe(422);
    expect((await json<Invalid>(response)).errors).toMatchObject({
      portal_name: ["validation.required"],
      default_locale: ["validation.in"],
      password_min_length: [`validation.min|{"min":8}`],
      session_idle_minutes: [`validation.max|{"max":1440}`],
      "links.client_success": expect.any(Array),
      "links.billing": expect.any(Array),
    });
    expect((await admin.put("/api/system-settings", valid({ password_min_length: 65 }))).status).toBe(422);
  });

  it("answers 401 and 403", async () => {
    expect((await new Client().get("/api/system-settings")).status).toBe(401);
    const provider = await signedIn("provider@amp.test");
    expect((await provider.get("/api/system-settings")).status).toBe(403);
    expect((await provider.put("/api/system-settings", valid())).status).toBe(403);
    expect((await upload(provider, "light", PNG, "image/png")).status).toBe(403);
  });
});

describe("logos", () => {
  it("stores PNG, JPEG, WebP and SVG by their bytes, serves them and deletes them", async () => {
    const admin = await signedIn("admin@amp.test");
    for (const [kind, bytes, type] of [
      ["light", PNG, "image/png"],
      ["dark", JPEG, "image/jpeg"],
      ["collapsed", WEBP, "image/webp"],
      ["light", SVG, "image/svg+xml"],
    ] as const) {
      const response = await upload(admin, kind, bytes, "application/octet-stream");
      expect(response.status, type).toBe(200);
      const settings = await json<Settings>(response);
      const url = settings.logos[kind] ?? "";
      expect(url).toMatch(new RegExp(`^/api/files/logos/${kind}\\?v=`));
      const image = await new Client().get(url);
      expect(image.headers.get("Content-Type")).toBe(type);
      expect(new Uint8Array(await image.arrayBuffer())).toEqual(typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes);
    }
    expect(await query("SELECT id FROM activity_log WHERE action = 'system_settings.logo_uploaded'")).toHaveLength(4);

    const deleted = await admin.fetch("/api/system-settings/logos/dark", { method: "DELETE" });
    expect(deleted.status).toBe(200);
    expect((await json<Settings>(deleted)).logos.dark).toBeNull();
    expect((await new Client().get("/api/files/logos/dark")).status).toBe(404);
    expect(await json(await new Client().get("/api/public-settings"))).toMatchObject({ logos: { dark: null } });
  });

  it("rejects other types whatever they declare, unsafe SVGs, large files and a missing file", async () => {
    const admin = await signedIn("admin@amp.test");
    const before = (await json<Settings>(await admin.get("/api/system-settings"))).logos;
    const errors = async (response: Response) => {
      expect(response.status).toBe(422);
      return (await json<Invalid>(response)).errors;
    };
    expect(await errors(await upload(admin, "light", "GIF89a....", "image/png", "logo.png"))).toEqual({ file: ["validation.file_type"] });
    expect(await errors(await upload(admin, "light", "<html><body>hi</body></html>", "image/svg+xml"))).toEqual({
      file: ["validation.file_type"],
    });
    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect/></a></svg>',
    ]) {
      expect(await errors(await upload(admin, "light", svg, "image/svg+xml"))).toEqual({ file: ["validation.svg_unsafe"] });
    }
    const big = new Uint8Array(512 * 1024 + 1);
    big.set(PNG);
    expect(await errors(await upload(admin, "light", big, "image/png"))).toEqual({ file: ['validation.file_too_large|{"max":0.5}'] });
    const empty = await admin.fetch("/api/system-settings/logos/light", { method: "POST", body: new FormData() });
    expect(empty.status).toBe(422);
    expect((await upload(admin, "huge", PNG, "image/png")).status).toBe(422);
    expect((await json<Settings>(await admin.get("/api/system-settings"))).logos).toEqual(before);
  });
});
