import { Tabs as TabsPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * Radix tabs (JavaScript-driven panels). Screens whose tabs are separate URLs (e.g. /profile/{tab})
 * should render links styled with `tabTriggerClasses` instead, so they work without JavaScript.
 */
export function Tabs({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root data-slot="tabs" className={cn("flex flex-col gap-4", className)} {...props} />;
}

export function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List data-slot="tabs-list" className={cn("inline-flex w-fit flex-wrap items-center gap-1", className)} {...props} />
  );
}

export const tabTriggerClasses =
  "inline-flex cursor-pointer items-center justify-center gap-2 whitespace-nowrap rounded-md px-4 py-2 font-medium text-foreground text-sm outline-none transition-[color,background-color,box-shadow] hover:bg-primary-subtle hover:text-primary-text focus-visible:ring-[3px] focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 aria-[current=page]:bg-primary aria-[current=page]:text-primary-foreground aria-[current=page]:shadow-[0_2px_6px_0_color-mix(in_oklab,var(--primary)_30%,transparent)] data-[state=active]:bg-primary data-[state=active]:text-primary-foreground data-[state=active]:shadow-[0_2px_6px_0_color-mix(in_oklab,var(--primary)_30%,transparent)] [&_svg:not([class*='size-'])]:size-4 [&_svg]:shrink-0";

export function TabsTrigger({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  return <TabsPrimitive.Trigger data-slot="tabs-trigger" className={cn(tabTriggerClasses, className)} {...props} />;
}

export function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content data-slot="tabs-content" className={cn("flex-1 outline-none", className)} {...props} />;
}
