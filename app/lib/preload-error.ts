/**
 * §8: a failure to preload a lazily loaded module is dispatched as an event (`amp:preload-error`);
 * if no listener handles it (calls preventDefault), Vite rethrows the original error.
 */
export const PRELOAD_ERROR_EVENT = "amp:preload-error";

/** Dispatches `amp:preload-error` for `error`; true when a listener handled it (the user is told). */
export function reportPreloadError(error: unknown, target: Window = window): boolean {
  return !target.dispatchEvent(new CustomEvent(PRELOAD_ERROR_EVENT, { detail: error, cancelable: true }));
}

export function installPreloadErrorHandler(target: Window = window): void {
  target.addEventListener("vite:preloadError", (event) => {
    if (reportPreloadError((event as Event & { payload?: unknown }).payload, target)) event.preventDefault();
  });
}
