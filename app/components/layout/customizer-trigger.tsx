import * as React from "react";
import { Link, useLocation } from "react-router";
import { Settings2 } from "~/components/icons";
import { useTranslation } from "~/lib/i18n";

/*
 * What every signed-in page draws of the customizer: its trigger and the host of its panel. The panel and its
 * sections (./customizer.tsx) load on first use, so they are in no page's first load.
 */

// The panel (a Radix sheet) loads when the trigger is first pointed at, focused or clicked: no page draws
// its ~100 form controls on the server or hydrates them up front.
const loadPanel = () => import("./customizer-panel");
const CustomizerPanel = React.lazy(loadPanel);
const CustomizerContext = React.createContext<(() => void) | null>(null);

/** Holds the customizer panel of the signed-in layout: it stays open while a preference changes the layout. */
export function CustomizerHost({ children }: { children: React.ReactNode }) {
  const [open, setOpen] = React.useState(false);
  // Mounted from the first opening on, so that closing can animate.
  const [used, setUsed] = React.useState(false);
  const openPanel = React.useCallback(() => {
    setUsed(true);
    setOpen(true);
  }, []);
  return (
    <CustomizerContext.Provider value={openPanel}>
      {children}
      {used && (
        <React.Suspense fallback={null}>
          <CustomizerPanel open={open} onOpenChange={setOpen} />
        </React.Suspense>
      )}
    </CustomizerContext.Provider>
  );
}

/**
 * A link to the /customize screen: what it does without JavaScript (or before hydration). With
 * JavaScript a plain click opens the panel instead.
 */
export function CustomizerTrigger() {
  const { t } = useTranslation();
  const location = useLocation();
  const openPanel = React.useContext(CustomizerContext);
  return (
    <Link
      to={`/customize?${new URLSearchParams({ redirectTo: location.pathname + location.search })}`}
      aria-label={t("customizer.open")}
      title={t("customizer.open")}
      aria-haspopup="dialog"
      data-testid="customizer-trigger"
      onPointerEnter={() => void loadPanel()}
      onFocus={() => void loadPanel()}
      onClick={(event) => {
        if (!openPanel || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        openPanel();
      }}
      className="flex items-center rounded-full p-2 text-foreground/80 hover:bg-accent focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
    >
      <Settings2 className="size-5" aria-hidden="true" />
    </Link>
  );
}
