import { Checkbox as CheckboxPrimitive } from "radix-ui";
import type * as React from "react";
import { Check } from "~/components/icons";
import { cn } from "~/lib/utils";

const boxClasses =
  "size-[1.125rem] shrink-0 cursor-pointer rounded-sm border-2 border-input bg-transparent outline-none transition-[background-color,border-color,box-shadow] focus-visible:ring-[3px] focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive";

/**
 * Radix checkbox. Given a `name` it renders a hidden native input so its value reaches the form, but the
 * visible control is a `<button>` that only toggles with JavaScript: use `NativeCheckbox` in forms that
 * must work without it.
 */
export function Checkbox({ className, ...props }: React.ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      data-slot="checkbox"
      className={cn(
        boxClasses,
        "peer data-[state=checked]:border-primary data-[state=checked]:bg-primary data-[state=checked]:text-primary-foreground",
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator data-slot="checkbox-indicator" className="flex items-center justify-center">
        <Check className="size-3.5 stroke-3" />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}

/** A styled `<input type="checkbox">`: submits `value` (default "on") when checked, with or without JavaScript. */
export function NativeCheckbox({ className, ...props }: Omit<React.ComponentProps<"input">, "type"> & { type?: "checkbox" }) {
  return (
    <span data-slot="native-checkbox" className={cn("relative inline-grid shrink-0 place-items-center", className)}>
      <input
        {...props}
        type="checkbox"
        className={cn(boxClasses, "peer col-start-1 row-start-1 appearance-none checked:border-primary checked:bg-primary")}
      />
      <Check
        aria-hidden="true"
        className="pointer-events-none col-start-1 row-start-1 size-3.5 text-primary-foreground opacity-0 peer-checked:opacity-100"
      />
    </span>
  );
}
