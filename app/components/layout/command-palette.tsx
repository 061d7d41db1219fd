import * as React from "react";
import { Search } from "~/components/icons";
import { controlClasses } from "~/components/ui/input";
import { useTranslation } from "~/lib/i18n";
import type { NavGroup } from "~/lib/navigation.server";
import { SEARCH_MAX_LENGTH } from "~/lib/search/search";
import { cn } from "~/lib/utils";

// The palette (a Radix dialog and the search's result groups) loads when the button is first pointed at,
// focused or used, or at the first Ctrl/⌘+K: no signed-in page carries it up front.
const loadDialog = () => import("./command-palette-dialog");
const CommandPalette = React.lazy(() => loadDialog().then((module) => ({ default: module.CommandPalette })));

const emptySubscribe = () => () => {};

/** True once React runs in the browser; false on the server and on pages without JavaScript. */
function useHydrated(): boolean {
  return React.useSyncExternalStore(
    emptySubscribe,
    () => true,
    () => false,
  );
}

/**
 * The header's search. Without JavaScript: a search form that leads to the results page (/search). Once
 * hydrated: a button that opens the command palette, which Ctrl+K (⌘K on a Mac) also opens from anywhere.
 */
export function HeaderSearch({ navigation }: { navigation: NavGroup[] }) {
  const { t } = useTranslation("nav");
  const hydrated = useHydrated();
  const [open, setOpen] = React.useState(false);
  const [mac, setMac] = React.useState(false);

  React.useEffect(() => {
    setMac(/Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent));
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setOpen((current) => !current);
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  if (!hydrated) {
    return (
      // biome-ignore lint/a11y/useSemanticElements: the form is the search landmark (a <search> wrapper would add an element for it).
      <form method="get" action="/search" role="search" className="flex min-w-0 items-center" data-testid="header-search">
        <label htmlFor="header-search-q" className="sr-only">
          {t("search.label")}
        </label>
        {/* A text box, not a searchbox: the lists' own search boxes stay the page's only "searchbox". */}
        <input
          id="header-search-q"
          type="text"
          name="q"
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={t("search.label")}
          className={cn(controlClasses, "hidden h-9 w-44 px-3 md:block lg:w-56")}
        />
        <button
          type="submit"
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted"
        >
          <Search className="size-5" aria-hidden="true" />
          <span className="sr-only">{t("search.submit")}</span>
        </button>
      </form>
    );
  }

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={loadDialog}
        onFocus={loadDialog}
        aria-keyshortcuts={mac ? "Meta+K" : "Control+K"}
        aria-label={mac ? t("search.openMac") : t("search.open")}
        data-testid="palette-open"
        className={cn(
          controlClasses,
          "inline-flex h-9 w-9 shrink-0 items-center justify-center gap-2 px-0 text-muted-foreground md:w-44 md:justify-start md:px-3 lg:w-56",
        )}
      >
        <Search className="size-4 shrink-0" aria-hidden="true" />
        <span className="hidden truncate md:inline">{t("search.label")}</span>
        <kbd className="ms-auto hidden rounded border bg-muted px-1.5 font-sans text-xs md:inline" dir="ltr">
          {mac ? "⌘K" : "Ctrl K"}
        </kbd>
      </button>
      {open && (
        <React.Suspense fallback={null}>
          <CommandPalette navigation={navigation} onClose={() => setOpen(false)} />
        </React.Suspense>
      )}
    </>
  );
}
