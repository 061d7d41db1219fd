import { describe, expect, it } from "vitest";
import { forwardWebhook, MAX_WEBHOOK_BYTES, webhookCarrier } from "~/lib/webhooks.server";

/** A service binding that records what reached the backend and answers `status`. */
function backend(status = 200) {
  const seen: Request[] = [];
  const fetcher = {
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Request(input, init));
      return new Response(JSON.stringify({ recorded: 1, duplicates: 0 }), {
        status,
        headers: { "Content-Type": "application/json", "Set-Cookie": "x=1" },
      });
    },
  } as unknown as Fetcher;
  return { seen, env: { BACKEND: fetcher, SANCTUM_URL: "" } };
}

describe("carrier webhooks are forwarded raw, without a session", () => {
  it("recognises /webhooks/<carrier> only", () => {
    expect(webhookCarrier("/webhooks/telnyx")).toBe("telnyx");
    expect(webhookCarrier("/webhooks/sandbox/")).toBe("sandbox");
    expect(webhookCarrier("/webhooks/Telnyx")).toBeNull();
    expect(webhookCarrier("/webhooks/telnyx/x")).toBeNull();
    expect(webhookCarrier("/tools/webhooks/telnyx")).toBeNull();
  });

  it("passes the exact body bytes and the carrier's headers; drops browser credentials and the backend's cookies", async () => {
    const { seen, env } = backend();
    const body = '{"data":{"id":"é 1"},  "x":1}';
    const response = await forwardWebhook(
      new Request("https://amp.example/webhooks/telnyx", {
        method: "POST",
        body,
        headers: {
          "Content-Type": "application/json",
          "telnyx-signature-ed25519": "c2ln",
          "telnyx-timestamp": "1700000000",
          Cookie: "amp_session=stolen",
          Origin: "https://amp.example",
          "X-XSRF-TOKEN": "t",
        },
      }),
      "telnyx",
      env,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    const [forwarded] = seen;
    expect(forwarded?.url).toBe("https://backend/api/webhooks/telnyx");
    expect(await forwarded?.text()).toBe(body);
    expect(forwarded?.headers.get("telnyx-signature-ed25519")).toBe("c2ln");
    expect(forwarded?.headers.get("telnyx-timestamp")).toBe("1700000000");
    for (const name of ["cookie", "origin", "x-xsrf-token"]) expect(forwarded?.headers.get(name)).toBeNull();
  });

  it("answers the backend's refusal as is, 405 to anything but POST and 413 to a large body", async () => {
    const refused = backend(401);
    expect(
      (await forwardWebhook(new Request("https://amp.example/webhooks/sandbox", { method: "POST", body: "{}" }), "sandbox", refused.env))
        .status,
    ).toBe(401);
    const { seen, env } = backend();
    expect((await forwardWebhook(new Request("https://amp.example/webhooks/sandbox"), "sandbox", env)).status).toBe(405);
    const large = "x".repeat(MAX_WEBHOOK_BYTES + 1);
    expect(
      (await forwardWebhook(new Request("https://amp.example/webhooks/sandbox", { method: "POST", body: large }), "sandbox", env)).status,
    ).toBe(413);
    expect(seen).toHaveLength(0);
  });
});
