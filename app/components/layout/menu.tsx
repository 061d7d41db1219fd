import { useEffect, useRef } from "react";
import { cn } from "~/lib/utils";

/**
 * A popover menu on <details>: it opens and works without JavaScript (forms and links inside are
 * real); with JavaScript it also closes on outside click, Escape, and after choosing an item.
 */
export function Menu({
  trigger,
  label,
  children,
  align = "end",
  className,
  panelClassName,
}: {
  trigger: React.ReactNode;
  label: string;
  children: React.ReactNode;
  align?: "start" | "end";
  className?: string;
  panelClassName?: string;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = (event: Event) => {
      if (!details.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
        return;
      }
      if (!details.contains(event.target as Node)) details.open = false;
    };
    const choose = (event: Event) => {
      if ((event.target as Element).closest("a,button[type=submit],[data-close-menu]")) details.open = false;
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("keydown", close);
    details.addEventListener("click", choose);
    return () => {
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("keydown", close);
      details.removeEventListener("click", choose);
    };
  }, []);
  return (
    <details ref={ref} className={cn("group relative", className)}>
      <summary
        aria-label={label}
        title={label}
        className="flex cursor-pointer list-none items-center rounded-full p-2 text-foreground/80 hover:bg-accent focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring [&::-webkit-details-marker]:hidden"
      >
        {trigger}
      </summary>
      <div
        className={cn(
          "absolute top-full z-50 mt-1.5 min-w-48 rounded-md border bg-popover p-1 text-popover-foreground shadow-lg",
          align === "end" ? "end-0" : "start-0",
          panelClassName,
        )}
      >
        {children}
      </div>
    </details>
  );
}

export const menuItemClass =
  "flex w-full cursor-pointer items-center gap-2 rounded-sm px-3 py-2 text-start text-sm hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent focus-visible:outline-none aria-[current=true]:bg-primary/10 aria-[current=true]:text-primary-text [&_svg]:size-4 [&_svg]:shrink-0";
