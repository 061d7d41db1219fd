/**
 * The bundled reference backend: a Laravel Sanctum-compatible API (SPA cookie mode) on Workers, D1 and R2.
 * Order matters: security headers wrap everything; the session is loaded before CSRF is checked;
 * malformed JSON is rejected before any route validates its body.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./lib/context";
import { handleError } from "./lib/errors";
import { dbMiddleware, jsonBodyGuard, securityHeaders } from "./lib/middleware";
import { csrfMiddleware, sessionMiddleware } from "./lib/session";
import { validationHook } from "./lib/validation";
import { activity } from "./routes/activity-log";
import { auth } from "./routes/auth";
import { mountDocs } from "./routes/docs";
import { health } from "./routes/health";
import { masquerade } from "./routes/masquerade";
import { publicSettings } from "./routes/public-settings";
import { user } from "./routes/user";

export const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

app.use("*", securityHeaders);
app.use("*", dbMiddleware);
app.use("*", sessionMiddleware());
app.use("*", csrfMiddleware());
app.use("*", jsonBodyGuard);

app.route("/", auth);
app.route("/", user);
app.route("/", masquerade);
app.route("/", activity);
app.route("/", health);
app.route("/", publicSettings);
mountDocs(app);

app.notFound((c) => c.json({ message: "Not found." }, 404));
app.onError(handleError);

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<BackendEnv>;
