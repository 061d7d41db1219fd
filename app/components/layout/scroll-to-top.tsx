import { useEffect, useState } from "react";
import { ArrowUp } from "~/components/icons";
import { useTranslation } from "~/lib/i18n";
import { cn } from "~/lib/utils";

/** §2, §9: appears after scrolling more than 200 px and scrolls smoothly to the top. */
export const SCROLL_THRESHOLD = 200;

export function ScrollToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_THRESHOLD);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  return (
    <button
      type="button"
      aria-label={t("scrollToTop")}
      title={t("scrollToTop")}
      data-testid="scroll-to-top"
      onClick={() => {
        const reduce = matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
      }}
      className={cn(
        visible ? "flex" : "hidden",
        "fixed end-6 bottom-6 z-40 size-10 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg hover:bg-primary-hover focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring",
      )}
    >
      <ArrowUp className="size-5" />
    </button>
  );
}
