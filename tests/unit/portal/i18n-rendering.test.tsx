import { renderToString } from "react-dom/server";
import { I18nextProvider, useTranslation } from "react-i18next";
import { describe, expect, it } from "vitest";
import { resources } from "~/locales";
import { fillIn, i18nextInstance, renderingInstance } from "~/middleware/i18next";

/** Every key of a namespace's strings ("a.b.c"), plural forms included. */
function keysOf(strings: object, prefix = ""): string[] {
  return Object.entries(strings).flatMap(([key, value]) =>
    value && typeof value === "object" ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** A few components as screens write them: several namespaces, interpolation, plurals, the language's direction. */
function Sample() {
  const { t, i18n } = useTranslation("ui");
  return (
    <p lang={i18n.language} dir={i18n.dir()}>
      <Apply />
      {t("dataTable.showing", { from: 1, to: 10, total: 42 })}
      {t("dataTable.filtersActive", { count: 2 })}
      <Common />
    </p>
  );
}
function Apply() {
  const { t } = useTranslation("ui");
  return <b>{t("dataTable.apply")}</b>;
}
function Common() {
  const { t } = useTranslation();
  return <i>{t("cancel")}</i>;
}

const render = (i18n: Parameters<typeof I18nextProvider>[0]["i18n"]) =>
  renderToString(
    <I18nextProvider i18n={i18n}>
      <Sample />
    </I18nextProvider>,
  );

describe("the server renders through a view of the shared i18next instance (decision 054)", () => {
  it("is one view per instance, with one property of its own (its getFixedT)", async () => {
    const french = await i18nextInstance("fr");
    const view = renderingInstance(french);
    expect(renderingInstance(french)).toBe(view);
    expect(renderingInstance(await i18nextInstance("ar"))).not.toBe(view);
    expect(Object.getOwnPropertyNames(view)).toEqual(["getFixedT"]);
    expect(view.language).toBe("fr");
  });

  it.each(["en", "fr", "ar"] as const)("renders %s exactly as the instance itself does", async (locale) => {
    const instance = await i18nextInstance(locale);
    const html = render(renderingInstance(instance));
    expect(html).toBe(render(instance));
    expect(html).toContain(`lang="${locale}"`);
    expect(html).toContain(`dir="${locale === "ar" ? "rtl" : "ltr"}"`);
    expect(html).toContain(instance.t("ui:dataTable.apply"));
    if (locale === "fr") expect(html).toContain("Appliquer");
  });

  it.each(["en", "fr", "ar"] as const)(
    "its t gives what i18next gives for every key of every namespace (%s), asked twice",
    async (locale) => {
      const instance = await i18nextInstance(locale);
      const view = renderingInstance(instance);
      for (const [namespace, strings] of Object.entries(resources[locale])) {
        const expected = instance.getFixedT(null, namespace as "common");
        const keys = [...keysOf(strings), "no.such.key", `common:appName`];
        for (const round of [1, 2]) {
          const t = view.getFixedT(locale, namespace as "common");
          for (const key of keys) expect([round, key, t(key as never)]).toEqual([round, key, expected(key as never)]);
        }
        // With options the answer is i18next's, every time (values differ from call to call).
        const t = view.getFixedT(locale, "ui");
        expect(t("dataTable.showing", { from: 1, to: 2, total: 3 })).toBe(instance.t("ui:dataTable.showing", { from: 1, to: 2, total: 3 }));
        expect(t("dataTable.showing", { from: 4, to: 5, total: 6 })).toBe(instance.t("ui:dataTable.showing", { from: 4, to: 5, total: 6 }));
      }
    },
  );

  it.each(["en", "fr", "ar"] as const)(
    "its t with values gives what i18next gives for every key of every namespace (%s), whatever the values",
    async (locale) => {
      const instance = await i18nextInstance(locale);
      const view = renderingInstance(instance);
      const samples = ["Kevin Park", 7, 0, "", "O'Brien & <Co>", "a$&b", "{{name}}", "$t(common:cancel)", null, undefined, { a: 1 }];
      let filled = 0;
      for (const [namespace, strings] of Object.entries(resources[locale])) {
        const expected = instance.getFixedT(null, namespace as "common");
        const t = view.getFixedT(locale, namespace as "common");
        for (const key of keysOf(strings)) {
          const template = expected(key as never) as unknown as string;
          const names = [...new Set([...template.matchAll(/\{\{\s*-?\s*(\w+)[^}]*\}\}/g)].map((match) => match[1]))];
          if (names.length === 0) continue;
          for (const [index, sample] of samples.entries()) {
            const values = Object.fromEntries(
              names.map((name, position) => [name, position === 0 ? sample : samples[(index + position) % 4]]),
            );
            for (const options of [
              values,
              { ...values, count: 2 },
              { ...values, extra: "x" },
              Object.fromEntries(names.slice(1).map((name) => [name, 1])),
            ]) {
              expect([key, options, t(key as never, options as never)]).toEqual([key, options, expected(key as never, options as never)]);
              if (fillIn(template, options) !== null) filled++;
            }
          }
        }
      }
      // The plain case is most calls: most of the comparisons above took the short path.
      expect(filled).toBeGreaterThan(100);
    },
  );

  it("fillIn takes the plain case only", () => {
    expect(fillIn("Edit {{name}}", { name: "Kevin Park" })).toBe("Edit Kevin Park");
    expect(fillIn("{{from}}–{{to}} of {{total}}", { from: 1, to: 10, total: 42 })).toBe("1–10 of 42");
    expect(fillIn("Edit {{name}}", { name: "a$&b" })).toBeNull();
    expect(fillIn("Edit {{name}}", { name: "{{x}}" })).toBeNull();
    expect(fillIn("Edit {{name}}", { name: null })).toBeNull();
    expect(fillIn("Edit {{name}}", { name: "K", count: 2 })).toBeNull();
    expect(fillIn("Edit {{name}}", { name: "K", other: "x" })).toBeNull();
    expect(fillIn("Edit {{name}} {{other}}", { name: "K" })).toBeNull();
    expect(fillIn("Edit {{ name }}", { name: "K" })).toBeNull();
    expect(fillIn("Total {{total, number}}", { total: 3 })).toBeNull();
    expect(fillIn("Edit {{- name}}", { name: "K" })).toBeNull();
    expect(fillIn("$t(a) {{name}}", { name: "K" })).toBeNull();
    expect(fillIn("Edit {{name}}", "default")).toBeNull();
    expect(fillIn("Edit {{name}}", {})).toBeNull();
  });

  it("a key prefix or another language is its own scope", async () => {
    const view = renderingInstance(await i18nextInstance("fr"));
    expect(view.getFixedT("fr", "ui", "dataTable")("apply" as never)).toBe("Appliquer");
    expect(view.getFixedT("fr", "ui")("apply" as never)).toBe("apply");
    expect(view.getFixedT("en", "ui")("dataTable.apply")).toBe("Apply");
    expect(view.getFixedT("fr", "ui")("dataTable.apply")).toBe("Appliquer");
  });

  it("leaves the shared instance as it was", async () => {
    const instance = await i18nextInstance("fr");
    const before = Object.getOwnPropertyNames(instance).sort();
    render(renderingInstance(instance));
    expect(Object.getOwnPropertyNames(instance).sort()).toEqual(before);
    expect(instance.language).toBe("fr");
  });
});
