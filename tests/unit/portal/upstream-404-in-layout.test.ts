import { createStaticHandler, isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { errorPageProps } from "~/components/error-page";
import { UpstreamError, UpstreamThrottled, UpstreamUnavailable } from "~/lib/sanctum/context.server";

/**
 * A backend 404/403 that a screen's loader lets through is a page thrown by that loader (decision 040):
 * React Router draws it at the signed-in layout's boundary and keeps the layout's loader data (the
 * navigation). These run the router's own static handler, as the server does.
 */
function layoutWithScreen(fail: () => never) {
  return createStaticHandler([
    {
      id: "root",
      path: "/",
      loader: () => ({ portal: "AMP" }),
      children: [
        {
          id: "layout",
          loader: () => ({ navigation: ["Dashboard", "Users"] }),
          ErrorBoundary: () => null,
          children: [{ id: "screen", path: "things", loader: fail }],
        },
      ],
    },
  ]);
}

async function render(error: UpstreamError) {
  const context = await layoutWithScreen(() => {
    throw error;
  }).query(new Request("http://portal.test/things"));
  if (context instanceof Response) throw new Error("expected a rendered context");
  return context;
}

describe("a backend 404 or 403 left uncaught by a loader", () => {
  it("is a 404 page at the signed-in layout's boundary, with the layout's data kept", async () => {
    const context = await render(new UpstreamError(404, { message: "No query results for model." }));
    expect(context.statusCode).toBe(404);
    expect(context.loaderData.layout).toEqual({ navigation: ["Dashboard", "Users"] });
    const shown = context.errors?.layout;
    expect(isRouteErrorResponse(shown)).toBe(true);
    expect(errorPageProps(shown)).toMatchObject({ status: 404, upstream: "not-found" });
  });

  it("a 403 is the not-authorized page there too", async () => {
    const context = await render(new UpstreamError(403, { message: "This action is unauthorized." }));
    expect(context.statusCode).toBe(403);
    expect(context.loaderData.layout).toBeDefined();
    expect(errorPageProps(context.errors?.layout)).toMatchObject({ status: 403 });
  });

  it("is still an UpstreamError to catch blocks; other failures keep their own path (the middleware's 429/503 pages)", async () => {
    const missing = new UpstreamError(404, {});
    expect(missing).toBeInstanceOf(UpstreamError);
    expect(missing.status).toBe(404);
    for (const other of [new UpstreamThrottled({ retryAfter: 3 }), new UpstreamUnavailable(500, "status"), new UpstreamError(422, {})]) {
      expect(other.type).toBeUndefined();
      const context = await render(other);
      expect(context.statusCode).toBe(500);
      expect(isRouteErrorResponse(context.errors?.layout)).toBe(false);
    }
  });
});
