import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import type { ExternalToast } from "sonner";
import { useTranslation } from "~/lib/i18n";
import { PRELOAD_ERROR_EVENT } from "~/lib/preload-error";
import type { Toast } from "~/lib/toast.server";
import type { ToasterProps } from "./ui/sonner";

/*
 * sonner is loaded with the first toast, not with every page: `notify` asks the root to mount the Toaster
 * (a lazy component), waits until it is mounted (so that its live region exists before the toast is added,
 * and screen readers announce it), then shows the toast.
 */
const LazyToaster = lazy(() => import("./ui/sonner").then((module) => ({ default: module.Toaster })));

let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function sonner() {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  const [module] = await Promise.all([import("sonner"), mounted]);
  return module;
}

/** The Toaster, mounted by the root once a toast is asked for. */
export function LazyToasts({ dir }: { dir: NonNullable<ToasterProps["dir"]> }) {
  const show = useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster dir={dir} onMount={markMounted} />
    </Suspense>
  );
}

function show(type: Toast["type"], message: string, options?: ExternalToast) {
  void sonner().then(({ toast }) => toast[type](message, options));
}

/** The one toast path: server actions flash a toast (cookie), the root shows it after the redirect. */
export function notify(toast: Toast) {
  show(toast.type, toast.message, { id: `${toast.type}:${toast.message}` });
}

export function useFlashToast(toast: Toast | null) {
  useEffect(() => {
    if (toast) notify(toast);
  }, [toast]);
}

/**
 * Handles §8's preload-error event: tell the user and offer a reload instead of a blank screen. sonner
 * itself may be what failed to load (a new deployment removed the old chunks): then a plain confirm asks.
 */
export function usePreloadErrorToast() {
  const { t } = useTranslation("errors");
  useEffect(() => {
    const onError = (event: Event) => {
      event.preventDefault();
      const reload = () => window.location.reload();
      sonner().then(
        ({ toast }) => toast.error(t("preloadFailed"), { action: { label: t("reload"), onClick: reload } }),
        () => {
          if (window.confirm(`${t("preloadFailed")} ${t("reload")}?`)) reload();
        },
      );
    };
    window.addEventListener(PRELOAD_ERROR_EVENT, onError);
    return () => window.removeEventListener(PRELOAD_ERROR_EVENT, onError);
  }, [t]);
}
