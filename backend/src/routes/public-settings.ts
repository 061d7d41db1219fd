import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "../lib/context";
import { notFound } from "../lib/errors";
import { errorResponses, jsonContent } from "../lib/openapi";
import { getSettings, LOGO_KINDS, type LogoKind, type SystemSettings } from "../lib/settings";
import { validationHook } from "../lib/validation";

/** What the portal needs before anyone signs in: name, language, sign-up switch, logos, links. */
export const publicSettings = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

/** Logo URLs are paths on this API, versioned by upload time so caches refresh after a new upload. */
export function logoUrls(settings: SystemSettings): Record<LogoKind, string | null> {
  return Object.fromEntries(
    LOGO_KINDS.map((kind) => {
      const logo = settings.logos[kind];
      return [kind, logo ? `/api/files/logos/${kind}?v=${encodeURIComponent(logo.updated_at)}` : null];
    }),
  ) as Record<LogoKind, string | null>;
}

const LinksSchema = z.object({
  client_success: z.string().nullable(),
  billing: z.string().nullable(),
  feedback: z.string().nullable(),
});

publicSettings.openapi(
  createRoute({
    method: "get",
    path: "/api/public-settings",
    tags: ["Public"],
    summary: "Settings the portal shows to everyone, signed in or not",
    responses: {
      200: jsonContent(
        z
          .object({
            portal_name: z.string(),
            default_locale: z.enum(["en", "fr", "ar"]),
            registration_enabled: z.boolean(),
            password_min_length: z.number().int(),
            logos: z.object({ light: z.string().nullable(), dark: z.string().nullable(), collapsed: z.string().nullable() }),
            links: LinksSchema,
          })
          .openapi("PublicSettings"),
        "Public settings",
      ),
    },
  }),
  async (c) => {
    const settings = await getSettings(c.get("db"));
    return c.json(
      {
        portal_name: settings.portal_name,
        default_locale: settings.default_locale,
        registration_enabled: settings.registration_enabled,
        password_min_length: settings.password_min_length,
        logos: logoUrls(settings),
        links: settings.links,
      },
      200,
    );
  },
);

/**
 * Headers of every uploaded file served by the backend. The portal's /api/files proxy must pass them on
 * unchanged. The sandbox CSP keeps an SVG opened on its own from running anything (no scripts, no
 * same-origin access, nothing loaded but its own inline styles and embedded images); nosniff keeps the
 * declared type; an SVG is offered as a download when opened directly, a raster image is shown.
 */
export function uploadedFileHeaders(contentType: string, name: string): Record<string, string> {
  const extension = { "image/svg+xml": "svg", "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" }[contentType] ?? "bin";
  const disposition = contentType === "image/svg+xml" ? "attachment" : "inline";
  return {
    "Content-Type": contentType,
    "Content-Security-Policy": "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'",
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": `${disposition}; filename="${name}.${extension}"`,
    "Cache-Control": "public, max-age=300",
  };
}

publicSettings.openapi(
  createRoute({
    method: "get",
    path: "/api/files/logos/{kind}",
    tags: ["Public"],
    summary: "A logo image, streamed from R2",
    request: { params: z.object({ kind: z.enum(LOGO_KINDS) }) },
    responses: {
      200: { description: "The image", content: { "image/*": { schema: z.any().openapi({ type: "string", format: "binary" }) } } },
      ...errorResponses(404, 422),
    },
  }),
  async (c) => {
    const { kind } = c.req.valid("param");
    const settings = await getSettings(c.get("db"));
    const logo = settings.logos[kind];
    const object = logo ? await c.env.FILES.get(logo.key) : null;
    if (!logo || !object) throw notFound();
    return c.body(object.body, 200, {
      ...uploadedFileHeaders(logo.content_type, `logo-${kind}`),
      ETag: object.httpEtag,
      "Content-Length": String(object.size),
    });
  },
);
