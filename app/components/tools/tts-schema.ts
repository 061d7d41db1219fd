import { requiredOr, tooLong } from "~/components/admin/schema";
import { validationMessage } from "~/lib/validation-message";
import { z } from "~/lib/zod";
import { TTS_FORMATS, TTS_LANGUAGES, TTS_TEXT_LIMIT } from "./tts";

const choose = validationMessage("in");

/** The add and edit form (`POST /api/tts`, `PUT /api/tts/{id}`); the voice's language is checked by the backend. */
export const ttsSchema = z.object({
  name: z.string(requiredOr(validationMessage("invalid"))).check(z.trim(), z.minLength(1), z.maxLength(255, tooLong(255))),
  description: z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(1000, tooLong(1000)))),
    z.transform((value) => value || null),
  ),
  organization_id: z.optional(z.coerce.number().check(z.int(), z.positive())),
  format: z._default(z.enum(TTS_FORMATS, requiredOr(choose)), "text"),
  text: z
    .string(requiredOr(validationMessage("invalid")))
    .check(z.trim(), z.minLength(1), z.maxLength(TTS_TEXT_LIMIT, tooLong(TTS_TEXT_LIMIT))),
  language: z.enum(TTS_LANGUAGES, requiredOr(choose)),
  voice: z.string(requiredOr(choose)).check(z.minLength(1)),
  intent: z._default(z.enum(["render", "draft", "preview"]), "render"),
});

export type TtsFormValues = z.infer<typeof ttsSchema>;
