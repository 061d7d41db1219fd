import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * Component classes of app/theme.css (decision 069) for what holds in every state; the states' utilities stay here, so
 * that the class merge and CSS specificity treat a caller's `className` as they did when every class was a utility.
 */
export const buttonVariants = cva(
  "btn focus-visible:ring-[3px] focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50",
  {
    variants: {
      variant: {
        default: "btn-primary hover:bg-primary-hover",
        destructive: "btn-destructive hover:bg-[color-mix(in_oklab,var(--destructive)_90%,black)] focus-visible:ring-destructive/40",
        outline: "btn-outline hover:bg-primary-subtle",
        secondary: "btn-secondary hover:bg-[color-mix(in_oklab,var(--secondary)_85%,var(--foreground))]",
        ghost: "btn-ghost hover:bg-accent hover:text-accent-foreground",
        link: "btn-link hover:underline",
      },
      size: {
        default: "btn-md has-[>svg]:px-4",
        sm: "btn-sm has-[>svg]:px-3",
        lg: "btn-lg has-[>svg]:px-5",
        icon: "btn-icon",
      },
    },
    defaultVariants: { variant: "default", size: "default" },
  },
);

/** A link that looks like a button takes `buttonVariants()` as its class (no `asChild`: Radix's Slot weighed 1.4 KiB gzip). */
export type ButtonProps = React.ComponentProps<"button"> & VariantProps<typeof buttonVariants>;

export function Button({ className, variant, size, type, ...props }: ButtonProps) {
  return <button data-slot="button" type={type ?? "button"} className={cn(buttonVariants({ variant, size, className }))} {...props} />;
}
