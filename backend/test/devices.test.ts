import { describe, expect, it } from "vitest";
import { normalizeMac } from "../../common/devices";
import { parseCsv } from "../src/routes/devices";
import { json, signedIn } from "./helpers";

interface Device {
  id: number;
  mac: string;
  organization: { id: number };
  overrides: { key: string; value: string; type: string; enabled: boolean; description: string | null }[];
}
type Errors = { errors: Record<string, string[]> };

let macCounter = 0;
/** A MAC no other test uses, as `aa:bb:…` with colons. */
function uniqueMac(): string {
  macCounter += 1;
  const hex = (Date.now() * 100 + macCounter).toString(16).padStart(12, "0").slice(-12);
  return hex.match(/../g)?.join(":").toUpperCase() ?? hex;
}

describe("MAC addresses", () => {
  it("normalises every common form to 12 lowercase hex digits", () => {
    for (const form of ["00:1A:2B:3C:4D:5E", "00-1a-2b-3c-4d-5e", "001a.2b3c.4d5e", "001A2B3C4D5E", " 00 1a 2b 3c 4d 5e "]) {
      expect(normalizeMac(form)).toBe("001a2b3c4d5e");
    }
    for (const bad of ["00:1A:2B:3C:4D", "00:1A:2B:3C:4D:5G", "", "001a2b3c4d5e0"]) expect(normalizeMac(bad)).toBeNull();
  });

  it("is unique across organizations without revealing which one holds it", async () => {
    const mac = uniqueMac();
    const northwind = await signedIn("orgadmin@northwind.test");
    const created = await northwind.post("/api/devices", { mac, vendor: "Yealink", model: "T54W" });
    expect(created.status).toBe(201);
    expect((await json<Device>(created)).mac).toBe(mac.replace(/:/g, "").toLowerCase());

    const again = await northwind.post("/api/devices", { mac: mac.replace(/:/g, "-").toLowerCase(), vendor: "Yealink" });
    expect((await json<Errors>(again)).errors.mac).toEqual(["devices.mac_taken"]);

    const lakeside = await signedIn("marcus.bell@lakeside.test");
    const elsewhere = await lakeside.post("/api/devices", { mac, vendor: "Poly" });
    expect(elsewhere.status).toBe(422);
    const body = await json<Errors>(elsewhere);
    expect(body.errors.mac).toEqual(["devices.mac_taken_elsewhere"]);
    expect(JSON.stringify(body)).not.toContain("Northwind");

    const invalid = await lakeside.post("/api/devices", { mac: "12:34", vendor: "Poly" });
    expect((await json<Errors>(invalid)).errors.mac).toEqual(["devices.mac_invalid"]);
  });
});

describe("overrides", () => {
  it("checks types and duplicate keys at the row's field, and saves normalised values", async () => {
    const client = await signedIn("admin@amp.test");
    const device = await json<Device>(await client.post("/api/devices", { mac: uniqueMac(), vendor: "Poly", organization_id: 2 }));
    expect(device.organization.id).toBe(2);

    const bad = await client.put(`/api/devices/${device.id}/overrides`, {
      overrides: [
        { key: "sip.port", value: "five", type: "integer" },
        { key: "lcd.backlight", value: "maybe", type: "boolean" },
        { key: "SIP.port", value: "5060", type: "integer" },
        { key: "bad key!", value: "x", type: "string" },
      ],
    });
    expect(bad.status).toBe(422);
    expect((await json<Errors>(bad)).errors).toEqual({
      "overrides.0.value": ["devices.value_integer"],
      "overrides.1.value": ["devices.value_boolean"],
      "overrides.2.key": ["devices.duplicate_key"],
      "overrides.3.key": ["devices.key_format"],
    });

    const saved = await client.put(`/api/devices/${device.id}/overrides`, {
      overrides: [
        { key: "sip.port", value: "+5060", type: "integer", description: "Alternate port" },
        { key: "lcd.backlight", value: "yes", type: "boolean", enabled: false },
        { key: "display.name", value: "Front desk", type: "string" },
      ],
    });
    expect(saved.status).toBe(200);
    expect((await json<Device>(saved)).overrides).toEqual([
      { key: "sip.port", value: "5060", type: "integer", enabled: true, description: "Alternate port" },
      { key: "lcd.backlight", value: "true", type: "boolean", enabled: false, description: null },
      { key: "display.name", value: "Front desk", type: "string", enabled: true, description: null },
    ]);
  });

  it("exports as CSV and JSON and imports onto another device", async () => {
    const client = await signedIn("orgadmin@northwind.test");
    const source = await json<Device>(await client.post("/api/devices", { mac: uniqueMac(), vendor: "Yealink" }));
    await client.put(`/api/devices/${source.id}/overrides`, {
      overrides: [
        { key: "greeting", value: 'Hello, "world"', type: "string", description: "=cmd" },
        { key: "volume", value: "7", type: "integer", enabled: false },
      ],
    });
    const csv = await client.get(`/api/devices/${source.id}/overrides/export?format=csv`);
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    expect(csv.headers.get("Content-Disposition")).toContain(`overrides-${source.mac}.csv`);
    const csvText = await csv.text();
    expect(parseCsv(csvText)).toEqual([
      ["key", "value", "type", "enabled", "description"],
      ["greeting", 'Hello, "world"', "string", "true", "'=cmd"],
      ["volume", "7", "integer", "false", ""],
    ]);
    const jsonText = await (await client.get(`/api/devices/${source.id}/overrides/export?format=json`)).text();

    const target = await json<Device>(await client.post("/api/devices", { mac: uniqueMac(), vendor: "Yealink" }));
    await client.put(`/api/devices/${target.id}/overrides`, {
      overrides: [
        { key: "volume", value: "3", type: "integer" },
        { key: "keep", value: "1" },
      ],
    });
    const imported = await client.post(`/api/devices/${target.id}/overrides/import`, { format: "csv", content: csvText });
    expect(imported.status).toBe(200);
    expect((await json<Device>(imported)).overrides.map((row) => [row.key, row.value, row.enabled, row.description])).toEqual([
      ["keep", "1", true, null],
      ["greeting", 'Hello, "world"', true, "=cmd"],
      ["volume", "7", false, null],
    ]);
    const fromJson = await client.post(`/api/devices/${target.id}/overrides/import`, { format: "json", content: jsonText });
    expect(fromJson.status).toBe(200);
    const unreadable = await client.post(`/api/devices/${target.id}/overrides/import`, { format: "json", content: "nope" });
    expect((await json<Errors>(unreadable)).errors.content).toEqual(['devices.import_unreadable|{"format":"JSON"}']);
  });

  it("keeps devices inside their organization", async () => {
    const northwind = await signedIn("orgadmin@northwind.test");
    const mac = uniqueMac();
    const device = await json<Device>(await northwind.post("/api/devices", { mac, vendor: "Snom" }));
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    expect((await lakeside.get(`/api/devices/${device.id}`)).status).toBe(404);
    expect((await lakeside.put(`/api/devices/${device.id}/overrides`, { overrides: [] })).status).toBe(404);
    expect((await lakeside.get(`/api/devices/${device.id}/overrides/export`)).status).toBe(404);
    expect((await lakeside.fetch(`/api/devices/${device.id}`, { method: "DELETE" })).status).toBe(404);
    const list = await json<{ data: Device[] }>(await lakeside.get(`/api/devices?search=${encodeURIComponent(mac)}`));
    expect(list.data).toEqual([]);
    // Members cannot place a device in another organization.
    expect((await lakeside.post("/api/devices", { mac: uniqueMac(), vendor: "Snom", organization_id: 2 })).status).toBe(403);

    // Search by MAC in any format finds it for its own organization.
    const dotted = mac
      .replace(/:/g, "")
      .toLowerCase()
      .replace(/(....)(?=.)/g, "$1.");
    const found = await json<{ data: Device[] }>(await northwind.get(`/api/devices?search=${encodeURIComponent(dotted)}`));
    expect(found.data.map((row) => row.id)).toEqual([device.id]);
    expect((await northwind.fetch(`/api/devices/${device.id}`, { method: "DELETE" })).status).toBe(204);
  });

  it("keep their organization from being deleted", async () => {
    const admin = await signedIn("admin@amp.test");
    const organization = await json<{ id: number }>(
      await admin.post("/api/organizations", { name: "Device holder", account_number: `DH-${Date.now().toString(36)}` }),
    );
    const device = await json<Device>(
      await admin.post("/api/devices", { mac: uniqueMac(), vendor: "Snom", organization_id: organization.id }),
    );
    const refused = await admin.fetch(`/api/organizations/${organization.id}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    await admin.fetch(`/api/devices/${device.id}`, { method: "DELETE" });
    expect((await admin.fetch(`/api/organizations/${organization.id}`, { method: "DELETE" })).status).toBe(204);
  });
});
