import { describe, expect, it } from "vitest";
import { CAPABILITIES } from "../../common/capabilities";
import { PERMISSIONS, SEEDED_ROLES } from "../../common/permissions";
import { json, query, signedIn } from "./helpers";

describe("GET /api/user", () => {
  it("returns the documented User shape with the union of role permissions", async () => {
    const client = await signedIn("orgadmin@northwind.test");
    const response = await client.get("/api/user");
    expect(response.status).toBe(200);
    const user = await json(response);
    expect(Object.keys(user).sort()).toEqual(
      [
        "capabilities",
        "email",
        "id",
        "is_provider",
        "locale",
        "name",
        "organization",
        "roles",
        "status",
        "theme",
        "theme_primary_color",
        "theme_semi_dark_menu",
        "two_factor_enabled",
        "two_factor_required",
        "user_permissions",
      ].sort(),
    );
    expect(user).toMatchObject({
      name: "Priya Raman",
      email: "orgadmin@northwind.test",
      locale: "en",
      status: "active",
      organization: { id: 2, name: "Northwind Dental", type: "business" },
      roles: [{ id: 4, name: "Organization Admin" }],
      theme: "system",
      theme_primary_color: "#7367F0",
      theme_semi_dark_menu: false,
      is_provider: false,
    });
    expect(new Set(user.user_permissions as string[])).toEqual(new Set(SEEDED_ROLES["Organization Admin"].permissions));
    // The bundled backend offers every optional area (docs/api.md, Capabilities).
    expect(user.capabilities).toEqual([...CAPABILITIES]);
  });

  it("gives the Super Admin every key and marks provider staff", async () => {
    const user = await json<{ user_permissions: string[]; is_provider: boolean }>(
      await (await signedIn("admin@amp.test")).get("/api/user"),
    );
    expect(user.user_permissions).toEqual([...PERMISSIONS]);
    expect(user.is_provider).toBe(true);
  });
});

describe("profile", () => {
  it("updates preferences and logs the change", async () => {
    const client = await signedIn("ethan.walsh@amp.test");
    const response = await client.put("/api/user/preferences", {
      theme: "dark",
      theme_primary_color: "#FF9F43",
      theme_semi_dark_menu: true,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ theme: "dark", theme_primary_color: "#FF9F43", theme_semi_dark_menu: true });
    const [entry] = await query<{ action: string; changes: string }>("SELECT * FROM activity_log ORDER BY id DESC LIMIT 1");
    expect(entry?.action).toBe("profile.preferences_updated");
    expect(JSON.parse(entry?.changes ?? "{}")).toEqual({
      theme: { old: "system", new: "dark" },
      theme_primary_color: { old: "#7367F0", new: "#FF9F43" },
      theme_semi_dark_menu: { old: false, new: true },
    });

    const invalid = await client.put("/api/user/preferences", { theme: "neon", theme_primary_color: "red" });
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toMatchObject({
      errors: {
        theme: ["validation.in"],
        theme_primary_color: ["validation.regex"],
        theme_semi_dark_menu: ["validation.required"],
      },
    });
  });

  it("updates name, e-mail and locale, refusing an address in use", async () => {
    const client = await signedIn("kevin.park@lakeside.test");
    const taken = await client.put("/api/user/profile", { name: "Kevin Park", email: "admin@amp.test", locale: "fr" });
    expect(await taken.json()).toMatchObject({ errors: { email: ["validation.unique"] } });

    const response = await client.put("/api/user/profile", { name: "Kevin J. Park", email: "Kevin.Park@Lakeside.test", locale: "fr" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: "Kevin J. Park", email: "kevin.park@lakeside.test", locale: "fr" });
  });

  it("changes the password only with the current one, and redacts it in the log", async () => {
    const client = await signedIn("aisha.bello@lakeside.test");
    const wrong = await client.put("/api/user/password", {
      current_password: "not-it",
      password: "brand-new-pass",
      password_confirmation: "brand-new-pass",
    });
    expect(await wrong.json()).toMatchObject({ errors: { current_password: ["validation.current_password"] } });

    const response = await client.put("/api/user/password", {
      current_password: "password",
      password: "brand-new-pass",
      password_confirmation: "brand-new-pass",
    });
    expect(response.status).toBe(200);
    const [entry] = await query<{ action: string; changes: string }>("SELECT * FROM activity_log ORDER BY id DESC LIMIT 1");
    expect(entry?.action).toBe("profile.password_changed");
    expect(JSON.parse(entry?.changes ?? "{}")).toEqual({ password: { old: "[redacted]", new: "[redacted]" } });
    expect(entry?.changes).not.toContain("brand-new-pass");
  });
});
