import { Dialog as SheetPrimitive } from "radix-ui";
import type * as React from "react";
import { X } from "~/components/icons";
import { overlayClasses } from "~/components/ui/dialog";
import { useTranslation } from "~/lib/i18n";
import { cn } from "~/lib/utils";

export function Sheet(props: React.ComponentProps<typeof SheetPrimitive.Root>) {
  return <SheetPrimitive.Root data-slot="sheet" {...props} />;
}

export function SheetTrigger(props: React.ComponentProps<typeof SheetPrimitive.Trigger>) {
  return <SheetPrimitive.Trigger data-slot="sheet-trigger" {...props} />;
}

export function SheetClose(props: React.ComponentProps<typeof SheetPrimitive.Close>) {
  return <SheetPrimitive.Close data-slot="sheet-close" {...props} />;
}

/** `start`/`end` are logical sides: `start` is the left edge in LTR and the right edge in RTL. */
export type SheetSide = "start" | "end" | "top" | "bottom";

const sideClasses: Record<SheetSide, string> = {
  start:
    "inset-y-0 start-0 h-full w-3/4 border-e data-[state=closed]:animate-sheet-out-start data-[state=open]:animate-sheet-in-start sm:max-w-sm",
  end: "inset-y-0 end-0 h-full w-3/4 border-s data-[state=closed]:animate-sheet-out-end data-[state=open]:animate-sheet-in-end sm:max-w-sm",
  top: "inset-x-0 top-0 h-auto border-b data-[state=closed]:animate-sheet-out-top data-[state=open]:animate-sheet-in-top",
  bottom: "inset-x-0 bottom-0 h-auto border-t data-[state=closed]:animate-sheet-out-bottom data-[state=open]:animate-sheet-in-bottom",
};

export function SheetContent({
  className,
  children,
  side = "end",
  showCloseButton = true,
  ...props
}: React.ComponentProps<typeof SheetPrimitive.Content> & { side?: SheetSide; showCloseButton?: boolean }) {
  const { t } = useTranslation("ui");
  return (
    <SheetPrimitive.Portal>
      <SheetPrimitive.Overlay data-slot="sheet-overlay" className={overlayClasses} />
      <SheetPrimitive.Content
        data-slot="sheet-content"
        data-side={side}
        className={cn(
          "fixed z-50 flex flex-col gap-4 overflow-y-auto bg-popover text-popover-foreground shadow-popover outline-none",
          sideClasses[side],
          className,
        )}
        {...props}
      >
        {children}
        {showCloseButton && (
          <SheetPrimitive.Close
            data-slot="sheet-close"
            className="absolute end-4 top-4 cursor-pointer rounded-sm p-0.5 text-muted-foreground opacity-80 outline-none transition-opacity hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring"
          >
            <X className="size-5" aria-hidden="true" />
            <span className="sr-only">{t("close")}</span>
          </SheetPrimitive.Close>
        )}
      </SheetPrimitive.Content>
    </SheetPrimitive.Portal>
  );
}

export function SheetHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="sheet-header" className={cn("flex flex-col gap-1.5 p-5 pe-12", className)} {...props} />;
}

export function SheetFooter({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="sheet-footer" className={cn("mt-auto flex flex-col gap-2 p-5", className)} {...props} />;
}

export function SheetTitle({ className, ...props }: React.ComponentProps<typeof SheetPrimitive.Title>) {
  return <SheetPrimitive.Title data-slot="sheet-title" className={cn("font-medium text-lg", className)} {...props} />;
}

export function SheetDescription({ className, ...props }: React.ComponentProps<typeof SheetPrimitive.Description>) {
  return <SheetPrimitive.Description data-slot="sheet-description" className={cn("text-muted-foreground text-sm", className)} {...props} />;
}
