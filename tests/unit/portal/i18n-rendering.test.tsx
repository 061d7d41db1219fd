import { renderToString } from "react-dom/server";
import { I18nextProvider, useTranslation } from "react-i18next";
import { describe, expect, it } from "vitest";
import { i18nextInstance, renderingInstance } from "~/middleware/i18next";

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
  it("is one view per instance, with no properties of its own", async () => {
    const french = await i18nextInstance("fr");
    const view = renderingInstance(french);
    expect(renderingInstance(french)).toBe(view);
    expect(renderingInstance(await i18nextInstance("ar"))).not.toBe(view);
    expect(Object.getOwnPropertyNames(view)).toEqual([]);
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

  it("leaves the shared instance as it was", async () => {
    const instance = await i18nextInstance("fr");
    const before = Object.getOwnPropertyNames(instance).sort();
    render(renderingInstance(instance));
    expect(Object.getOwnPropertyNames(instance).sort()).toEqual(before);
    expect(instance.language).toBe("fr");
  });
});
