import { useRouteLoaderData } from "react-router";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "~/components/ui/sheet";
import { useTranslation } from "~/lib/i18n";
import type { loader as rootLoader } from "~/root";
import { CustomizerSections, ResetPreferencesButton } from "./customizer";

/** The theme customizer panel (loaded on first use by CustomizerHost): every preference, previewed live. */
export default function CustomizerPanel({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  if (!root) return null;
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="end" className="gap-0 bg-card" data-testid="customizer">
        <SheetHeader className="gap-3 border-b">
          <div className="space-y-1">
            <SheetTitle>{t("customizer.title")}</SheetTitle>
            <SheetDescription>{t("customizer.description")}</SheetDescription>
          </div>
          <ResetPreferencesButton />
        </SheetHeader>
        <CustomizerSections preferences={root.preferences} theme={root.theme} />
      </SheetContent>
    </Sheet>
  );
}
