import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, asc, count, desc, eq, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { organizations, TTS_FORMATS, TTS_STATUSES, ttsPrompts, users } from "../db/schema";
import { logActivity } from "../lib/activity";
import { currentUser, requireAuth, requirePermission } from "../lib/auth";
import type { AppEnv, CurrentUser } from "../lib/context";
import { ApiError, notFound } from "../lib/errors";
import { csvExportResponse, exportResponse } from "../lib/export";
import { errorResponses, jsonBody, jsonContent } from "../lib/openapi";
import { likePattern, listQuerySchema, paginate, paginatorSchema } from "../lib/pagination";
import { tenantScope, writableOrganizationId } from "../lib/tenant";
import { enqueueRender, TTS_PROMPT_MAX_MS } from "../lib/tts-job";
import { ErrorBag, validationHook } from "../lib/validation";
import { findVoice, TTS_LANGUAGES, type TtsEngine, TtsRenderError, TtsTooLong, ttsEngine } from "../tts";
import { checkSsml, SSML_TAGS, speechEstimateMs } from "../tts/ssml";

/** Text-to-speech prompts: saved text or SSML rendered to audio in R2 off the request. */
export const ttsRoutes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

/** Longest text or SSML a prompt may hold (characters). */
export const TTS_TEXT_LIMIT = 3000;
/** Longest text the unsaved "Listen" preview renders (it runs during the request). */
export const TTS_PREVIEW_LIMIT = 500;
/** Longest audio a preview may have (issue 23, item 6; a prompt: `TTS_PROMPT_MAX_MS`): checked before rendering, and a hard cap of the engine's output. */
export const TTS_PREVIEW_MAX_MS = 60_000;

const idParam = z.object({ id: z.coerce.number().int().positive() });

function promptColumns() {
  return {
    id: ttsPrompts.id,
    organizationId: ttsPrompts.organizationId,
    organizationName: organizations.name,
    name: ttsPrompts.name,
    description: ttsPrompts.description,
    text: ttsPrompts.text,
    format: ttsPrompts.format,
    language: ttsPrompts.language,
    voice: ttsPrompts.voice,
    status: ttsPrompts.status,
    error: ttsPrompts.error,
    revision: ttsPrompts.revision,
    audioKey: ttsPrompts.audioKey,
    audioSize: ttsPrompts.audioSize,
    durationMs: ttsPrompts.durationMs,
    renderedById: ttsPrompts.renderedBy,
    renderedByName: users.name,
    renderedAt: ttsPrompts.renderedAt,
    createdAt: ttsPrompts.createdAt,
    updatedAt: ttsPrompts.updatedAt,
  };
}

const PromptSchema = z
  .object({
    id: z.number().int(),
    organization: z.object({ id: z.number().int(), name: z.string() }),
    name: z.string(),
    description: z.string().nullable(),
    text: z.string(),
    format: z.enum(TTS_FORMATS),
    language: z.enum(TTS_LANGUAGES),
    voice: z.string(),
    status: z.enum(TTS_STATUSES),
    error: z.string().nullable().openapi({ description: "Why the last render failed" }),
    duration_ms: z.number().int().nullable(),
    audio_size: z.number().int().nullable(),
    audio_url: z.string().nullable().openapi({ example: "/api/tts/1/audio" }),
    rendered_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    rendered_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("TtsPrompt");

type PromptRow = Awaited<ReturnType<typeof findPrompt>>;

function serialize(row: PromptRow): z.infer<typeof PromptSchema> {
  return {
    id: row.id,
    organization: { id: row.organizationId, name: row.organizationName ?? "" },
    name: row.name,
    description: row.description,
    text: row.text,
    format: row.format,
    language: row.language as z.infer<typeof PromptSchema>["language"],
    voice: row.voice,
    status: row.status,
    error: row.error,
    duration_ms: row.durationMs,
    audio_size: row.audioSize,
    audio_url: row.status === "ready" && row.audioKey ? `/api/tts/${row.id}/audio` : null,
    rendered_by: row.renderedById && row.renderedByName ? { id: row.renderedById, name: row.renderedByName } : null,
    rendered_at: row.renderedAt,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}

function selectPrompts(db: Db) {
  return db
    .select(promptColumns())
    .from(ttsPrompts)
    .leftJoin(organizations, eq(organizations.id, ttsPrompts.organizationId))
    .leftJoin(users, eq(users.id, ttsPrompts.renderedBy));
}

async function findPrompt(db: Db, me: CurrentUser, id: number) {
  const [row] = await selectPrompts(db).where(and(eq(ttsPrompts.id, id), tenantScope(me, ttsPrompts.organizationId)));
  if (!row) throw notFound();
  return row;
}

const SORTS = {
  name: ttsPrompts.name,
  language: ttsPrompts.language,
  status: ttsPrompts.status,
  duration_ms: ttsPrompts.durationMs,
  created_at: ttsPrompts.createdAt,
  rendered_at: ttsPrompts.renderedAt,
} as const;

const VoiceSchema = z
  .object({ id: z.string(), language: z.enum(TTS_LANGUAGES), gender: z.enum(["male", "female"]), name: z.string() })
  .openapi("TtsVoice");

ttsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/tts/voices",
    tags: ["Text-to-speech"],
    summary: "The configured engine, its languages and voices, and the text limits",
    middleware: [requireAuth, requirePermission("tools.text_to_speech.read")] as const,
    responses: {
      200: jsonContent(
        z.object({
          engine: z.string(),
          languages: z.array(z.enum(TTS_LANGUAGES)),
          voices: z.array(VoiceSchema),
          text_limit: z.number().int(),
          preview_limit: z.number().int(),
          ssml_tags: z.array(z.string()),
        }),
        "Voices by language",
      ),
      ...errorResponses(401, 403),
    },
  }),
  async (c) => {
    const engine = ttsEngine(c.env);
    return c.json(
      {
        engine: engine.id,
        languages: [...TTS_LANGUAGES],
        voices: [...engine.voices],
        text_limit: TTS_TEXT_LIMIT,
        preview_limit: TTS_PREVIEW_LIMIT,
        ssml_tags: [...SSML_TAGS],
      },
      200,
    );
  },
);

const promptListQuery = listQuerySchema.extend({
  sort: z.enum(["name", "language", "status", "duration_ms", "created_at", "rendered_at"]).default("created_at"),
  language: z.enum(TTS_LANGUAGES).optional(),
  status: z.enum(TTS_STATUSES).optional(),
});

/** The list's search and filters, shared by the list and its export. */
function promptFilters(query: z.infer<typeof promptListQuery>): (SQL | undefined)[] {
  const pattern = query.search ? likePattern(query.search) : undefined;
  return [
    pattern
      ? or(
          sql`${ttsPrompts.name} LIKE ${pattern} ESCAPE '\\'`,
          sql`${ttsPrompts.description} LIKE ${pattern} ESCAPE '\\'`,
          sql`${ttsPrompts.text} LIKE ${pattern} ESCAPE '\\'`,
        )
      : undefined,
    query.language ? eq(ttsPrompts.language, query.language) : undefined,
    query.status ? eq(ttsPrompts.status, query.status) : undefined,
  ];
}

ttsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/tts",
    tags: ["Text-to-speech"],
    summary: "Prompts, with search (name, description, text), language and status filters",
    middleware: [requireAuth, requirePermission("tools.text_to_speech.read")] as const,
    request: {
      query: promptListQuery,
    },
    responses: { 200: jsonContent(paginatorSchema(PromptSchema), "One page of prompts"), ...errorResponses(401, 403, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const query = c.req.valid("query");
    const db = c.get("db");
    const where = and(tenantScope(me, ttsPrompts.organizationId, query.organization_id), ...promptFilters(query));
    const order = query.direction === "asc" ? asc : desc;
    const [rows, totals] = await Promise.all([
      selectPrompts(db)
        .where(where)
        .orderBy(order(SORTS[query.sort]), order(ttsPrompts.id))
        .limit(query.per_page)
        .offset((query.page - 1) * query.per_page),
      db.select({ total: count() }).from(ttsPrompts).where(where),
    ]);
    return c.json(paginate(rows.map(serialize), totals[0]?.total ?? 0, query.page, query.per_page), 200);
  },
);

ttsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/tts/export",
    tags: ["Text-to-speech"],
    summary: "The prompts list as CSV (the same search and filters, with each prompt's text), streamed",
    middleware: [requireAuth, requirePermission("tools.text_to_speech.read")] as const,
    request: { query: promptListQuery },
    responses: { ...csvExportResponse, ...errorResponses(401, 403, 422) },
  }),
  (c) => {
    const me = currentUser(c);
    const query = c.req.valid("query");
    const db = c.get("db");
    return exportResponse(c, {
      table: ttsPrompts,
      id: ttsPrompts.id,
      tenant: { actor: me, column: ttsPrompts.organizationId, requested: query.organization_id },
      filters: promptFilters(query),
      rows: (where, order) =>
        selectPrompts(db)
          .where(where)
          .orderBy(...order),
      rowId: (row) => row.id,
      header: [
        "id",
        "name",
        "organization",
        "language",
        "voice",
        "format",
        "status",
        "duration_ms",
        "text",
        "rendered_by",
        "rendered_at",
        "created_at",
      ],
      line: (row) => {
        const prompt = serialize(row);
        return [
          prompt.id,
          prompt.name,
          prompt.organization.name,
          prompt.language,
          prompt.voice,
          prompt.format,
          prompt.status,
          prompt.duration_ms,
          row.text,
          prompt.rendered_by?.name,
          prompt.rendered_at,
          prompt.created_at,
        ];
      },
      filename: "tts-prompts.csv",
    });
  },
);

ttsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/tts/{id}",
    tags: ["Text-to-speech"],
    summary: "One prompt; follow `status` while it is rendering",
    middleware: [requireAuth, requirePermission("tools.text_to_speech.read")] as const,
    request: { params: idParam },
    responses: { 200: jsonContent(PromptSchema, "The prompt"), ...errorResponses(401, 403, 404) },
  }),
  async (c) => c.json(serialize(await findPrompt(c.get("db"), currentUser(c), c.req.valid("param").id)), 200),
);

ttsRoutes.openapi(
  createRoute({
    method: "get",
    path: "/api/tts/{id}/audio",
    tags: ["Text-to-speech"],
    summary: "The rendered audio (404 until the prompt is ready); `?download=1` as an attachment",
    middleware: [requireAuth, requirePermission("tools.text_to_speech.read")] as const,
    request: { params: idParam, query: z.object({ download: z.enum(["0", "1"]).optional() }) },
    responses: {
      200: { description: "The audio", content: { "audio/wav": { schema: z.any().openapi({ type: "string", format: "binary" }) } } },
      ...errorResponses(401, 403, 404),
    },
  }),
  async (c) => {
    const prompt = await findPrompt(c.get("db"), currentUser(c), c.req.valid("param").id);
    const object = prompt.status === "ready" && prompt.audioKey ? await c.env.FILES.get(prompt.audioKey) : null;
    if (!object || !prompt.audioKey) throw notFound();
    const extension = prompt.audioKey.split(".").pop() ?? "wav";
    const filename = `${prompt.name.replace(/[^\p{L}\p{N} ._-]+/gu, "").trim() || "prompt"}.${extension}`;
    const disposition = c.req.valid("query").download === "1" ? "attachment" : "inline";
    return c.body(object.body, 200, {
      "Content-Type": object.httpMetadata?.contentType ?? "audio/wav",
      "Content-Length": String(object.size),
      "Content-Disposition": `${disposition}; filename="${asciiFilename(filename)}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      "Cache-Control": "private, max-age=0, must-revalidate",
      ETag: object.httpEtag,
    });
  },
);

/** The plain-ASCII `filename=` fallback beside `filename*`. */
function asciiFilename(name: string): string {
  const ascii = name
    .normalize("NFD")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/["\\]/g, "");
  return ascii.replace(/^\.+/, "").trim() || "prompt.wav";
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

const SpeechBody = z.object({
  text: z.string().trim().min(1).max(TTS_TEXT_LIMIT),
  format: z.enum(TTS_FORMATS).default("text"),
  language: z.enum(TTS_LANGUAGES),
  voice: z.string().trim().min(1).max(100),
});

const PromptBody = SpeechBody.extend({
  name: z.string().trim().min(1).max(255),
  description: optionalText(1000),
  /** false: save as a draft without rendering. */
  render: z.boolean().default(true),
  organization_id: z.number().int().positive().nullish(),
});

type SpeechInput = z.infer<typeof SpeechBody>;

/**
 * Voice of the language, SSML that eSpeak can render (each break at most 10 s), and an estimated length
 * within `maxDurationMs`: field errors otherwise.
 */
function checkSpeech(engine: TtsEngine, body: SpeechInput, bag: ErrorBag, maxDurationMs: number) {
  const voice = findVoice(engine, body.voice);
  if (!voice) bag.add("voice", "validation.in");
  else if (voice.language !== body.language) bag.add("voice", "tts.voice_language_mismatch");
  const problem = body.format === "ssml" ? checkSsml(body.text) : null;
  if (problem) {
    const { key, ...params } = problem;
    bag.add("text", `${key}|${JSON.stringify(params)}`);
  } else if (speechEstimateMs(body.text, body.format) > maxDurationMs) bag.add("text", tooLong(maxDurationMs));
  return voice;
}

const tooLong = (maxDurationMs: number) => `tts.too_long|${JSON.stringify({ seconds: maxDurationMs / 1000 })}`;

function auditFields(values: { name: string; description: string | null; text: string; format: string; language: string; voice: string }) {
  return {
    name: values.name,
    description: values.description,
    text: values.text,
    format: values.format,
    language: values.language,
    voice: values.voice,
  };
}

ttsRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/tts",
    tags: ["Text-to-speech"],
    summary: "Create a prompt; it renders on a queue after the response (status `rendering`, then `ready` or `failed`)",
    middleware: [requireAuth, requirePermission("tools.text_to_speech.modify")] as const,
    request: { body: jsonBody(PromptBody) },
    responses: { 201: jsonContent(PromptSchema, "The new prompt"), ...errorResponses(401, 403, 419, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const body = c.req.valid("json");
    const engine = ttsEngine(c.env);
    const bag = new ErrorBag();
    checkSpeech(engine, body, bag, TTS_PROMPT_MAX_MS);
    bag.throwIfAny();
    const organizationId = writableOrganizationId(me, body.organization_id);
    const now = new Date().toISOString();
    const values = {
      name: body.name,
      description: body.description,
      text: body.text,
      format: body.format,
      language: body.language,
      voice: body.voice,
    };
    const [created] = await db
      .insert(ttsPrompts)
      .values({ ...values, organizationId, status: body.render ? "rendering" : "draft", createdAt: now, updatedAt: now })
      .returning({ id: ttsPrompts.id, revision: ttsPrompts.revision });
    if (!created) throw new Error("Prompt insert returned no row.");
    await logActivity(c, {
      action: "tts.created",
      subject_type: "tts_prompt",
      subject_id: created.id,
      subject_label: body.name,
      organization_id: organizationId,
      after: auditFields(values),
    });
    if (body.render) await enqueueRender(c.env, { prompt_id: created.id, revision: created.revision, user_id: me.id });
    return c.json(serialize(await findPrompt(db, me, created.id)), 201);
  },
);

ttsRoutes.openapi(
  createRoute({
    method: "put",
    path: "/api/tts/{id}",
    tags: ["Text-to-speech"],
    summary: "Update a prompt; with `render` (the default) it renders again after the response",
    middleware: [requireAuth, requirePermission("tools.text_to_speech.modify")] as const,
    request: { params: idParam, body: jsonBody(PromptBody.omit({ organization_id: true })) },
    responses: { 200: jsonContent(PromptSchema, "The updated prompt"), ...errorResponses(401, 403, 404, 419, 422) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const existing = await findPrompt(db, me, id);
    const engine = ttsEngine(c.env);
    const bag = new ErrorBag();
    checkSpeech(engine, body, bag, TTS_PROMPT_MAX_MS);
    bag.throwIfAny();
    const values = {
      name: body.name,
      description: body.description,
      text: body.text,
      format: body.format,
      language: body.language,
      voice: body.voice,
    };
    const revision = existing.revision + 1;
    await db
      .update(ttsPrompts)
      .set({ ...values, revision, status: body.render ? "rendering" : "draft", error: null, updatedAt: new Date().toISOString() })
      .where(and(eq(ttsPrompts.id, id), tenantScope(me, ttsPrompts.organizationId)));
    await logActivity(c, {
      action: "tts.updated",
      subject_type: "tts_prompt",
      subject_id: id,
      subject_label: body.name,
      organization_id: existing.organizationId,
      before: auditFields(existing),
      after: auditFields(values),
    });
    if (body.render) await enqueueRender(c.env, { prompt_id: id, revision, user_id: me.id });
    return c.json(serialize(await findPrompt(db, me, id)), 200);
  },
);

ttsRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/tts/{id}/render",
    tags: ["Text-to-speech"],
    summary: "Render a prompt again as it is saved (after `failed`, or a draft): status `rendering`, on the queue",
    description: "409 while a render of the prompt is still running.",
    middleware: [requireAuth, requirePermission("tools.text_to_speech.modify")] as const,
    request: { params: idParam },
    responses: { 202: jsonContent(PromptSchema, "The prompt, rendering"), ...errorResponses(401, 403, 404, 409, 419) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const { id } = c.req.valid("param");
    const existing = await findPrompt(db, me, id);
    // Claimed atomically: two clicks queue one render.
    const [claimed] = await db
      .update(ttsPrompts)
      .set({ status: "rendering", error: null, updatedAt: new Date().toISOString() })
      .where(and(eq(ttsPrompts.id, id), eq(ttsPrompts.revision, existing.revision), ne(ttsPrompts.status, "rendering")))
      .returning({ revision: ttsPrompts.revision });
    if (!claimed) throw new ApiError(409, { message: "tts.already_rendering" });
    await logActivity(c, {
      action: "tts.render_requested",
      subject_type: "tts_prompt",
      subject_id: id,
      subject_label: existing.name,
      organization_id: existing.organizationId,
    });
    await enqueueRender(c.env, { prompt_id: id, revision: claimed.revision, user_id: me.id });
    return c.json(serialize(await findPrompt(db, me, id)), 202);
  },
);

ttsRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/api/tts/{id}",
    tags: ["Text-to-speech"],
    summary: "Delete a prompt and its audio",
    middleware: [requireAuth, requirePermission("tools.text_to_speech.modify")] as const,
    request: { params: idParam },
    responses: { 204: { description: "Deleted" }, ...errorResponses(401, 403, 404, 419) },
  }),
  async (c) => {
    const me = currentUser(c);
    const db = c.get("db");
    const { id } = c.req.valid("param");
    const existing = await findPrompt(db, me, id);
    await db.delete(ttsPrompts).where(and(eq(ttsPrompts.id, id), tenantScope(me, ttsPrompts.organizationId)));
    if (existing.audioKey) await c.env.FILES.delete(existing.audioKey);
    await logActivity(c, {
      action: "tts.deleted",
      subject_type: "tts_prompt",
      subject_id: id,
      subject_label: existing.name,
      organization_id: existing.organizationId,
      before: auditFields(existing),
    });
    return c.body(null, 204);
  },
);

ttsRoutes.openapi(
  createRoute({
    method: "post",
    path: "/api/tts/preview",
    tags: ["Text-to-speech"],
    summary: `Render unsaved text ("Listen") during the request, up to ${TTS_PREVIEW_LIMIT} characters; nothing is stored`,
    middleware: [requireAuth, requirePermission("tools.text_to_speech.modify")] as const,
    request: { body: jsonBody(SpeechBody.extend({ text: z.string().trim().min(1).max(TTS_PREVIEW_LIMIT) })) },
    responses: {
      200: { description: "The audio", content: { "audio/wav": { schema: z.any().openapi({ type: "string", format: "binary" }) } } },
      ...errorResponses(401, 403, 419, 422),
    },
  }),
  async (c) => {
    const body = c.req.valid("json");
    const engine = ttsEngine(c.env);
    const bag = new ErrorBag();
    const voice = checkSpeech(engine, body, bag, TTS_PREVIEW_MAX_MS);
    bag.throwIfAny();
    if (!voice) throw new Error("checkSpeech accepted an unknown voice.");
    try {
      const audio = await engine.render({ text: body.text, format: body.format, voice, maxDurationMs: TTS_PREVIEW_MAX_MS });
      return c.body(audio.bytes.slice().buffer, 200, {
        "Content-Type": audio.contentType,
        "Content-Disposition": `inline; filename="preview.${audio.extension}"`,
        "Cache-Control": "no-store",
      });
    } catch (error) {
      if (!(error instanceof TtsRenderError)) throw error;
      console.warn("tts preview", error.message);
      bag.add("text", error instanceof TtsTooLong ? tooLong(error.maxDurationMs) : "tts.render_failed");
      bag.throwIfAny();
      throw error;
    }
  },
);
