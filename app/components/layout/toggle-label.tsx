import { cn } from "~/lib/utils";

/**
 * Opens or closes a CSS-driven panel (the overlay navigation) whose state is a checkbox:
 * works without JavaScript, and is a focusable button for keyboards when JavaScript runs.
 */
export function ToggleLabel({
  target,
  label,
  className,
  children,
  testId,
}: {
  target: string;
  label: string;
  className?: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <label
      htmlFor={target}
      role="button"
      tabIndex={0}
      aria-label={label}
      title={label}
      data-testid={testId}
      aria-controls={target}
      onKeyDown={(event) => {
        if (event.key !== "Enter" && event.key !== " ") return;
        event.preventDefault();
        const checkbox = document.getElementById(target) as HTMLInputElement | null;
        if (checkbox) checkbox.checked = !checkbox.checked;
      }}
      className={cn(
        "flex cursor-pointer items-center rounded-full p-2 text-foreground/80 hover:bg-accent focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring",
        className,
      )}
    >
      {children}
    </label>
  );
}
