import * as React from "react";
import { useFetcher, useLocation } from "react-router";
import { Check, RotateCcw } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { PRESET_SWATCH } from "~/components/ui/swatch";
import { useTranslation } from "~/lib/i18n";
import { PRIMARY_COLOR_PRESETS, type PreferenceKey, type Preferences } from "~/lib/preferences";
import type { ResolvedTheme } from "~/lib/theme.server";
import { cn } from "~/lib/utils";
import { PreferenceForm } from "./preference-form";

function Options<T extends string>({
  name,
  current,
  options,
  label,
}: {
  name: PreferenceKey;
  current: string;
  options: readonly T[];
  label: (value: T) => string;
}) {
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {options.map((value) => (
        <PreferenceForm key={value} name={name} value={value}>
          <button
            type="submit"
            aria-pressed={current === value}
            className={cn(
              "w-full rounded-md border px-3 py-2 text-sm transition-colors hover:border-primary",
              current === value && "border-primary bg-primary/10 font-medium text-primary",
            )}
          >
            {label(value)}
          </button>
        </PreferenceForm>
      ))}
    </div>
  );
}

const HeadingContext = React.createContext<"h2" | "h3">("h3");

function Section({ title, hint, children }: { title: string; hint?: string; children: React.ReactNode }) {
  const Heading = React.useContext(HeadingContext);
  return (
    <section className="space-y-2 border-b px-5 py-4 last:border-b-0">
      <Heading className="font-medium text-muted-foreground text-xs uppercase tracking-wide">{title}</Heading>
      {hint && <p className="text-muted-foreground text-xs">{hint}</p>}
      {children}
    </section>
  );
}

/**
 * Every interface preference, each a small form posting to /preferences: previewed live with JavaScript
 * (the customizer panel), plain posts without it (the /customize screen).
 */
export function CustomizerSections({
  preferences,
  theme,
  headings = "h3",
}: {
  preferences: Preferences;
  theme: ResolvedTheme;
  /** The level of the section headings: h3 under the panel's title, h2 under a page's h1. */
  headings?: "h2" | "h3";
}) {
  const { t } = useTranslation();
  return (
    <HeadingContext.Provider value={headings}>
      <Section title={t("customizer.primaryColor")}>
        <div className="flex flex-wrap items-center gap-2">
          {PRIMARY_COLOR_PRESETS.map((color) => (
            <PreferenceForm key={color} name="primary-color" value={color}>
              <button
                type="submit"
                aria-label={color}
                aria-pressed={theme.primary === color}
                className={cn(
                  "flex size-9 items-center justify-center rounded-md border-2 border-transparent aria-pressed:border-foreground/30",
                  PRESET_SWATCH[color],
                )}
              >
                {theme.primary === color && <Check className="size-4 text-white" aria-hidden="true" />}
              </button>
            </PreferenceForm>
          ))}
        </div>
        <CustomColorForm current={theme.primary} />
      </Section>
      <Section title={t("theme.label")}>
        <Options name="theme" current={theme.mode} options={["light", "dark", "system"] as const} label={(value) => t(`theme.${value}`)} />
      </Section>
      <Section title={t("customizer.skin")}>
        <Options
          name="skin"
          current={preferences.skin}
          options={["default", "bordered"] as const}
          label={(value) => t(`customizer.skins.${value}`)}
        />
      </Section>
      <Section title={t("customizer.semiDark")} hint={t("customizer.semiDarkHint")}>
        <Options
          name="semi-dark"
          current={theme.semiDark ? "true" : "false"}
          options={["false", "true"] as const}
          label={(value) => t(value === "true" ? "customizer.semiDark" : "theme.light")}
        />
      </Section>
      <Section title={t("customizer.layout")}>
        <Options
          name="layout"
          current={preferences.layout}
          options={["vertical", "horizontal"] as const}
          label={(value) => t(`customizer.layouts.${value}`)}
        />
      </Section>
      <Section title={t("customizer.contentWidth")}>
        <Options
          name="content-width"
          current={preferences["content-width"]}
          options={["boxed", "wide"] as const}
          label={(value) => t(`customizer.widths.${value}`)}
        />
      </Section>
      <Section title={t("customizer.navbarType")}>
        <Options
          name="navbar-type"
          current={preferences["navbar-type"]}
          options={preferences.layout === "horizontal" ? (["sticky", "static"] as const) : (["sticky", "static", "hidden"] as const)}
          label={(value) => t(`customizer.navbarTypes.${value}`)}
        />
      </Section>
      <Section title={t("customizer.navbarBlur")}>
        <Options
          name="navbar-blur"
          current={preferences["navbar-blur"]}
          options={["true", "false"] as const}
          label={(value) => t(value === "true" ? "on" : "off")}
        />
      </Section>
      <Section title={t("customizer.footerType")}>
        <Options
          name="footer-type"
          current={preferences["footer-type"]}
          options={["static", "sticky", "hidden"] as const}
          label={(value) => t(`customizer.footerTypes.${value}`)}
        />
      </Section>
    </HeadingContext.Provider>
  );
}

/** Clears every interface preference (the user's theme settings too) and comes back to this page. */
export function ResetPreferencesButton() {
  const { t } = useTranslation();
  const reset = useFetcher();
  const location = useLocation();
  return (
    <reset.Form method="post" action="/preferences">
      <input type="hidden" name="key" value="reset" />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <Button type="submit" variant="outline" size="sm">
        <RotateCcw aria-hidden="true" />
        {t("customizer.reset")}
      </Button>
    </reset.Form>
  );
}

function CustomColorForm({ current }: { current: string }) {
  const { t } = useTranslation();
  return (
    <PreferenceForm name="primary-color" value="" className="flex items-center gap-2 pt-2">
      <label className="flex items-center gap-2 text-sm">
        <span>{t("customizer.customColor")}</span>
        {/* The visible picker's value overrides the hidden "value" field: the last one wins. */}
        <input
          type="color"
          name="value"
          defaultValue={current.toLowerCase()}
          className="h-9 w-12 cursor-pointer rounded border bg-transparent"
        />
      </label>
      <Button type="submit" size="sm" variant="outline">
        {t("customizer.apply")}
      </Button>
    </PreferenceForm>
  );
}
