import { useTranslation } from "~/lib/i18n";
import { cn } from "~/lib/utils";

export function Footer({ appName, sticky }: { appName: string; sticky: boolean }) {
  const { t } = useTranslation();
  return (
    <footer className={cn("border-t bg-card/60 px-6 py-4 text-muted-foreground text-sm", sticky && "sticky bottom-0 z-20 bg-card")}>
      <div className="mx-auto max-w-[var(--content-max)]">{t("footer", { year: new Date().getFullYear(), appName })}</div>
    </footer>
  );
}
