/**
 * Text-to-speech renders on Cloudflare Queues (issue 24, decision 033), not in `waitUntil`: saving a prompt
 * sends `{kind: "tts_render", prompt_id, revision, user_id}` through TTS_QUEUE (the deployment's one queue,
 * shared with import batches) and this Worker renders it as the queue's consumer.
 *
 * - A render the engine refuses (`TtsRenderError`: no audio, too long, unknown voice) is final: `failed`
 *   with the engine's reason, at once.
 * - Anything else (R2 or D1 unavailable, the isolate's limits) is retried with a growing delay (2, 4, 8 s);
 *   after the last attempt the prompt is `failed` with `TTS_RETRIES_EXHAUSTED`.
 * - A prompt still `rendering` 15 minutes after its last save (a consumer killed on its last attempt) is
 *   set `failed` by the hourly cron (`failStaleRenders`). Nothing stays "rendering" for ever; a failed
 *   prompt offers "Render again" (`POST /api/tts/{id}/render`).
 */
import { and, eq, lt } from "drizzle-orm";
import { createDb, type Db } from "../db/client";
import { ttsPrompts } from "../db/schema";
import { findVoice, type TtsEngine, TtsRenderError, ttsEngine } from "../tts";
import type { AppEnv } from "./context";

export interface TtsRenderMessage {
  kind: "tts_render";
  prompt_id: number;
  revision: number;
  user_id: number;
}

/** Attempts of one render before it is given up (below the queue's `max_retries` of 5, so the last is ours). */
export const TTS_MAX_ATTEMPTS = 4;
/** The longest prompt a render may produce (10 minutes); previews stop at 60 s. */
export const TTS_PROMPT_MAX_MS = 600_000;
export const TTS_RETRIES_EXHAUSTED = "The render could not be completed after several attempts. Try again.";
export const TTS_RENDER_TIMED_OUT = "The render did not finish. Try again.";
/** How long a prompt may stay `rendering` before the cron gives it up. */
export const TTS_STALE_AFTER_MS = 15 * 60 * 1000;

export async function enqueueRender(env: AppEnv["Bindings"], message: Omit<TtsRenderMessage, "kind">): Promise<void> {
  await env.TTS_QUEUE.send({ kind: "tts_render", ...message } satisfies TtsRenderMessage, { contentType: "json" });
}

/** Whether a message of the shared queue is a render (the others are import batches). */
export function isTtsRenderMessage(message: Message<unknown>): message is Message<TtsRenderMessage> {
  return (message.body as { kind?: unknown } | null)?.kind === "tts_render";
}

export async function consumeTtsRenders(messages: readonly Message<TtsRenderMessage>[], env: AppEnv["Bindings"]): Promise<void> {
  const db = createDb(env.DB);
  const engine = ttsEngine(env);
  for (const message of messages) {
    const { prompt_id: promptId, revision, user_id: userId } = message.body;
    const final = message.attempts >= TTS_MAX_ATTEMPTS;
    try {
      await renderPrompt(env, db, engine, promptId, revision, userId, { finalAttempt: final });
      message.ack();
    } catch (error) {
      console.error(`[tts] prompt ${promptId} revision ${revision} attempt ${message.attempts} failed`, error);
      message.retry({ delaySeconds: Math.min(60, 2 ** message.attempts) });
    }
  }
}

/** The cron's sweep: renders that can no longer finish end `failed` (returns how many). */
export async function failStaleRenders(d1: D1Database, now = Date.now()): Promise<number> {
  const db = createDb(d1);
  const stale = await db
    .update(ttsPrompts)
    .set({ status: "failed", error: TTS_RENDER_TIMED_OUT })
    .where(and(eq(ttsPrompts.status, "rendering"), lt(ttsPrompts.updatedAt, new Date(now - TTS_STALE_AFTER_MS).toISOString())))
    .returning({ id: ttsPrompts.id });
  return stale.length;
}

/**
 * Renders one revision of a prompt and stores the audio; runs on the TTS queue (lib/tts-job.ts). The final
 * update only applies while the prompt is still at that revision: an edit made meanwhile started its own
 * render, and the older audio is thrown away.
 */
export async function renderPrompt(
  env: AppEnv["Bindings"],
  db: Db,
  engine: TtsEngine,
  promptId: number,
  revision: number,
  userId: number,
  options: { finalAttempt: boolean } = { finalAttempt: true },
) {
  const [prompt] = await db
    .select()
    .from(ttsPrompts)
    .where(and(eq(ttsPrompts.id, promptId), eq(ttsPrompts.revision, revision)));
  if (!prompt) return;
  const current = and(eq(ttsPrompts.id, promptId), eq(ttsPrompts.revision, revision));
  const voice = findVoice(engine, prompt.voice);
  try {
    if (!voice) throw new TtsRenderError(`The voice "${prompt.voice}" is not offered by the ${engine.id} engine.`);
    const audio = await engine.render({ text: prompt.text, format: prompt.format, voice, maxDurationMs: TTS_PROMPT_MAX_MS });
    const key = `tts/${prompt.organizationId}/${prompt.id}-${revision}.${audio.extension}`;
    await env.FILES.put(key, audio.bytes, { httpMetadata: { contentType: audio.contentType } });
    const updated = await db
      .update(ttsPrompts)
      .set({
        status: "ready",
        error: null,
        audioKey: key,
        audioSize: audio.bytes.length,
        durationMs: audio.durationMs,
        renderedBy: userId,
        renderedAt: new Date().toISOString(),
      })
      .where(current)
      .returning({ id: ttsPrompts.id });
    if (updated.length === 0) await env.FILES.delete(key);
    else if (prompt.audioKey && prompt.audioKey !== key) await env.FILES.delete(prompt.audioKey);
  } catch (error) {
    // Not the engine's refusal (storage, database): the queue tries again, unless this was the last attempt.
    if (!(error instanceof TtsRenderError) && !options.finalAttempt) throw error;
    const reason = error instanceof TtsRenderError ? error.message : TTS_RETRIES_EXHAUSTED;
    if (!(error instanceof TtsRenderError)) console.error("tts render", promptId, error);
    await db
      .update(ttsPrompts)
      .set({ status: "failed", error: reason.slice(0, 1000), renderedBy: userId, renderedAt: new Date().toISOString() })
      .where(current);
  }
}
