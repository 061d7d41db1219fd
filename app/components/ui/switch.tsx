import { Switch as SwitchPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "~/lib/utils";

const trackClasses =
  "inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full bg-input outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50";
const thumbClasses = "pointer-events-none block size-4 rounded-full bg-white shadow-sm transition-transform";

/** Radix switch, for JavaScript-only interfaces; use `NativeSwitch` in forms. */
export function Switch({ className, ...props }: React.ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      data-slot="switch"
      className={cn(trackClasses, "peer px-0.5 data-[state=checked]:bg-primary", className)}
      {...props}
    >
      <SwitchPrimitive.Thumb
        data-slot="switch-thumb"
        className={cn(thumbClasses, "data-[state=checked]:translate-x-4 rtl:data-[state=checked]:-translate-x-4")}
      />
    </SwitchPrimitive.Root>
  );
}

/** A switch-looking `<input type="checkbox" role="switch">`: submits `value` (default "on") when on. */
export function NativeSwitch({ className, ...props }: Omit<React.ComponentProps<"input">, "type" | "role"> & { type?: "checkbox" }) {
  return (
    <span data-slot="native-switch" className={cn("relative inline-grid shrink-0 items-center", className)}>
      <input
        {...props}
        type="checkbox"
        // biome-ignore lint/a11y/useAriaPropsForRole: a native checkbox exposes its checked state itself.
        role="switch"
        className={cn(trackClasses, "peer col-start-1 row-start-1 appearance-none checked:bg-primary")}
      />
      <span
        aria-hidden="true"
        className={cn(thumbClasses, "col-start-1 row-start-1 ms-0.5 peer-checked:translate-x-4 rtl:peer-checked:-translate-x-4")}
      />
    </span>
  );
}
