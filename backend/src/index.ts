/**
 * The bundled reference backend: a Laravel Sanctum-compatible API (SPA cookie mode) on Workers, D1 and R2.
 * Order matters: security headers wrap everything; the session is loaded before CSRF is checked;
 * malformed JSON is rejected before any route validates its body.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { createDb } from "./db/client";
import { tokenMiddleware } from "./lib/api-tokens";
import { type CarrierCheck, consumeCarrierChecks, reconcileCarrierWork } from "./lib/carrier-sync";
import type { AppEnv } from "./lib/context";
import { handleError } from "./lib/errors";
import { faultInjection } from "./lib/fault-injection";
import { consumeMail, failStaleMail, isMailMessage, type MailEnv } from "./lib/mailer";
import { dbMiddleware, jsonBodyGuard, securityHeaders } from "./lib/middleware";
import { deleteAbandonedImports } from "./lib/number-import";
import { consumeImportBatches, type ImportBatchMessage } from "./lib/number-import-job";
import { deleteExpiredDrafts } from "./lib/residential";
import { csrfMiddleware, deleteExpiredSessions, sessionMiddleware } from "./lib/session";
import { consumeTtsRenders, failStaleRenders, isTtsRenderMessage } from "./lib/tts-job";
import { validationHook } from "./lib/validation";
import { activity } from "./routes/activity-log";
import { activityFiltersRoutes } from "./routes/activity-log-filters";
import { apiTokensRoutes } from "./routes/api-tokens";
import { auth } from "./routes/auth";
import { brandedDocumentsRoutes } from "./routes/branded-documents";
import { dashboardRoutes } from "./routes/dashboard";
import { devicesRoutes } from "./routes/devices";
import { mountDocs } from "./routes/docs";
import { e911Routes } from "./routes/e911";
import { health } from "./routes/health";
import { mailLogRoutes } from "./routes/mail-log";
import { masquerade } from "./routes/masquerade";
import { numberImportsRoutes } from "./routes/number-imports";
import { numberLookupRoutes } from "./routes/number-lookup";
import { numberOrderHistoryRoutes } from "./routes/number-order-history";
import { numberOrdersRoutes } from "./routes/number-orders";
import { organizationsRoutes } from "./routes/organizations";
import { phoneNumberRecordRoutes } from "./routes/phone-number-record";
import { phoneNumbersRoutes } from "./routes/phone-numbers";
import { portingCheckRoutes } from "./routes/porting-check";
import { portingOrdersRoutes } from "./routes/porting-orders";
import { publicSettings } from "./routes/public-settings";
import { residentialRoutes } from "./routes/residential";
import { rolesRoutes } from "./routes/roles";
import { searchRoutes } from "./routes/search";
import { sessionsRoutes } from "./routes/sessions";
import { smtpRelayRoutes } from "./routes/smtp-relay";
import { systemSettingsRoutes } from "./routes/system-settings";
import { ttsRoutes } from "./routes/tts";
import { twoFactor } from "./routes/two-factor";
import { user } from "./routes/user";
import { usersRoutes } from "./routes/users";
import { webhooksRoutes } from "./routes/webhooks";

export const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

app.use("*", securityHeaders);
// Inert unless FAULT_INJECTION = "1" (local e2e only, see lib/fault-injection.ts).
app.use("*", faultInjection);
app.use("*", dbMiddleware);
app.use("*", sessionMiddleware());
// Authorization: Bearer on /api/* (personal access tokens, lib/api-tokens.ts).
app.use("*", tokenMiddleware);
app.use("*", csrfMiddleware());
app.use("*", jsonBodyGuard);

app.route("/", auth);
app.route("/", twoFactor);
app.route("/", user);
app.route("/", sessionsRoutes);
app.route("/", apiTokensRoutes);
app.route("/", masquerade);
// Before the core's activity routes: /api/activity-log/filters must not reach /api/activity-log/{id}.
app.route("/", activityFiltersRoutes);
app.route("/", activity);
app.route("/", health);
app.route("/", publicSettings);
// Administration; users after masquerade, whose /api/users/masquerader would otherwise reach /api/users/{id}.
app.route("/", dashboardRoutes);
app.route("/", usersRoutes);
app.route("/", organizationsRoutes);
app.route("/", rolesRoutes);
app.route("/", systemSettingsRoutes);
app.route("/", mailLogRoutes);
// Telephony tools: phone numbers and the ordering wizard's number orders.
app.route("/", phoneNumbersRoutes);
// A number's page (issue 25): origin, E911 address, orders, porting orders, history.
app.route("/", phoneNumberRecordRoutes);
// Order history (issue 25): the list of number orders, its export and an order's events; before the wizard's
// routes, whose /api/number-orders/{id} would otherwise take /api/number-orders/export.
app.route("/", numberOrderHistoryRoutes);
app.route("/", numberOrdersRoutes);
// Tools: text-to-speech prompts and device overrides (issue 12).
app.route("/", ttsRoutes);
app.route("/", devicesRoutes);
app.route("/", smtpRelayRoutes);
app.route("/", brandedDocumentsRoutes);
// E911 and porting tools.
app.route("/", numberLookupRoutes);
app.route("/", portingCheckRoutes);
app.route("/", e911Routes);
app.route("/", portingOrdersRoutes);
// Phone-number imports (issue 10): upload, preview, commit as a queued job.
app.route("/", numberImportsRoutes);
// Find anything (issue 25): the command palette's one call.
app.route("/", searchRoutes);
// Residential user wizard (issue 14).
app.route("/", residentialRoutes);
// Carrier webhooks (issue 24): signed by the carrier, no session.
app.route("/", webhooksRoutes);
mountDocs(app);

app.notFound((c) => c.json({ message: "Not found." }, 404));
app.onError(handleError);

/** The reconciler's cron (wrangler.toml): open carrier work with no news for a while is checked again. */
// Not exported: every named export of the main module must be a handler or workerd refuses to start.
const RECONCILE_CRON = "*/5 * * * *";

export default {
  fetch: app.fetch,
  /**
   * The cron triggers of wrangler.toml: every 5 minutes the carrier reconciler (lib/carrier-sync.ts); hourly,
   * expired sessions (guests after 2 h), ended throttle windows, abandoned imports and old wizard drafts go.
   */
  async scheduled(controller, env, ctx) {
    if (controller.cron === RECONCILE_CRON) {
      ctx.waitUntil(
        reconcileCarrierWork(env).then((due) => {
          console.log(`[reconcile] carrier checks=${due}`);
        }),
      );
      return;
    }
    ctx.waitUntil(
      deleteExpiredSessions(env.DB).then((deleted) => {
        console.log(`[cleanup] sessions=${deleted.sessions} throttles=${deleted.throttles}`);
      }),
    );
    ctx.waitUntil(deleteAbandonedImports(env.DB, env.FILES));
    // Renders a killed consumer left `rendering` (lib/tts-job.ts).
    ctx.waitUntil(
      failStaleRenders(env.DB).then((failed) => {
        if (failed > 0) console.log(`[cleanup] tts_renders_failed=${failed}`);
      }),
    );
    // E-mails the queue lost (lib/mailer.ts): still queued long after their next attempt was due.
    ctx.waitUntil(
      failStaleMail(env.DB).then((failed) => {
        if (failed > 0) console.log(`[cleanup] mail_failed=${failed}`);
      }),
    );
    // Residential wizard drafts untouched for 7 days.
    ctx.waitUntil(
      deleteExpiredDrafts(createDb(env.DB)).then((deleted) => {
        console.log(`[cleanup] residential_drafts=${deleted}`);
      }),
    );
  },
  /**
   * The queue consumers of wrangler.toml: carrier checks (CARRIER_QUEUE), and the import queue, which also
   * carries TTS renders (`kind: "tts_render"`, decision 033) and e-mails (`kind: "mail_send"`, decision 031).
   */
  async queue(batch, env) {
    if (batch.queue.startsWith("amp-carrier-sync")) {
      await consumeCarrierChecks(batch as MessageBatch<CarrierCheck>, env as typeof env & { CARRIER_QUEUE?: Queue<CarrierCheck> });
      return;
    }
    const renders = batch.messages.filter(isTtsRenderMessage);
    const mail = batch.messages.filter(isMailMessage);
    const imports = batch.messages.filter((message) => !isTtsRenderMessage(message) && !isMailMessage(message));
    if (mail.length > 0) await consumeMail(mail, env as typeof env & MailEnv);
    if (renders.length > 0) await consumeTtsRenders(renders, env);
    if (imports.length > 0) await consumeImportBatches({ ...batch, messages: imports } as MessageBatch<ImportBatchMessage>, env);
  },
} satisfies ExportedHandler<BackendEnv>;
