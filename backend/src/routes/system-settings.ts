import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { LOCALES } from "../db/schema";
import { logActivity } from "../lib/activity";
import { requireAuth, requirePermission } from "../lib/auth";
import type { AppEnv } from "../lib/context";
import { sniffImage } from "../lib/documents";
import { validationError } from "../lib/errors";
import { errorResponses, jsonBody, jsonContent } from "../lib/openapi";
import { getSettings, LOGO_KINDS, putSetting, type SystemSettings, TWO_FACTOR_POLICIES } from "../lib/settings";
import { isUnsafeSvg } from "../lib/svg";
import { safeText, validationHook } from "../lib/validation";
import { logoUrls } from "./public-settings";

/** Portal-wide settings and logos. Every change is read by GET /api/public-settings on the next request. */
export const systemSettingsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

export const MAX_LOGO_BYTES = 512 * 1024;

const nullableUrl = z
  .url({ protocol: /^https?$/ })
  .max(2048)
  .nullable()
  .or(z.literal("").transform(() => null));

const SettingsBody = z.object({
  portal_name: safeText({ max: 100 }),
  default_locale: z.enum(LOCALES),
  registration_enabled: z.boolean(),
  password_min_length: z.number().int().min(8).max(64),
  session_idle_minutes: z.number().int().min(5).max(1440),
  /** Omitted: unchanged. */
  two_factor_required: z.enum(TWO_FACTOR_POLICIES).optional(),
  links: z.object({ client_success: nullableUrl, billing: nullableUrl, feedback: nullableUrl }),
});

const SettingsSchema = z
  .object({
    portal_name: z.string(),
    default_locale: z.enum(LOCALES),
    registration_enabled: z.boolean(),
    password_min_length: z.number().int(),
    session_idle_minutes: z.number().int(),
    two_factor_required: z.enum(TWO_FACTOR_POLICIES),
    links: z.object({ client_success: z.string().nullable(), billing: z.string().nullable(), feedback: z.string().nullable() }),
    logos: z.object({ light: z.string().nullable(), dark: z.string().nullable(), collapsed: z.string().nullable() }),
  })
  .openapi("SystemSettings");

function present(settings: SystemSettings): z.infer<typeof SettingsSchema> {
  return {
    portal_name: settings.portal_name,
    default_locale: settings.default_locale,
    registration_enabled: settings.registration_enabled,
    password_min_length: settings.password_min_length,
    session_idle_minutes: settings.session_idle_minutes,
    two_factor_required: settings.two_factor_required,
    links: settings.links,
    logos: logoUrls(settings),
  };
}

const kindParam = z.object({ kind: z.enum(LOGO_KINDS) });

systemSettingsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/system-settings",
    tags: ["System settings"],
    summary: "Every system setting, with logo URLs",
    middleware: [requireAuth, requirePermission("admin.settings.update")] as const,
    responses: { 200: jsonContent(SettingsSchema, "The settings"), ...errorResponses(401, 403) },
  }),
  async (c) => c.json(present(await getSettings(c.get("db"))), 200),
);

systemSettingsRoutes.openapi(
  createRoute({
    method: "put",
    path: "/api/system-settings",
    tags: ["System settings"],
    summary: "Save the settings (logos have their own calls)",
    middleware: [requireAuth, requirePermission("admin.settings.update")] as const,
    request: { body: jsonBody(SettingsBody) },
    responses: { 200: jsonContent(SettingsSchema, "The saved settings"), ...errorResponses(401, 403, 419, 422) },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const db = c.get("db");
    const before = await getSettings(db);
    await Promise.all([
      putSetting(db, "portal_name", body.portal_name),
      putSetting(db, "default_locale", body.default_locale),
      putSetting(db, "registration_enabled", body.registration_enabled),
      putSetting(db, "password_min_length", body.password_min_length),
      putSetting(db, "session_idle_minutes", body.session_idle_minutes),
      putSetting(db, "links", body.links),
      body.two_factor_required === undefined ? undefined : putSetting(db, "two_factor_required", body.two_factor_required),
    ]);
    const { logos: _logos, ...previous } = before;
    await logActivity(c, {
      action: "system_settings.updated",
      subject_type: "system_settings",
      subject_label: body.portal_name,
      before: previous,
      after: { ...body, two_factor_required: body.two_factor_required ?? before.two_factor_required },
    });
    return c.json(present(await getSettings(db)), 200);
  },
);

systemSettingsRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/system-settings/logos/{kind}",
    tags: ["System settings"],
    summary: "Upload a logo: multipart `file`, PNG, SVG (no scripts), JPEG or WebP by content, at most 512 KiB",
    middleware: [requireAuth, requirePermission("admin.settings.update")] as const,
    request: {
      params: kindParam,
      body: {
        required: true,
        content: {
          "multipart/form-data": { schema: z.object({ file: z.any().openapi({ type: "string", format: "binary" }) }) },
        },
      },
    },
    responses: { 200: jsonContent(SettingsSchema, "The settings with the new logo URL"), ...errorResponses(401, 403, 419, 422) },
  }),
  async (c) => {
    const { kind } = c.req.valid("param");
    const { file } = c.req.valid("form");
    if (!(file instanceof File) || file.size === 0) throw validationError({ file: ["validation.file"] });
    if (file.size > MAX_LOGO_BYTES) throw validationError({ file: [`validation.file_too_large|${JSON.stringify({ max: 0.5 })}`] });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const sniffed = sniffImage(bytes);
    if (!sniffed) throw validationError({ file: ["validation.file_type"] });
    if (sniffed.extension === "svg" && isUnsafeSvg(bytes)) {
      throw validationError({ file: ["validation.svg_unsafe"] });
    }

    const db = c.get("db");
    const settings = await getSettings(db);
    const previous = settings.logos[kind];
    const updatedAt = new Date().toISOString();
    const key = `logos/${kind}-${Date.now()}.${sniffed.extension}`;
    await c.env.FILES.put(key, bytes, { httpMetadata: { contentType: sniffed.type } });
    await putSetting(db, "logos", { ...settings.logos, [kind]: { key, content_type: sniffed.type, updated_at: updatedAt } });
    if (previous) await c.env.FILES.delete(previous.key);
    await logActivity(c, {
      action: "system_settings.logo_uploaded",
      subject_type: "system_settings",
      subject_label: kind,
      before: { [`logo_${kind}`]: previous?.key ?? null },
      after: { [`logo_${kind}`]: key, content_type: sniffed.type, size: bytes.length },
    });
    return c.json(present(await getSettings(db)), 200);
  },
);

systemSettingsRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/api/system-settings/logos/{kind}",
    tags: ["System settings"],
    summary: "Remove a logo (the portal falls back to its built-in one)",
    middleware: [requireAuth, requirePermission("admin.settings.update")] as const,
    request: { params: kindParam },
    responses: { 200: jsonContent(SettingsSchema, "The settings without that logo"), ...errorResponses(401, 403, 419, 422) },
  }),
  async (c) => {
    const { kind } = c.req.valid("param");
    const db = c.get("db");
    const settings = await getSettings(db);
    const previous = settings.logos[kind];
    if (previous) {
      await putSetting(db, "logos", { ...settings.logos, [kind]: null });
      await c.env.FILES.delete(previous.key);
      await logActivity(c, {
        action: "system_settings.logo_deleted",
        subject_type: "system_settings",
        subject_label: kind,
        before: { [`logo_${kind}`]: previous.key },
        after: { [`logo_${kind}`]: null },
      });
    }
    return c.json(present(await getSettings(db)), 200);
  },
);
