import { Suspense } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StringStore, StringsProvider, useTranslation } from "~/lib/i18n";
import { i18nextInstance, renderingStrings } from "~/middleware/i18next";

/** A few components as screens write them: several namespaces, `ns:key`, interpolation, a count, the language. */
function Sample() {
  const { t, language } = useTranslation(["ui", "common"]);
  return (
    <p lang={language}>
      <Apply />
      {t("dataTable.showing", { from: 1, to: 10, total: 42 })}
      {t("dataTable.filtersActive", { count: 2 })}
      {t("common:cancel")}
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

const render = (store: StringStore) =>
  renderToString(
    <StringsProvider store={store}>
      <Suspense fallback="waiting">
        <Sample />
      </Suspense>
    </StringsProvider>,
  );

describe("the server renders through the portal's binding (decision 062)", () => {
  it("has one store per language and isolate, speaking it", () => {
    const french = renderingStrings("fr");
    expect(renderingStrings("fr")).toBe(french);
    expect(renderingStrings("ar")).not.toBe(french);
    expect(french.getLanguage()).toBe("fr");
  });

  it.each(["en", "fr", "ar"] as const)("renders %s with i18next's strings, without waiting", async (locale) => {
    const i18n = await i18nextInstance(locale);
    const html = render(renderingStrings(locale));
    expect(html).not.toContain("waiting");
    expect(html).toContain(`lang="${locale}"`);
    for (const text of [
      i18n.t("ui:dataTable.apply"),
      i18n.t("ui:dataTable.showing", { from: 1, to: 10, total: 42 }),
      i18n.t("ui:dataTable.filtersActive", { count: 2 }),
      i18n.t("common:cancel"),
    ]) {
      expect(html).toContain(text);
    }
    if (locale === "fr") expect(html).toContain("Appliquer");
  });

  it("renders a namespace the catalogue lacks as keys, without waiting", () => {
    function Unknown() {
      const { t } = useTranslation("carrier" as "common");
      return <b>{t("failed" as "cancel")}</b>;
    }
    const html = renderToString(
      <StringsProvider store={renderingStrings("en")}>
        <Suspense fallback="waiting">
          <Unknown />
        </Suspense>
      </StringsProvider>,
    );
    expect(html).toBe("<!--$--><b>failed</b><!--/$-->");
  });
});

describe("in the browser a component waits for its namespaces", () => {
  it("suspends while one is loading, then renders it", async () => {
    let release: () => void = () => {};
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    const store = new StringStore("en", async (_language, namespace) => {
      await arrived;
      return namespace === "ui"
        ? { dataTable: { apply: "Apply", showing: "{{from}}–{{to}} of {{total}}", filtersActive: "{{count}} filters" } }
        : { cancel: "Cancel" };
    });
    expect(render(store)).toContain("waiting");
    release();
    await store.load("en", ["ui", "common"]);
    const html = render(store);
    expect(html).not.toContain("waiting");
    expect(html).toContain("<b>Apply</b>1–10 of 42<!-- -->2 filters<!-- -->Cancel<i>Cancel</i>");
  });

  it("needs a provider", () => {
    expect(() => renderToString(<Apply />)).toThrow(/StringsProvider/);
  });
});
