import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "~/lib/utils";

/** Vuexy-style "label" badges: a tinted background with the full colour as text. */
export const badgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center justify-center gap-1 whitespace-nowrap rounded-sm px-2 py-0.5 font-medium text-[0.8125rem] leading-5 [&>svg]:pointer-events-none [&>svg]:size-3",
  {
    variants: {
      variant: {
        default: "bg-primary-subtle text-primary",
        secondary: "bg-[color-mix(in_oklab,var(--muted-foreground)_16%,transparent)] text-foreground",
        destructive: "bg-[color-mix(in_oklab,var(--destructive)_16%,transparent)] text-destructive",
        success: "bg-[color-mix(in_oklab,var(--success)_16%,transparent)] text-success",
        warning: "bg-[color-mix(in_oklab,var(--warning)_16%,transparent)] text-warning",
        info: "bg-[color-mix(in_oklab,var(--info)_16%,transparent)] text-info",
        outline: "border border-border text-foreground",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export type BadgeProps = React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span data-slot="badge" className={cn(badgeVariants({ variant }), className)} {...props} />;
}
