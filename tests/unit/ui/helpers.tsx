import i18next, { type i18n } from "i18next";
import type * as React from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";
import ui from "~/locales/en/ui";
import validation from "~/locales/en/validation";

export async function createTestI18n(): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: "en",
    fallbackLng: "en",
    resources: { en: { ui, validation } },
    defaultNS: "ui",
    interpolation: { escapeValue: false },
  });
  return instance;
}

/** Server-renders `element` as the route at `url` (a data router, so `useNavigation` and `<Form>` work). */
export async function renderAt(url: string, element: () => React.ReactElement): Promise<string> {
  const i18n = await createTestI18n();
  const path = new URL(url, "http://localhost").pathname;
  const Stub = createRoutesStub([{ path, Component: element }]);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={[url]} />
    </I18nextProvider>,
  );
}

/** Opening tags of `tag` whose attributes contain every `needle`. */
export function findTags(html: string, tag: string, ...needles: string[]): string[] {
  const tags = html.match(new RegExp(`<${tag}\\b[^>]*>`, "g")) ?? [];
  return tags.filter((t) => needles.every((needle) => t.includes(needle)));
}

export function attr(tagHtml: string, name: string): string | null {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tagHtml);
  return match ? match[1].replaceAll("&amp;", "&") : null;
}

/** Query parameters of an `href` as a plain object (last value wins). */
export function hrefParams(href: string | null): Record<string, string> {
  return Object.fromEntries(new URL(href ?? "", "http://localhost").searchParams);
}
