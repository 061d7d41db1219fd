import { cva, type VariantProps } from "class-variance-authority";
import type * as React from "react";
import { cn } from "~/lib/utils";

/** Inline message box (form-level errors, notices). Use `role="alert"` only for messages that appear after an action. */
export const alertVariants = cva(
  "relative grid w-full grid-cols-[0_1fr] items-start gap-y-0.5 rounded-md px-4 py-3 text-sm has-[>svg]:grid-cols-[1.25rem_1fr] has-[>svg]:gap-x-3 [&>svg]:size-5 [&>svg]:translate-y-px [&>svg]:text-current",
  {
    variants: {
      variant: {
        default: "bg-primary-subtle text-primary",
        info: "bg-[color-mix(in_oklab,var(--info)_16%,transparent)] text-info",
        success: "bg-[color-mix(in_oklab,var(--success)_16%,transparent)] text-success",
        warning: "bg-[color-mix(in_oklab,var(--warning)_16%,transparent)] text-warning",
        destructive: "bg-[color-mix(in_oklab,var(--destructive)_16%,transparent)] text-destructive",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export function Alert({ className, variant, ...props }: React.ComponentProps<"div"> & VariantProps<typeof alertVariants>) {
  return <div data-slot="alert" className={cn(alertVariants({ variant }), className)} {...props} />;
}

export function AlertTitle({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="alert-title" className={cn("col-start-2 font-medium leading-5", className)} {...props} />;
}

export function AlertDescription({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      data-slot="alert-description"
      className={cn("col-start-2 grid justify-items-start gap-1 text-[0.8125rem] [&_p]:leading-relaxed", className)}
      {...props}
    />
  );
}
