import { isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { errorPageProps } from "~/components/error-page";
import { UpstreamError, UpstreamThrottled, upstreamFailureResponse } from "~/lib/sanctum/context.server";

/** What React Router gives a boundary for a thrown `data()`: an ErrorResponse with its status and data. */
function asRouteError(thrown: ReturnType<typeof upstreamFailureResponse>) {
  return { status: thrown.init?.status ?? 500, statusText: "", internal: false, data: thrown.data };
}

describe("error pages thrown by middleware (issue 26.4, 26.5)", () => {
  it("carry the portal's name for the title, since the root loader's data is missing there", () => {
    const error = asRouteError(upstreamFailureResponse(new UpstreamThrottled({ retryAfter: 5 }), "not-found", "Acme Voice"));
    expect(isRouteErrorResponse(error)).toBe(true);
    expect(errorPageProps(error)).toEqual({ status: 429, retryAfter: 5, upstream: undefined, appName: "Acme Voice" });
  });

  it("tell a record the backend does not have from a tool it does not offer", () => {
    expect(errorPageProps(asRouteError(upstreamFailureResponse(new UpstreamError(404, {}))))).toMatchObject({
      status: 404,
      upstream: "not-found",
    });
    expect(errorPageProps(asRouteError(upstreamFailureResponse(new UpstreamError(404, {}), "not-offered")))).toMatchObject({
      status: 404,
      upstream: "not-offered",
    });
    expect(errorPageProps(new Error("bug"))).toEqual({ status: 500 });
  });
});
