import { Link } from "react-router";
import { Check, ChevronRight } from "~/components/icons";
import { useTranslation } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import type { ResidentialDraft } from "./types";

export const STEPS = ["subscriber", "address", "number", "e911", "review"] as const;
export type Step = (typeof STEPS)[number];

/** The wizard's URLs: the first step alone starts a draft; every later URL carries the draft's id. */
export const residentialUrl = {
  start: "/residential/add",
  step: (id: number, step: Step | "done") => `/residential/add/${id}/${step}`,
};

/** Steps the draft has completed: everything before its first missing step (the subscriber always). */
export function completedSteps(draft: Pick<ResidentialDraft, "next_step">): Set<Step> {
  const upTo = STEPS.indexOf(draft.next_step);
  return new Set(STEPS.slice(0, upTo));
}

/**
 * The step indicator as navigation: completed steps (and the next one to do) are links, so a step can be
 * revisited without JavaScript; the current step is marked for assistive technology. Mirrored in Arabic.
 */
export function StepIndicator({ draft, current }: { draft: Pick<ResidentialDraft, "id" | "next_step"> | null; current: Step }) {
  const { t } = useTranslation("residential");
  const done = draft ? completedSteps(draft) : new Set<Step>();
  const reachable = (step: Step) => draft !== null && (done.has(step) || step === draft.next_step);
  return (
    <nav aria-label={t("steps.label")}>
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-3">
        {STEPS.map((step, position) => {
          const active = step === current;
          const complete = done.has(step);
          const badge = (
            <span
              className={cn(
                "flex size-8 shrink-0 items-center justify-center rounded-md font-semibold text-sm",
                active
                  ? "bg-primary text-primary-foreground"
                  : complete
                    ? "bg-primary-subtle text-primary"
                    : "bg-muted text-muted-foreground",
              )}
              aria-hidden="true"
            >
              {complete && !active ? <Check className="size-4" /> : position + 1}
            </span>
          );
          const label = (
            <>
              <span className="sr-only">{t("steps.position", { current: position + 1, total: STEPS.length })}</span>
              {t(`steps.${step}`)}
              {complete && !active && <span className="sr-only"> {t("steps.done")}</span>}
            </>
          );
          return (
            <li key={step} className="flex items-center gap-2" aria-current={active ? "step" : undefined}>
              {!active && draft && reachable(step) ? (
                <Link
                  to={residentialUrl.step(draft.id, step)}
                  className="flex items-center gap-2 text-primary-text text-sm underline-offset-4 hover:underline"
                >
                  {badge}
                  <span>{label}</span>
                </Link>
              ) : (
                <span className={cn("flex items-center gap-2 text-sm", active ? "font-semibold text-foreground" : "text-muted-foreground")}>
                  {badge}
                  <span>{label}</span>
                </span>
              )}
              {position < STEPS.length - 1 && <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground rtl:rotate-180" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
