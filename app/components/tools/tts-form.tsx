import { getFormProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormSection } from "~/components/admin/form-layout";
import type { OrganizationOption } from "~/components/admin/types";
import { Headphones } from "~/components/icons";
import { Button, buttonVariants } from "~/components/ui/button";
import { ErrorList, Field, InputField, SelectField, TextareaField } from "~/components/ui/form-field";
import { NativeSelect } from "~/components/ui/select";
import { useTranslation } from "~/lib/i18n";
import { type FormConstraint, useSchemaForm } from "~/lib/use-schema-form";
import { cn } from "~/lib/utils";
import { TTS_FORMATS, type TtsCatalogue, type TtsVoice } from "./tts";

interface TtsFormProps {
  mode: "add" | "edit";
  defaultValue: Partial<Record<string, string>>;
  lastResult: SubmissionResult<string[]> | undefined;
  /** `formConstraint(ttsSchema)`, from the loader. */
  constraint: FormConstraint;
  catalogue: TtsCatalogue;
  /** Organizations provider staff may create the prompt in (null: the member's own). */
  organizations: OrganizationOption[] | null;
  /** URL of the "Listen" preview of the posted text, once the action accepted it. */
  previewUrl?: string | null;
}

/**
 * The prompt form. Without JavaScript the voice select lists every voice grouped by language and the
 * backend refuses a voice of another language at the field; with JavaScript only the chosen language's
 * voices are offered. "Listen" posts the form (nothing is saved) and plays the preview it answers.
 */
export function TtsForm({ mode, defaultValue, lastResult, constraint, catalogue, organizations, previewUrl }: TtsFormProps) {
  const { t } = useTranslation("tts");
  const { t: ta } = useTranslation("admin");
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const [form, fields] = useSchemaForm({
    id: `tts-${mode}`,
    lastResult,
    defaultValue,
    constraint,
    schema: () => import("./tts-schema").then((module) => module.ttsSchema),
  });
  const [language, setLanguage] = useState<string>(String(fields.language.initialValue ?? ""));
  // The server renders every voice (a page without JavaScript keeps them all); once hydrated, one language's.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [format, setFormat] = useState<string>(String(fields.format.initialValue ?? "text"));
  const [length, setLength] = useState<number>(String(fields.text.initialValue ?? "").length);
  const voiceLabel = (voice: TtsVoice) => t("voiceLabel", { name: voice.name, gender: t(`genders.${voice.gender}`) });
  const { key: voiceKey, ...voiceControl } = getSelectProps(fields.voice, { ariaDescribedBy: fields.voice.descriptionId });
  const groups = catalogue.languages.map((code) => ({ code, voices: catalogue.voices.filter((voice) => voice.language === code) }));

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <ErrorList id={form.errorId} errors={form.errors} />
      <FormSection title={t("sections.prompt")} description={t("sections.promptDescription")}>
        <InputField field={fields.name} label={t("fields.name")} autoComplete="off" />
        {mode === "add" && organizations ? (
          <SelectField
            field={fields.organization_id}
            label={t("fields.organization")}
            placeholder={t("fields.chooseOrganization")}
            required
            options={organizations.map((organization) => ({ value: String(organization.id), label: organization.name }))}
          />
        ) : (
          <div className="hidden md:block" />
        )}
        <TextareaField field={fields.description} label={t("fields.description")} rows={2} className="md:col-span-2" />
      </FormSection>

      <FormSection title={t("sections.speech")} description={t("sections.speechDescription")}>
        <SelectField
          field={fields.language}
          label={t("fields.language")}
          placeholder=""
          options={catalogue.languages.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
          onChange={(event) => setLanguage(event.currentTarget.value)}
        />
        <Field field={fields.voice} label={t("fields.voice")} description={t("fields.voiceDescription")}>
          <NativeSelect key={voiceKey} {...voiceControl}>
            <option value="" />
            {groups.map((group) =>
              // With JavaScript the voices of other languages are left out; without, all are grouped.
              hydrated && language && group.code !== language ? null : (
                <optgroup key={group.code} label={t(`languages.${group.code}`)}>
                  {group.voices.map((voice) => (
                    <option key={voice.id} value={voice.id}>
                      {voiceLabel(voice)}
                    </option>
                  ))}
                </optgroup>
              ),
            )}
          </NativeSelect>
        </Field>
        <SelectField
          field={fields.format}
          label={t("fields.format")}
          options={TTS_FORMATS.map((value) => ({ value, label: t(`formats.${value}`) }))}
          onChange={(event) => setFormat(event.currentTarget.value)}
        />
        <div className="hidden md:block" />
        <TextareaField
          field={fields.text}
          label={t("fields.text")}
          description={
            format === "ssml"
              ? t("fields.ssmlDescription", { max: catalogue.text_limit, tags: catalogue.ssml_tags.join(", ") })
              : t("fields.textDescription", { max: catalogue.text_limit })
          }
          rows={8}
          maxLength={catalogue.text_limit}
          dir="auto"
          className="md:col-span-2"
          onInput={(event) => setLength(event.currentTarget.value.length)}
        />
        <p className="-mt-3 text-[0.8125rem] text-muted-foreground md:col-span-2" aria-live="polite">
          {t("characters", { count: length, max: catalogue.text_limit })}
        </p>
        <div className="flex flex-col gap-2 md:col-span-2">
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" name="intent" value="preview" variant="outline" disabled={busyIntent === "preview"}>
              <Headphones aria-hidden="true" />
              {busyIntent === "preview" ? t("listening") : t("listen")}
            </Button>
            <span className="text-[0.8125rem] text-muted-foreground">{t("previewLimit", { max: catalogue.preview_limit })}</span>
          </div>
          {previewUrl && (
            // biome-ignore lint/a11y/useMediaCaption: synthesized speech of the text shown just above.
            <audio key={previewUrl} controls autoPlay src={previewUrl} aria-label={t("previewLabel")} className="w-full max-w-md" />
          )}
        </div>
      </FormSection>

      <div className="flex flex-wrap items-center justify-end gap-3">
        <Link to="/tools/tts" className={cn(buttonVariants({ variant: "secondary" }))}>
          {ta("actions.cancel")}
        </Link>
        <Button type="submit" name="intent" value="draft" variant="outline" disabled={!!busyIntent}>
          {t("saveDraft")}
        </Button>
        <Button type="submit" name="intent" value="render" disabled={!!busyIntent}>
          {busyIntent === "render" ? ta("actions.saving") : t("saveAndRender")}
        </Button>
      </div>
    </Form>
  );
}
