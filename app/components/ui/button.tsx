import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "~/lib/utils";

/** Component classes of app/theme.css (decision 069): a few names per button, not its utilities. */
export const buttonVariants = cva("btn", {
  variants: {
    variant: {
      default: "btn-primary",
      destructive: "btn-destructive",
      outline: "btn-outline",
      secondary: "btn-secondary",
      ghost: "btn-ghost",
      link: "btn-link",
    },
    size: {
      default: "btn-md",
      sm: "btn-sm",
      lg: "btn-lg",
      icon: "btn-icon",
    },
  },
  defaultVariants: { variant: "default", size: "default" },
});

/** A link that looks like a button takes `buttonVariants()` as its class (no `asChild`: Radix's Slot weighed 1.4 KiB gzip). */
export type ButtonProps = React.ComponentProps<"button"> & VariantProps<typeof buttonVariants>;

export function Button({ className, variant, size, type, ...props }: ButtonProps) {
  return <button data-slot="button" type={type ?? "button"} className={cn(buttonVariants({ variant, size, className }))} {...props} />;
}
