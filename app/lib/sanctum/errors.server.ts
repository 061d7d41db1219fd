/**
 * What an upstream call can fail with. `SanctumClient.call` throws only these (never a Response), so a
 * catch block reads the failure by its type and the middleware turns what a screen leaves uncaught into
 * the right page (see `upstreamFailureResponse` in context.server.ts):
 * - `Unauthenticated` (401, or a 419 that a fresh CSRF token did not cure): the upstream session is over;
 *   the only failure that ends the portal session (`endedSession`; a call made with `on401: "throw"`, such
 *   as the sign-in form's, gets it as an answer and the session goes on);
 * - `UpstreamThrottled` (429): slow down, retry after `retryAfter` seconds; never "signed out";
 * - `UpstreamUnavailable` (5xx, timeout, network error, an answer that is not JSON): the backend cannot
 *   answer now; the user stays signed in and sees "service unavailable" (503);
 * - `UpstreamError` itself: any other refusal (403, 404, 409, 419, 422...) with its status and body.
 *
 * A 404 or 403 that a loader lets through is a page of its own, thrown by that loader (decision 040): such
 * an error has the shape of React Router's `data()` (`type`, `data`, `init`), so the router turns it into a
 * 404/403 route error response drawn by the nearest error boundary, the signed-in layout's, with its
 * navigation. Catch blocks still read it as an `UpstreamError`.
 */
export interface UpstreamErrorBody {
  message?: string;
  errors?: Record<string, string[]>;
  retryAfter?: number;
}

export class UpstreamError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: UpstreamErrorBody,
  ) {
    super(body.message ?? `Upstream answered ${status}`);
    this.name = new.target.name;
  }

  /** React Router's mark of a `data()` value, on a 404 or 403 only (the others become pages in the middleware). */
  get type(): "DataWithResponseInit" | undefined {
    return this.status === 404 || this.status === 403 ? "DataWithResponseInit" : undefined;
  }

  /** What the error boundary reads (`errorPageProps`): the honest "not found" or "forbidden" wording. */
  get data(): { upstream: "not-found" | "forbidden" } {
    return { upstream: this.status === 403 ? "forbidden" : "not-found" };
  }

  get init(): ResponseInit {
    return { status: this.status, statusText: this.status === 403 ? "Forbidden" : "Not Found" };
  }
}

export class Unauthenticated extends UpstreamError {
  /**
   * True when this failure ended the portal session: nothing may catch it as a form message, the
   * middleware sends the user to sign in (`actionFailure` rethrows it).
   */
  readonly endedSession: boolean;
  constructor(body: UpstreamErrorBody = {}, options: { endedSession?: boolean } = {}) {
    super(401, body);
    this.endedSession = options.endedSession ?? false;
  }
}

export class UpstreamThrottled extends UpstreamError {
  /** Seconds to wait before trying again (Retry-After, or 60 when the backend did not say). */
  readonly retryAfter: number;
  constructor(body: UpstreamErrorBody = {}) {
    super(429, body);
    this.retryAfter = body.retryAfter ?? 60;
  }
}

export type UnavailableReason = "status" | "timeout" | "network" | "invalid-json";

export class UpstreamUnavailable extends UpstreamError {
  /**
   * @param status the backend's 5xx, or 504 (timeout) / 502 (network error, invalid JSON) when it gave none
   */
  constructor(
    status: number,
    public readonly reason: UnavailableReason,
    body: UpstreamErrorBody = {},
    options?: { cause?: unknown },
  ) {
    super(status, { ...body, message: body.message ?? `Upstream unavailable (${reason}, ${status})` });
    if (options?.cause !== undefined) this.cause = options.cause;
  }
}
