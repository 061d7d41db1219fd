import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "~/lib/utils";

export const buttonVariants = cva(
  "inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium text-sm outline-none transition-[color,background-color,box-shadow,opacity] focus-visible:ring-[3px] focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg:not([class*='size-'])]:size-4 [&_svg]:pointer-events-none [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default:
          "bg-primary text-primary-foreground shadow-[0_2px_6px_0_color-mix(in_oklab,var(--primary)_30%,transparent)] hover:bg-primary-hover",
        destructive:
          "bg-destructive text-destructive-foreground shadow-[0_2px_6px_0_color-mix(in_oklab,var(--destructive)_30%,transparent)] hover:bg-[color-mix(in_oklab,var(--destructive)_90%,black)] focus-visible:ring-destructive/40",
        outline: "border border-primary bg-transparent text-primary hover:bg-primary-subtle",
        secondary: "bg-secondary text-secondary-foreground hover:bg-[color-mix(in_oklab,var(--secondary)_85%,var(--foreground))]",
        ghost: "text-foreground hover:bg-accent hover:text-accent-foreground",
        link: "text-primary underline-offset-4 hover:underline",
      },
      size: {
        default: "h-9 px-5 py-2 has-[>svg]:px-4",
        sm: "h-8 gap-1.5 px-3.5 text-[0.8125rem] has-[>svg]:px-3",
        lg: "h-11 px-6 text-base has-[>svg]:px-5",
        icon: "size-9",
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
