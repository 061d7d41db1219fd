import { useEffect, useState, useSyncExternalStore } from "react";
import { Link, useRevalidator } from "react-router";
import { formatDateTime } from "~/components/admin/format";
import { Check, ChevronRight, Timer } from "~/components/icons";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { useTranslation } from "~/lib/i18n";
import { cn } from "~/lib/utils";
import { clockLeft, minutesLeft } from "./format";

export const WIZARD_STEPS = ["search", "choose", "review", "confirmed"] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** The wizard's URLs: each step after the first carries the draft's id. */
export const wizardUrl = {
  search: (orderId?: number) => (orderId ? `/tools/orders/phone-numbers?order=${orderId}` : "/tools/orders/phone-numbers"),
  choose: (orderId: number) => `/tools/orders/phone-numbers/${orderId}/step-2`,
  review: (orderId: number) => `/tools/orders/phone-numbers/${orderId}/step-3`,
  confirmed: (orderId: number) => `/tools/orders/phone-numbers/${orderId}/order-confirmed`,
};

/** Steps 1–4 in reading order (right to left in Arabic), the current one marked for assistive technology. */
export function StepIndicator({ current }: { current: WizardStep }) {
  const { t } = useTranslation("numbers");
  const index = WIZARD_STEPS.indexOf(current);
  return (
    <nav aria-label={t("wizard.stepsLabel")}>
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-3">
        {WIZARD_STEPS.map((step, position) => {
          const done = position < index;
          const active = position === index;
          return (
            <li key={step} className="flex items-center gap-2" aria-current={active ? "step" : undefined}>
              <span
                className={cn(
                  "flex size-8 shrink-0 items-center justify-center rounded-md font-semibold text-sm",
                  active
                    ? "bg-primary text-primary-foreground"
                    : done
                      ? "bg-primary-subtle text-primary"
                      : "bg-muted text-muted-foreground",
                )}
                aria-hidden="true"
              >
                {done ? <Check className="size-4" /> : position + 1}
              </span>
              <span className={cn("text-sm", active ? "font-semibold text-foreground" : "text-muted-foreground")}>
                <span className="sr-only">{t("wizard.step", { current: position + 1, total: WIZARD_STEPS.length, name: "" })}</span>
                {t(`wizard.steps.${step}`)}
              </span>
              {position < WIZARD_STEPS.length - 1 && (
                <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground rtl:rotate-180" />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

const noSubscribe = () => () => {};

/** Date.now() once hydrated, ticking every second; null during SSR and without JavaScript. */
function useNow(): number | null {
  const hydrated = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    if (!hydrated) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [hydrated]);
  return now;
}

/**
 * The reservation's remaining time: a sentence rendered by the server (works without JavaScript), replaced
 * by a live mm:ss countdown once hydrated; at zero the page reloads its data and shows the expired state.
 */
export function ReservationCountdown({ expiresAt, renderedAt }: { expiresAt: string; renderedAt: number }) {
  const { t, language } = useTranslation("numbers");
  const now = useNow();
  const revalidator = useRevalidator();
  const over = now !== null && Date.parse(expiresAt) <= now;
  // Once the reservation runs out, reload the step's data: it then shows the expired state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the transition to "over" matters, not every revalidator change.
  useEffect(() => {
    if (over) revalidator.revalidate();
  }, [over]);
  return (
    <p className="flex items-center gap-2 text-sm" data-testid="reservation-countdown">
      <Timer aria-hidden="true" className="size-4 text-warning" />
      {now === null ? (
        t("wizard.countdown.remaining", { time: formatDateTime(language, expiresAt), minutes: minutesLeft(expiresAt, renderedAt) })
      ) : (
        <span role="timer">
          {t("wizard.countdown.live", { time: "" })}
          <span dir="ltr" className="font-semibold tabular-nums">
            {clockLeft(expiresAt, now)}
          </span>
        </span>
      )}
    </p>
  );
}

/** An expired draft: what happened and the way back to step 1 with the same criteria. */
export function ExpiredNotice({ orderId }: { orderId: number }) {
  const { t } = useTranslation("numbers");
  return (
    <Alert variant="destructive" data-testid="reservation-expired">
      <AlertTitle>{t("wizard.expired.title")}</AlertTitle>
      <AlertDescription>
        <p>{t("wizard.expired.description")}</p>
        <Link to={wizardUrl.search(orderId)} className={cn(buttonVariants({ variant: "outline", size: "sm" }), "mt-2")}>
          {t("wizard.expired.action")}
        </Link>
      </AlertDescription>
    </Alert>
  );
}
