import { Form, Link } from "react-router";
import { PageHeader } from "~/components/admin/page-header";
import { Search } from "~/components/icons";
import { phoneFormatter } from "~/components/numbers/format";
import { HitLines, hitGroups } from "~/components/search/hits";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { useTranslation } from "~/lib/i18n";
import { phoneLabels } from "~/lib/numbers/phone-format.server";
import { requireScreen } from "~/lib/sanctum/context.server";
import { matchScreens, SEARCH_MAX_LENGTH } from "~/lib/search/search";
import { searchableScreens, searchQuery, searchRecords } from "~/lib/search/search.server";
import { cn } from "~/lib/utils";
import type { StringsHandle } from "~/locales/types";
import { getInstance } from "~/middleware/i18next";
import type { Route } from "./+types/search";

export const handle: StringsHandle = { i18n: ["nav", "admin"] };

/** Results of each kind on this page; the command palette (`palette=1`) asks for fewer. */
const PAGE_LIMIT = 20;
const PALETTE_LIMIT = 5;

/**
 * Find anything (issue 25): the header's search form leads here (it works without JavaScript), and the command
 * palette reads the same loader through a fetcher. Screens of the user's menu, and numbers, users,
 * organizations and orders from one backend call in the user's tenant scope.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, api } = requireScreen(context, "search");
  const query = searchQuery(request);
  const palette = new URL(request.url).searchParams.get("palette") === "1";
  const t = getInstance(context).getFixedT(null, "nav");
  const screens = matchScreens(await searchableScreens(context, user, t), query);
  const records = query ? await searchRecords(request, api, user, query, palette ? PALETTE_LIMIT : PAGE_LIMIT) : null;
  return {
    query,
    // An empty search lists no screens on this page: the menu already does.
    screens: query ? screens : [],
    records,
    unavailable: query !== "" && records === null,
    phoneLabels: phoneLabels(records?.numbers.map((number) => number.e164) ?? []),
  };
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("nav");
  const { query, screens, records, unavailable } = loaderData;
  const groups = hitGroups(screens, records, t, phoneFormatter(loaderData.phoneLabels));
  return (
    <div className="space-y-6">
      <PageHeader title={t("search.resultsTitle")} description={query ? t("search.resultsFor", { query }) : t("search.description")} />
      <Form method="get" action="/search" role="search" className="flex max-w-xl gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          {t("search.inputLabel")}
        </label>
        <Input
          id="search-page-q"
          type="search"
          name="q"
          defaultValue={query}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={t("search.placeholder")}
          key={query}
        />
        <button type="submit" className={cn(buttonVariants(), "shrink-0")}>
          <Search aria-hidden="true" />
          {t("search.submit")}
        </button>
      </Form>
      {!query && <p className="text-muted-foreground">{t("search.start")}</p>}
      {unavailable && (
        <p role="status" className="text-muted-foreground">
          {t("search.unavailable")}
        </p>
      )}
      {query && groups.length === 0 && (
        <p role="status" data-testid="search-empty">
          {t("search.empty", { query })}
        </p>
      )}
      {groups.map((group) => (
        <section key={group.kind} aria-labelledby={`search-group-${group.kind}`} data-testid={`search-group-${group.kind}`}>
          <h2 id={`search-group-${group.kind}`} className="mb-2 font-medium text-lg">
            {t(`search.groups.${group.kind}`)}
          </h2>
          <Card className="p-0">
            <ul className="divide-y">
              {group.hits.map((hit) => (
                <li key={hit.key}>
                  <Link to={hit.href} className="flex items-center gap-3 px-4 py-3 hover:bg-muted focus-visible:bg-muted">
                    <HitLines hit={hit} />
                  </Link>
                </li>
              ))}
            </ul>
          </Card>
        </section>
      ))}
    </div>
  );
}
