import { Check, ChevronRight } from "~/components/icons";
import { useTranslation } from "~/lib/i18n";
import { cn } from "~/lib/utils";

const STEPS = ["upload", "preview"] as const;

/** The import's two steps, the current one marked for assistive technology. */
export function ImportSteps({ current }: { current: (typeof STEPS)[number] }) {
  const { t } = useTranslation("imports");
  const index = STEPS.indexOf(current);
  return (
    <nav aria-label={t("steps.label")}>
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-3">
        {STEPS.map((step, position) => {
          const active = position === index;
          return (
            <li key={step} className="flex items-center gap-2" aria-current={active ? "step" : undefined}>
              <span
                aria-hidden="true"
                className={cn(
                  "flex size-8 shrink-0 items-center justify-center rounded-md font-semibold text-sm",
                  active ? "bg-primary text-primary-foreground" : "bg-primary-subtle text-primary",
                )}
              >
                {position < index ? <Check className="size-4" /> : position + 1}
              </span>
              <span className={cn("text-sm", active ? "font-semibold text-foreground" : "text-muted-foreground")}>
                {t(`steps.${step}`)}
                {active && <span className="sr-only"> {t("steps.current")}</span>}
              </span>
              {position < STEPS.length - 1 && <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground rtl:rotate-180" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
