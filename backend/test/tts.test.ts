import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { TtsTooLong } from "../src/tts/engine";
import { espeakEngine } from "../src/tts/espeak";
import { checkSsml, speechEstimateMs } from "../src/tts/ssml";
import { readWav } from "../src/tts/wav";
import { type Client, json, query, signedIn } from "./helpers";

interface Prompt {
  id: number;
  status: string;
  error: string | null;
  duration_ms: number | null;
  audio_url: string | null;
  rendered_by: { id: number; name: string } | null;
  rendered_at: string | null;
  organization: { id: number };
}

/** Follows a prompt until it leaves `rendering`, as the portal does. */
async function settled(client: Client, id: number): Promise<Prompt> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const prompt = await json<Prompt>(await client.get(`/api/tts/${id}`));
    if (prompt.status !== "rendering") return prompt;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`prompt ${id} still rendering`);
}

const french = { name: "Accueil", text: "Bonjour, merci d'avoir appelé. Veuillez patienter.", language: "fr-FR", voice: "fr-fr+f3" };

describe("the eSpeak NG engine in workerd", () => {
  it("renders real speech as a valid WAV whose duration grows with the text", async () => {
    const voice = espeakEngine.voices.find((entry) => entry.id === "en-us+m3");
    if (!voice) throw new Error("no en-us voice");
    const short = await espeakEngine.render({ text: "Hello.", format: "text", voice, maxDurationMs: 60_000 });
    const long = await espeakEngine.render({
      text: "Hello, thank you for calling. All of our agents are busy helping other customers. Please stay on the line.",
      format: "text",
      voice,
      maxDurationMs: 60_000,
    });
    for (const audio of [short, long]) {
      const wav = readWav(audio.bytes);
      expect(wav).toMatchObject({ sampleRate: 22050, channels: 1, bitsPerSample: 16 });
      expect(new DataView(audio.bytes.buffer).getUint32(4, true)).toBe(audio.bytes.length - 8);
      expect(audio.contentType).toBe("audio/wav");
      // Speech, not silence: some samples are loud.
      const samples = new Int16Array(audio.bytes.buffer.slice(44));
      expect(samples.some((sample) => Math.abs(sample) > 3000)).toBe(true);
    }
    expect(short.durationMs).toBeGreaterThan(200);
    expect(long.durationMs).toBeGreaterThan(short.durationMs * 3);
  });

  it("speaks Arabic and French, and renders SSML with breaks", async () => {
    const arabic = espeakEngine.voices.find((entry) => entry.id === "ar+m3");
    const fr = espeakEngine.voices.find((entry) => entry.id === "fr-fr+f3");
    if (!arabic || !fr) throw new Error("voices missing");
    const ar = await espeakEngine.render({ text: "مرحبا بكم، شكرا لاتصالكم", format: "text", voice: arabic, maxDurationMs: 60_000 });
    expect(ar.durationMs).toBeGreaterThan(500);
    const plain = await espeakEngine.render({ text: "<speak>Un deux</speak>", format: "ssml", voice: fr, maxDurationMs: 60_000 });
    const paused = await espeakEngine.render({
      text: '<speak>Un <break time="2s"/> deux</speak>',
      format: "ssml",
      voice: fr,
      maxDurationMs: 60_000,
    });
    expect(paused.durationMs - plain.durationMs).toBeGreaterThan(1500);
  });

  it("keeps no more audio than the caller accepts (issue 23, item 6)", async () => {
    const fr = espeakEngine.voices.find((entry) => entry.id === "fr-fr+f3");
    if (!fr) throw new Error("voices missing");
    // Five 10 s pauses: allowed one by one, 50 s of audio in all, more than a 20 s cap.
    const text = `<speak>${'Un <break time="10s"/> '.repeat(5)}deux</speak>`;
    await expect(espeakEngine.render({ text, format: "ssml", voice: fr, maxDurationMs: 20_000 })).rejects.toBeInstanceOf(TtsTooLong);
    const kept = await espeakEngine.render({ text, format: "ssml", voice: fr, maxDurationMs: 60_000 });
    expect(kept.durationMs).toBeGreaterThan(50_000);
    expect(kept.bytes.length).toBeLessThan(44 + 60 * 44_100);
  });
});

describe("SSML checks", () => {
  it("accepts the supported tags", () => {
    expect(
      checkSsml(
        '<?xml version="1.0"?>\n<speak><p><s>Hi <emphasis>there</emphasis></s></p><break time="1s"/><say-as interpret-as="characters">AB</say-as></speak>',
      ),
    ).toBeNull();
  });

  it("reports malformed XML with its line", () => {
    expect(checkSsml("<speak>\n<p>one\n</s>\n</speak>")).toEqual({ key: "tts.ssml_malformed", line: 3 });
    expect(checkSsml("<speak>\nfish & chips</speak>")).toEqual({ key: "tts.ssml_malformed", line: 2 });
    expect(checkSsml("<speak>\n<p>open")).toMatchObject({ key: "tts.ssml_malformed" });
    expect(checkSsml('<speak>\n\n<break time="1s></speak>')).toMatchObject({ key: "tts.ssml_malformed", line: 3 });
  });

  it("names unsupported tags and needs a <speak> root", () => {
    expect(checkSsml('<speak>\n<audio src="x.wav"/> <voice name="x">hi</voice></speak>')).toEqual({
      key: "tts.ssml_unsupported",
      line: 2,
      tags: "audio, voice",
    });
    expect(checkSsml("<p>hello</p>")).toMatchObject({ key: "tts.ssml_root" });
    expect(checkSsml("hello")).toMatchObject({ key: "tts.ssml_root" });
  });

  it("caps each break at 10 s and needs a time it can read (issue 23, item 6)", () => {
    expect(checkSsml('<speak>a <break time="10s"/> <break time="9999ms"/> <break strength="x-strong"/></speak>')).toBeNull();
    expect(checkSsml('<speak>a\n<break time="99999s"/></speak>')).toEqual({ key: "tts.ssml_break_too_long", line: 2, max: 10 });
    expect(checkSsml("<speak><break time='10001ms'/></speak>")).toMatchObject({ key: "tts.ssml_break_too_long" });
    expect(checkSsml('<speak><break time="1e9"/></speak>')).toMatchObject({ key: "tts.ssml_break_too_long" });
    expect(speechEstimateMs('<speak>ab<break time="2s"/>cd</speak>', "ssml")).toBe(2000 + 4 * 60);
  });
});

describe("prompts API", () => {
  it("refuses a voice of another language and SSML problems at the field", async () => {
    const client = await signedIn("admin@amp.test");
    const mismatch = await client.post("/api/tts", { ...french, voice: "en-us+m3" });
    expect(mismatch.status).toBe(422);
    expect((await json<{ errors: Record<string, string[]> }>(mismatch)).errors.voice).toEqual(["tts.voice_language_mismatch"]);

    const unknown = await client.post("/api/tts", { ...french, voice: "nope" });
    expect((await json<{ errors: Record<string, string[]> }>(unknown)).errors.voice).toEqual(["validation.in"]);

    const ssml = await client.post("/api/tts", { ...french, format: "ssml", text: "<speak>\n<voice>x</voice>\n</speak>" });
    expect((await json<{ errors: Record<string, string[]> }>(ssml)).errors.text).toEqual([
      'tts.ssml_unsupported|{"line":2,"tags":"voice"}',
    ]);

    const long = await client.post("/api/tts", { ...french, text: "a".repeat(3001) });
    expect((await json<{ errors: Record<string, string[]> }>(long)).errors.text).toEqual(['validation.too_long|{"max":3000}']);
  });

  it("goes draft → rendering → ready, stores a WAV in R2 and serves it as audio/wav", async () => {
    const client = await signedIn("orgadmin@northwind.test");
    const draft = await client.post("/api/tts", { ...french, render: false });
    expect(draft.status).toBe(201);
    const created = await json<Prompt>(draft);
    expect(created).toMatchObject({ status: "draft", audio_url: null, organization: { id: 2 } });

    const rendering = await client.put(`/api/tts/${created.id}`, { ...french, render: true });
    expect((await json<Prompt>(rendering)).status).toBe("rendering");
    const ready = await settled(client, created.id);
    expect(ready).toMatchObject({
      status: "ready",
      error: null,
      audio_url: `/api/tts/${created.id}/audio`,
      rendered_by: { name: "Priya Raman" },
    });
    expect(ready.duration_ms).toBeGreaterThan(1000);

    const audio = await client.get(`/api/tts/${created.id}/audio?download=1`);
    expect(audio.status).toBe(200);
    expect(audio.headers.get("Content-Type")).toBe("audio/wav");
    expect(audio.headers.get("Content-Disposition")).toMatch(/^attachment; filename="Accueil\.wav"/);
    const wav = readWav(new Uint8Array(await audio.arrayBuffer()));
    expect(wav?.durationMs).toBe(ready.duration_ms);

    const [row] = await query<{ audio_key: string }>("SELECT audio_key FROM tts_prompts WHERE id = ?", created.id);
    expect(await env.FILES.head(row?.audio_key ?? "")).not.toBeNull();

    // A longer text renders again, to a longer file; the old audio is removed.
    const longer = { ...french, text: `${french.text} Votre appel est important pour nous. Un conseiller va vous répondre.` };
    await client.put(`/api/tts/${created.id}`, longer);
    const again = await settled(client, created.id);
    expect(again.duration_ms).toBeGreaterThan(ready.duration_ms ?? 0);
    expect(await env.FILES.head(row?.audio_key ?? "")).toBeNull();

    const deleted = await client.fetch(`/api/tts/${created.id}`, { method: "DELETE" });
    expect(deleted.status).toBe(204);
    expect((await client.get(`/api/tts/${created.id}`)).status).toBe(404);
  });

  it("records why a render failed", async () => {
    const client = await signedIn("admin@amp.test");
    const created = await json<Prompt>(await client.post("/api/tts", { ...french, render: false }));
    // A voice the engine no longer offers (e.g. after switching TTS_ENGINE).
    await env.DB.prepare("UPDATE tts_prompts SET voice = 'xx+m3' WHERE id = ?").bind(created.id).run();
    const { renderPrompt } = await import("../src/lib/tts-job");
    const { drizzle } = await import("drizzle-orm/d1");
    const { schema } = await import("../src/db/schema");
    await env.DB.prepare("UPDATE tts_prompts SET status = 'rendering' WHERE id = ?").bind(created.id).run();
    await renderPrompt(env, drizzle(env.DB, { schema }), espeakEngine, created.id, 1, 1);
    const failed = await json<Prompt>(await client.get(`/api/tts/${created.id}`));
    expect(failed.status).toBe("failed");
    expect(failed.error).toContain("xx+m3");
  });

  it("renders on the queue: a failed prompt renders again on request, once however often it is asked (issue 24)", async () => {
    const client = await signedIn("admin@amp.test");
    const created = await json<Prompt>(await client.post("/api/tts", { ...french, render: false }));
    await env.DB.prepare("UPDATE tts_prompts SET status = 'failed', error = 'boom' WHERE id = ?").bind(created.id).run();
    const answers = await Promise.all([1, 2, 3].map(() => client.post(`/api/tts/${created.id}/render`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409, 409]);
    expect((await settled(client, created.id)).status).toBe("ready");
    const support = await signedIn("auditor@amp.test");
    expect((await support.post(`/api/tts/${created.id}/render`)).status).toBe(403);
  });

  it("retries a render that fails for another reason than the engine, then ends failed; stale renders end failed", async () => {
    const client = await signedIn("admin@amp.test");
    const created = await json<Prompt>(await client.post("/api/tts", { ...french, render: false }));
    await env.DB.prepare("UPDATE tts_prompts SET status = 'rendering' WHERE id = ?").bind(created.id).run();
    const { consumeTtsRenders, failStaleRenders, TTS_MAX_ATTEMPTS, TTS_RETRIES_EXHAUSTED, TTS_RENDER_TIMED_OUT } = await import(
      "../src/lib/tts-job"
    );
    // Storage that fails: the engine renders, the upload throws.
    const broken = { ...env, FILES: { ...env.FILES, put: () => Promise.reject(new Error("R2 unavailable")) } } as unknown as typeof env;
    const outcome = { acked: 0, retried: [] as number[] };
    const message = (attempts: number) =>
      ({
        id: `m${attempts}`,
        timestamp: new Date(),
        attempts,
        body: { kind: "tts_render", prompt_id: created.id, revision: 1, user_id: 1 },
        ack: () => {
          outcome.acked += 1;
        },
        retry: (options?: { delaySeconds?: number }) => {
          outcome.retried.push(options?.delaySeconds ?? 0);
        },
      }) as unknown as Message<{ kind: "tts_render"; prompt_id: number; revision: number; user_id: number }>;
    await consumeTtsRenders([message(1)], broken);
    await consumeTtsRenders([message(2)], broken);
    expect(outcome).toEqual({ acked: 0, retried: [2, 4] });
    expect((await json<Prompt>(await client.get(`/api/tts/${created.id}`))).status).toBe("rendering");
    await consumeTtsRenders([message(TTS_MAX_ATTEMPTS)], broken);
    expect(outcome.acked).toBe(1);
    const failed = await json<Prompt>(await client.get(`/api/tts/${created.id}`));
    expect(failed).toMatchObject({ status: "failed", error: TTS_RETRIES_EXHAUSTED });

    // A render whose consumer died: still `rendering` after 15 minutes, the cron ends it.
    await env.DB.prepare("UPDATE tts_prompts SET status = 'rendering', updated_at = '2000-01-01T00:00:00.000Z' WHERE id = ?")
      .bind(created.id)
      .run();
    expect(await failStaleRenders(env.DB)).toBeGreaterThanOrEqual(1);
    expect(await json<Prompt>(await client.get(`/api/tts/${created.id}`))).toMatchObject({ status: "failed", error: TTS_RENDER_TIMED_OUT });
  });

  it("keeps prompts inside their organization", async () => {
    const northwind = await signedIn("orgadmin@northwind.test");
    const created = await json<Prompt>(await northwind.post("/api/tts", { ...french, name: "Northwind only", render: false }));
    const lakeside = await signedIn("marcus.bell@lakeside.test");
    expect((await lakeside.get(`/api/tts/${created.id}`)).status).toBe(404);
    expect((await lakeside.get(`/api/tts/${created.id}/audio`)).status).toBe(404);
    expect((await lakeside.fetch(`/api/tts/${created.id}`, { method: "DELETE" })).status).toBe(404);
    const list = await json<{ data: Prompt[] }>(await lakeside.get("/api/tts?per_page=100&search=Northwind"));
    expect(list.data).toEqual([]);
    const staff = await json<{ data: Prompt[] }>(await (await signedIn("admin@amp.test")).get("/api/tts?per_page=100&search=Northwind"));
    expect(staff.data.map((prompt) => prompt.id)).toContain(created.id);
  });

  it("previews unsaved text as audio, within the preview limit", async () => {
    const client = await signedIn("admin@amp.test");
    const preview = await client.post("/api/tts/preview", { text: "Testing one two", language: "en-US", voice: "en-us+f3" });
    expect(preview.status).toBe(200);
    expect(preview.headers.get("Content-Type")).toBe("audio/wav");
    expect(readWav(new Uint8Array(await preview.arrayBuffer()))?.durationMs).toBeGreaterThan(300);
    const tooLong = await client.post("/api/tts/preview", { text: "a".repeat(501), language: "en-US", voice: "en-us+f3" });
    expect(tooLong.status).toBe(422);
  });

  it("refuses, before rendering, a pause over 10 s and audio over 60 s (preview) or 10 min (prompt)", async () => {
    const client = await signedIn("admin@amp.test");
    const errors = async (response: Response) => (await json<{ errors: Record<string, string[]> }>(response)).errors.text;
    const ssml = (body: string) => ({ text: `<speak>${body}</speak>`, format: "ssml", language: "en-US", voice: "en-us+f3" });
    // The probe's 42 characters that made a 43.6 MB WAV.
    const probe = await client.post("/api/tts/preview", ssml('Hi<break time="999s"/>'));
    expect(probe.status).toBe(422);
    expect(await errors(probe)).toEqual(['tts.ssml_break_too_long|{"line":1,"max":10}']);
    const sevenPauses = ssml('a<break time="10s"/>'.repeat(7));
    expect(await errors(await client.post("/api/tts/preview", sevenPauses))).toEqual(['tts.too_long|{"seconds":60}']);
    const created = await client.post("/api/tts", { ...sevenPauses, name: "Seventy seconds", render: false });
    expect(created.status).toBe(201);
    const tooLongPrompt = { ...ssml('a<break time="10s"/>'.repeat(61)), name: "Eleven minutes", render: false };
    expect(await errors(await client.post("/api/tts", tooLongPrompt))).toEqual(['tts.too_long|{"seconds":600}']);
  });
});
