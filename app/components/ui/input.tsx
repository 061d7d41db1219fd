import type * as React from "react";
import { cn } from "~/lib/utils";

export const controlClasses =
  "w-full min-w-0 rounded-md border border-input bg-transparent text-foreground text-sm outline-none transition-[border-color,box-shadow] placeholder:text-muted-foreground/70 hover:border-[color-mix(in_oklab,var(--input)_60%,var(--foreground))] focus-visible:border-primary focus-visible:ring-[3px] focus-visible:ring-ring disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-60 aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/25";

export function Input({ className, type, ...props }: React.ComponentProps<"input">) {
  return (
    <input
      data-slot="input"
      type={type ?? "text"}
      className={cn(
        controlClasses,
        "h-9 px-3.5 py-1.5 file:me-3 file:border-0 file:bg-transparent file:font-medium file:text-foreground file:text-sm",
        className,
      )}
      {...props}
    />
  );
}
