import { type CSSProperties, useEffect } from "react";
import { Toaster as Sonner, type ToasterProps as SonnerProps } from "sonner";
import { useTranslation } from "~/lib/i18n";

export type ToasterProps = Omit<SonnerProps, "dir" | "position"> & { dir?: "ltr" | "rtl"; onMount?: () => void };

/** Toasts last 5 seconds, top right (top left in right-to-left documents), with a close button. */
export function Toaster({ dir = "ltr", toastOptions, onMount, ...props }: ToasterProps) {
  const { t } = useTranslation("ui");
  useEffect(() => {
    onMount?.();
  }, [onMount]);
  return (
    <Sonner
      dir={dir}
      position={dir === "rtl" ? "top-left" : "top-right"}
      duration={5000}
      richColors
      closeButton
      containerAriaLabel={t("toaster.label")}
      className="toaster group"
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--border-radius": "var(--radius)",
        } as CSSProperties
      }
      toastOptions={{ closeButtonAriaLabel: t("toaster.close"), ...toastOptions }}
      {...props}
    />
  );
}
