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
import { createDb } from "../db/client";
import { ttsPrompts } from "../db/schema";
import { renderPrompt } from "../routes/tts";
import { ttsEngine } from "../tts";
import type { AppEnv } from "./context";

export interface TtsRenderMessage {
  kind: "tts_render";
  prompt_id: number;
  revision: number;
  user_id: number;
}

/** Attempts of one render before it is given up (below the queue's `max_retries` of 5, so the last is ours). */
export const TTS_MAX_ATTEMPTS = 4;
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
