import { isRouteErrorResponse, RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { cloudflareContext } from "~/lib/cloudflare.server";
import { actionFailure, actionFailureText, CARRIER_FAILED, readFormData, submitForm } from "~/lib/forms.server";
import { Unauthenticated, UpstreamError, UpstreamThrottled, UpstreamUnavailable } from "~/lib/sanctum/client.server";

const SECRET = "a-test-secret-of-at-least-32-characters";
const schema = z.object({ name: z.string({ error: "validation.required" }).min(1, "validation.required"), email: z.email() });

function context() {
  const provider = new RouterContextProvider();
  provider.set(cloudflareContext, { env: { SESSION_SECRET: SECRET } as PortalEnv, ctx: {} as ExecutionContext });
  return provider;
}

function post(body: BodyInit | null, contentType?: string) {
  return new Request("http://localhost/users/add", {
    method: "POST",
    body,
    headers: contentType ? { "Content-Type": contentType } : {},
  });
}

const formPost = (values: Record<string, string>) => post(new URLSearchParams(values), "application/x-www-form-urlencoded");

/** The status and data of what an action returned or threw (`data()` or a Response). */
async function outcome(promise: Promise<unknown>) {
  const value = await promise.catch((error: unknown) => error);
  if (value instanceof Response) return { status: value.status, location: value.headers.get("Location"), data: null };
  if (isRouteErrorResponse(value)) return { status: value.status, location: null, data: value.data };
  const reply = value as {
    init: { status?: number } | null;
    data: { result: { status: string; error?: Record<string, string[]>; initialValue?: unknown } };
  };
  return { status: reply.init?.status ?? 200, location: null, data: reply.data };
}

describe("readFormData", () => {
  it("reads url-encoded and multipart forms", async () => {
    expect((await readFormData(formPost({ a: "1" }))).get("a")).toBe("1");
    const multipart = new FormData();
    multipart.append("b", "2");
    expect((await readFormData(new Request("http://localhost/", { method: "POST", body: multipart }))).get("b")).toBe("2");
  });

  it("answers 415 to JSON or a body without Content-Type, 400 to a multipart body that does not parse", async () => {
    const thrown = async (request: Request) =>
      (await readFormData(request).catch((error: unknown) => error)) as { init: { status: number } };
    expect((await thrown(post('{"name":"x"}', "application/json"))).init.status).toBe(415);
    expect((await thrown(post("name=x"))).init.status).toBe(415);
    expect((await thrown(post("garbage", "multipart/form-data; boundary=nothing-here"))).init.status).toBe(400);
  });
});

describe("submitForm", () => {
  const options = (call: () => Promise<unknown>) => ({
    schema,
    label: "test form",
    call,
    success: (value: z.output<typeof schema>) => ({ to: "/users", message: `saved ${value.name}` }),
  });

  it("redirects with a success toast once the call worked", async () => {
    const call = vi.fn(async () => ({ id: 1 }));
    const result = await outcome(submitForm(formPost({ name: "Ann", email: "ann@example.test" }), context(), options(call)));
    expect(call).toHaveBeenCalledOnce();
    expect(result).toMatchObject({ status: 302, location: "/users" });
  });

  it("answers 400 with the values as typed when the schema refuses, without calling", async () => {
    const call = vi.fn(async () => null);
    const result = await outcome(submitForm(formPost({ name: "Ann", email: "not-an-email" }), context(), options(call)));
    expect(call).not.toHaveBeenCalled();
    expect(result.status).toBe(400);
    expect(result.data?.result.initialValue).toEqual({ name: "Ann", email: "not-an-email" });
  });

  it("maps the backend's refusals and outages onto the form, keeping the values", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const cases: [unknown, number, Record<string, string[]>][] = [
      [
        new UpstreamError(422, { errors: { email: ["validation.unique"], "role_ids.0": ["validation.exists"] } }),
        422,
        { email: ["validation.unique"], role_ids: ["validation.exists"] },
      ],
      [new UpstreamError(409, { message: "users.lastAdmin" }), 409, { "": ["users.lastAdmin"] }],
      [new UpstreamThrottled({ retryAfter: 12 }), 429, { "": ['errors.upstream.formThrottled|{"seconds":12}'] }],
      [new UpstreamUnavailable(504, "timeout"), 503, { "": ["errors.upstream.formUnavailable"] }],
      [new UpstreamUnavailable(500, "status"), 503, { "": ["errors.upstream.formUnavailable"] }],
      [new Error("bug"), 502, { "": ["admin.errors.saveFailed"] }],
    ];
    for (const [error, status, errors] of cases) {
      const result = await outcome(
        submitForm(
          formPost({ name: "Ann", email: "ann@example.test" }),
          context(),
          options(() => Promise.reject(error)),
        ),
      );
      expect(result.status, String(error)).toBe(status);
      expect(result.data?.result.error).toEqual(errors);
      expect(result.data?.result.initialValue).toEqual({ name: "Ann", email: "ann@example.test" });
    }
  });

  it("lets an upstream 401 through: the session is over and the middleware sends the user to sign in", async () => {
    const thrown = await submitForm(
      formPost({ name: "Ann", email: "ann@example.test" }),
      context(),
      options(() => Promise.reject(new Unauthenticated({}, { endedSession: true }))),
    ).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Unauthenticated);
  });

  it("refuses a JSON body with 415 before anything else", async () => {
    const call = vi.fn(async () => null);
    const result = await outcome(submitForm(post('{"name":"Ann"}', "application/json"), context(), options(call)));
    expect(result.status).toBe(415);
    expect(call).not.toHaveBeenCalled();
  });
});

describe("actionFailure (the one action-error path)", () => {
  it("rethrows a 401 that ended the session, so no form or tool swallows a sign-out", () => {
    const ended = new Unauthenticated({}, { endedSession: true });
    expect(() => actionFailure(ended, "test")).toThrow(ended);
    expect(() => actionFailure(ended, "test", CARRIER_FAILED)).toThrow(ended);
    // A 401 asked for as an answer (on401: "throw", the sign-in form) is only a refusal.
    expect(actionFailure(new Unauthenticated({ message: "auth.failed" }), "test")).toEqual({
      fields: {},
      message: "auth.failed",
      status: 401,
    });
  });

  it("reads the carrier's failures, throttling, outages, field errors and refusals the same way everywhere", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(actionFailure(new UpstreamUnavailable(502, "status", { message: "carrier.timeout" }), "t", CARRIER_FAILED)).toEqual({
      fields: {},
      message: "porting:carrier.timeout",
      status: 502,
    });
    expect(actionFailure(new UpstreamUnavailable(502, "status", { message: "numbers.carrier.unavailable" }), "t")).toMatchObject({
      message: "numbers.carrier.unavailable",
      status: 502,
    });
    expect(actionFailure(new UpstreamError(409, { message: "carrier.not_portable" }), "t")).toMatchObject({
      message: "porting:carrier.not_portable",
      status: 409,
    });
    expect(actionFailure(new UpstreamThrottled({ retryAfter: 7 }), "t", CARRIER_FAILED)).toMatchObject({
      message: 'errors.upstream.formThrottled|{"seconds":7}',
      status: 429,
    });
    // A quota of the backend's own keeps its message on its field (issue 23.7: the import upload quota).
    expect(
      actionFailure(
        new UpstreamThrottled({ message: "imports.file.quota", errors: { file: ["imports.file.quota"] }, retryAfter: 3500 }),
        "t",
      ),
    ).toEqual({ fields: { file: ["imports.file.quota"] }, message: null, status: 429 });
    expect(actionFailure(new UpstreamUnavailable(503, "status"), "t", CARRIER_FAILED)).toMatchObject({
      message: "errors.upstream.formUnavailable",
      status: 503,
    });
    expect(actionFailure(new UpstreamError(422, { errors: { number: ["validation.phone"] } }), "t")).toEqual({
      fields: { number: ["validation.phone"] },
      message: null,
      status: 422,
    });
    expect(actionFailure(new UpstreamError(403, {}), "t", CARRIER_FAILED)).toMatchObject({ message: CARRIER_FAILED, status: 403 });
    expect(actionFailure(new UpstreamError(419, { message: "CSRF token mismatch." }), "t", "x.y")).toMatchObject({
      message: "x.y",
      status: 502,
    });
    expect(actionFailure(new TypeError("bug"), "t", CARRIER_FAILED)).toMatchObject({ message: CARRIER_FAILED, status: 502 });
  });

  it("as a toast: the page wording for throttling and outages, the fixed message when the backend's words are not wanted", () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const t = ((key: string, options: Record<string, unknown>) =>
      `${options.ns}:${key}${options.seconds ? `(${options.seconds})` : ""}`) as never;
    expect(actionFailureText(t, new UpstreamThrottled({ retryAfter: 9 }), "t", "fallback text")).toBe("errors:throttled.message(9)");
    expect(actionFailureText(t, new UpstreamUnavailable(504, "timeout"), "t", "fallback text")).toBe("errors:unavailable.message");
    expect(
      actionFailureText(t, new UpstreamThrottled({ errors: { file: ["imports.file.quota"] }, retryAfter: 60 }), "t", "fallback text"),
    ).toBe("imports:file.quota");
    expect(actionFailureText(t, new UpstreamError(409, { message: "users.lastAdmin" }), "t", "fallback text")).toBe("users:lastAdmin");
    expect(
      actionFailureText(t, new UpstreamError(409, { message: "users.lastAdmin" }), "t", "fallback text", { backendMessage: false }),
    ).toBe("fallback text");
    expect(() => actionFailureText(t, new Unauthenticated({}, { endedSession: true }), "t", "x")).toThrow(Unauthenticated);
  });
});
