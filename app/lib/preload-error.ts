/**
 * §8: a failure to preload a lazily loaded module is dispatched as an event (`amp:preload-error`);
 * if no listener handles it (calls preventDefault), Vite rethrows the original error.
 */
export const PRELOAD_ERROR_EVENT = "amp:preload-error";

export function installPreloadErrorHandler(target: Window = window): void {
  target.addEventListener("vite:preloadError", (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    const dispatched = new CustomEvent(PRELOAD_ERROR_EVENT, { detail: payload, cancelable: true });
    const handled = !target.dispatchEvent(dispatched);
    if (handled) event.preventDefault();
  });
}
