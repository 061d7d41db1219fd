import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { toast as showToast } from "sonner";
import { PRELOAD_ERROR_EVENT } from "~/lib/preload-error";
import type { Toast } from "~/lib/toast.server";

/** The one toast path: server actions flash a toast (cookie), the root shows it after the redirect. */
export function notify(toast: Toast) {
  showToast[toast.type](toast.message, { id: `${toast.type}:${toast.message}` });
}

export function useFlashToast(toast: Toast | null) {
  useEffect(() => {
    if (toast) notify(toast);
  }, [toast]);
}

/** Handles §8's preload-error event: tell the user and offer a reload instead of a blank screen. */
export function usePreloadErrorToast() {
  const { t } = useTranslation("errors");
  useEffect(() => {
    const onError = (event: Event) => {
      event.preventDefault();
      showToast.error(t("preloadFailed"), { action: { label: t("reload"), onClick: () => window.location.reload() } });
    };
    window.addEventListener(PRELOAD_ERROR_EVENT, onError);
    return () => window.removeEventListener(PRELOAD_ERROR_EVENT, onError);
  }, [t]);
}
