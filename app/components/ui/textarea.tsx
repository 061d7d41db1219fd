import type * as React from "react";
import { controlClasses } from "~/components/ui/input";
import { cn } from "~/lib/utils";

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return (
    <textarea data-slot="textarea" className={cn(controlClasses, "field-sizing-content min-h-20 px-3.5 py-2", className)} {...props} />
  );
}
