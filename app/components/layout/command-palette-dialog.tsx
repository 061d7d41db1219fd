import { Dialog as DialogPrimitive } from "radix-ui";
import * as React from "react";
import { useFetcher, useNavigate } from "react-router";
import { Search } from "~/components/icons";
import { phoneFormatter } from "~/components/numbers/format";
import { type Hit, HitLines, hitGroups } from "~/components/search/hits";
import { DialogOverlay, DialogPortal } from "~/components/ui/dialog";
import { useTranslation } from "~/lib/i18n";
import type { NavGroup } from "~/lib/navigation.server";
import { matchScreens, SEARCH_MAX_LENGTH } from "~/lib/search/search";
import type { loader as searchLoader } from "~/routes/search";

/** How long typing pauses before the records are asked for. */
const SEARCH_DELAY_MS = 150;
/** Screens listed while the search is empty or matches many. */
const SCREEN_LIMIT = 8;

/** The palette: a modal with one combobox; ↑ ↓ move through the results, Enter opens one, Esc closes. */
export function CommandPalette({ navigation, onClose }: { navigation: NavGroup[]; onClose: () => void }) {
  const { t } = useTranslation("nav");
  const navigate = useNavigate();
  const fetcher = useFetcher<typeof searchLoader>();
  const [query, setQuery] = React.useState("");
  const [active, setActive] = React.useState(0);
  const listId = React.useId();
  const trimmed = query.trim();

  // Ask for records once typing pauses; screens are matched at once, in the browser.
  const { load } = fetcher;
  React.useEffect(() => {
    if (!trimmed) return;
    const timer = setTimeout(() => load(`/search?${new URLSearchParams({ q: trimmed, palette: "1" })}`), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [trimmed, load]);

  const screens = React.useMemo(
    () =>
      navigation.flatMap((group) =>
        group.items.filter((item) => !item.external).map((item) => ({ id: item.id, href: item.href, label: t(item.label as "dashboard") })),
      ),
    [navigation, t],
  );
  const current = fetcher.data && fetcher.data.query === trimmed ? fetcher.data : null;
  const groups = hitGroups(
    matchScreens(screens, trimmed).slice(0, SCREEN_LIMIT),
    trimmed ? (current?.records ?? null) : null,
    t,
    phoneFormatter(current?.phoneLabels ?? {}),
  );
  const all: Hit | null = trimmed
    ? {
        key: "all",
        href: `/search?${new URLSearchParams({ q: trimmed })}`,
        icon: Search,
        primary: t("search.all", { query: trimmed }),
        name: t("search.all", { query: trimmed }),
        secondary: null,
      }
    : null;
  const options = [...groups.flatMap((group) => group.hits), ...(all ? [all] : [])];
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));
  const optionId = (index: number) => `${listId}-option-${index}`;
  const searching = trimmed !== "" && !current;

  const open = (hit: Hit | undefined) => {
    if (!hit) return;
    navigate(hit.href);
    onClose();
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (options.length === 0) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((activeIndex + 1) % options.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((activeIndex - 1 + options.length) % options.length);
    } else if (event.key === "Home" && event.ctrlKey) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === "End" && event.ctrlKey) {
      event.preventDefault();
      setActive(options.length - 1);
    } else if (event.key === "Enter") {
      event.preventDefault();
      open(options[activeIndex]);
    }
  };

  // Keep the active option in view.
  React.useEffect(() => {
    document.getElementById(`${listId}-option-${activeIndex}`)?.scrollIntoView({ block: "nearest" });
  }, [activeIndex, listId]);

  let index = -1;
  const option = (hit: Hit) => {
    index += 1;
    const mine = index;
    return (
      // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys (aria-activedescendant).
      <div
        key={hit.key}
        id={optionId(mine)}
        role="option"
        aria-selected={mine === activeIndex}
        tabIndex={-1}
        onMouseMove={() => setActive(mine)}
        onClick={() => open(hit)}
        className="flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm aria-selected:bg-primary/10 aria-selected:text-primary-text"
      >
        <HitLines hit={hit} compact />
      </div>
    );
  };

  return (
    <DialogPrimitive.Root open onOpenChange={(next) => !next && onClose()}>
      <DialogPortal>
        <DialogOverlay />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          data-testid="command-palette"
          className="fixed inset-x-0 top-[10vh] z-50 mx-auto flex max-h-[80dvh] w-full max-w-[calc(100%-2rem)] flex-col overflow-hidden rounded-lg bg-popover text-popover-foreground shadow-popover outline-none data-[state=open]:animate-pop-in sm:max-w-xl"
        >
          <DialogPrimitive.Title className="sr-only">{t("search.title")}</DialogPrimitive.Title>
          <div className="flex items-center gap-2 border-b px-3">
            <Search className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <input
              type="text"
              role="combobox"
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={options.length > 0 ? optionId(activeIndex) : undefined}
              aria-label={t("search.inputLabel")}
              placeholder={t("search.placeholder")}
              maxLength={SEARCH_MAX_LENGTH}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              className="h-12 w-full min-w-0 bg-transparent text-base outline-none placeholder:text-muted-foreground/70"
            />
          </div>
          <div id={listId} role="listbox" aria-label={t("search.title")} className="min-h-0 flex-1 overflow-y-auto p-2">
            {groups.map((group) => (
              // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are role="group"; a <fieldset> is no option group.
              <div key={group.kind} role="group" aria-labelledby={`${listId}-${group.kind}`} className="mb-2">
                <div id={`${listId}-${group.kind}`} className="px-3 py-1 font-medium text-muted-foreground text-xs uppercase">
                  {t(`search.groups.${group.kind}`)}
                </div>
                {group.hits.map(option)}
              </div>
            ))}
            {all && option(all)}
          </div>
          <div className="flex items-center justify-between gap-2 border-t px-3 py-2 text-muted-foreground text-xs">
            <span role="status" aria-live="polite">
              {searching
                ? t("search.searching")
                : trimmed && current?.unavailable
                  ? t("search.unavailable")
                  : trimmed && groups.length === 0
                    ? t("search.empty", { query: trimmed })
                    : trimmed
                      ? ""
                      : t("search.start")}
            </span>
            <span className="hidden sm:inline">{t("search.hint")}</span>
          </div>
        </DialogPrimitive.Content>
      </DialogPortal>
    </DialogPrimitive.Root>
  );
}
