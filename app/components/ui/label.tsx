import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * Radix's Label without Radix (its Primitive and Slot were 1.3 KiB gzip in the first load of /login and of every
 * form screen): a double click on the label's own text does not select it, a click on a control inside it is the
 * control's.
 */
export function Label({ className, onMouseDown, ...props }: React.ComponentProps<"label">) {
  return (
    <label
      data-slot="label"
      className={cn(
        "flex select-none items-center gap-2 font-medium text-[0.8125rem] text-foreground leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-60",
        className,
      )}
      {...props}
      onMouseDown={(event) => {
        if ((event.target as HTMLElement).closest("button, input, select, textarea")) return;
        onMouseDown?.(event);
        if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
    />
  );
}
