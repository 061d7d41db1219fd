import type * as React from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { StringStore, StringsProvider } from "~/lib/i18n";
import type { Strings } from "~/lib/translate";
import ui from "~/locales/en/ui";
import validation from "~/locales/en/validation";

/** English strings of `ui` and `validation`, and of any namespace given here; every other namespace has none. */
export function createTestStrings(more: Record<string, Strings> = {}): StringStore {
  const namespaces: Record<string, Strings> = { ui, validation, ...more };
  return new StringStore("en", (_language, namespace) => namespaces[namespace]);
}

/** Server-renders `element` as the route at `url` (a data router, so `useNavigation` and `<Form>` work). */
export async function renderAt(url: string, element: () => React.ReactElement): Promise<string> {
  const path = new URL(url, "http://localhost").pathname;
  const Stub = createRoutesStub([{ path, Component: element }]);
  return renderToString(
    <StringsProvider store={createTestStrings()}>
      <Stub initialEntries={[url]} />
    </StringsProvider>,
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
