import { Check, Monitor, Moon, Sun } from "~/components/icons";
import { ErrorList, type FieldState, inputProps } from "~/components/ui/form-field";
import { PRESET_SWATCH } from "~/components/ui/swatch";
import { useTranslation } from "~/lib/i18n";
import { DEFAULT_PRIMARY_COLOR, PRIMARY_COLOR_PRESETS } from "~/lib/preferences";
import { cn } from "~/lib/utils";

const THEME_ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/** Theme as three native radio cards (light, dark, system). */
export function ThemeField({ field }: { field: FieldState }) {
  const { t } = useTranslation("profile");
  return (
    <fieldset className="space-y-2" aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className="mb-2 font-medium text-[0.8125rem]">{t("preferences.theme")}</legend>
      <div className="grid grid-cols-3 gap-3 sm:max-w-md">
        {(["light", "dark", "system"] as const).map((value) => {
          const Icon = THEME_ICONS[value];
          const props = inputProps(field, { type: "radio", value });
          return (
            <label
              key={value}
              className="flex cursor-pointer flex-col items-center gap-2 rounded-md border px-3 py-4 text-sm transition-colors hover:border-primary has-[:checked]:border-primary has-[:checked]:bg-primary-subtle has-[:checked]:text-primary-text has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring"
            >
              <input type="radio" {...props} id={`${field.id}-${value}`} className="sr-only" />
              <Icon aria-hidden="true" className="size-5" />
              {t(`preferences.themes.${value}`)}
            </label>
          );
        })}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

/**
 * Primary colour: the preset swatches and a "custom" choice with a native colour picker, all radios of
 * one name, so it posts without JavaScript. Picking a colour selects the custom choice.
 */
export function PrimaryColorField({ field, customField }: { field: FieldState; customField: FieldState }) {
  const { t } = useTranslation("profile");
  const initial = typeof field.initialValue === "string" ? field.initialValue.toUpperCase() : "";
  const isPreset = (PRIMARY_COLOR_PRESETS as readonly string[]).includes(initial);
  const customInitial =
    typeof customField.initialValue === "string" && customField.initialValue
      ? customField.initialValue
      : isPreset
        ? DEFAULT_PRIMARY_COLOR
        : initial || DEFAULT_PRIMARY_COLOR;
  const errors = [...(field.errors ?? []), ...(customField.errors ?? [])];
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 font-medium text-[0.8125rem]">{t("preferences.primaryColor")}</legend>
      <div className="flex flex-wrap items-center gap-3">
        {PRIMARY_COLOR_PRESETS.map((color) => (
          <label
            key={color}
            className={cn(
              "relative flex size-10 cursor-pointer items-center justify-center rounded-md border-2 border-transparent has-[:checked]:border-foreground/40 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring",
              PRESET_SWATCH[color],
            )}
          >
            <input
              type="radio"
              name={field.name}
              form={field.formId}
              value={color}
              defaultChecked={initial === color}
              className="peer sr-only"
              aria-label={t("preferences.preset", { color })}
            />
            <Check aria-hidden="true" className="hidden size-5 text-white peer-checked:block" />
          </label>
        ))}
        <label className="flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring">
          <input
            type="radio"
            name={field.name}
            form={field.formId}
            value="custom"
            defaultChecked={!!initial && !isPreset}
            className="accent-[var(--primary)]"
            id={`${field.id}-custom`}
          />
          {t("preferences.customColor")}
        </label>
        <input
          type="color"
          name={customField.name}
          form={customField.formId}
          defaultValue={customInitial.toLowerCase()}
          aria-label={t("preferences.customColorPicker")}
          className="h-10 w-14 cursor-pointer rounded-md border bg-transparent p-1"
          onInput={(event) => {
            const custom = event.currentTarget.form?.querySelector<HTMLInputElement>(`#${CSS.escape(`${field.id}-custom`)}`);
            if (custom) custom.checked = true;
          }}
        />
      </div>
      <ErrorList errors={errors} id={field.errorId} />
    </fieldset>
  );
}
