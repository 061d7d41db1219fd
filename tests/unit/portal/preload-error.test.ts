import { describe, expect, it } from "vitest";
import { installPreloadErrorHandler, PRELOAD_ERROR_EVENT } from "~/lib/preload-error";

/** A window stand-in: just an event target, like the browser's. */
function fakeWindow() {
  return new EventTarget() as unknown as Window;
}

function vitePreloadError(payload: unknown) {
  const event = new Event("vite:preloadError", { cancelable: true }) as Event & { payload?: unknown };
  event.payload = payload;
  return event;
}

describe("preload error (specification §8)", () => {
  it("is dispatched as amp:preload-error and, when handled, not rethrown by Vite", () => {
    const target = fakeWindow();
    installPreloadErrorHandler(target);
    const seen: unknown[] = [];
    target.addEventListener(PRELOAD_ERROR_EVENT, (event) => {
      seen.push((event as CustomEvent).detail);
      event.preventDefault();
    });
    const error = new Error("chunk failed");
    const event = vitePreloadError(error);
    target.dispatchEvent(event);
    expect(seen).toEqual([error]);
    expect(event.defaultPrevented).toBe(true);
  });

  it("is left to Vite to rethrow when nobody handles it", () => {
    const target = fakeWindow();
    installPreloadErrorHandler(target);
    let dispatched = false;
    target.addEventListener(PRELOAD_ERROR_EVENT, () => {
      dispatched = true;
    });
    const event = vitePreloadError(new Error("chunk failed"));
    target.dispatchEvent(event);
    expect(dispatched).toBe(true);
    expect(event.defaultPrevented).toBe(false);
  });
});
