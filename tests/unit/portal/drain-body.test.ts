import { describe, expect, it } from "vitest";
import { drainBody } from "~/lib/drain-body.server";

type MiddlewareArgs = Parameters<typeof drainBody>[0];

async function run(request: Request, next: () => Promise<Response>): Promise<Response> {
  return (await drainBody({ request } as MiddlewareArgs, next)) as Response;
}

describe("drainBody", () => {
  it("reads the body a refused request left unread", async () => {
    const request = new Request("http://localhost/users/add", { method: "POST", body: "name=x" });
    const response = await run(request, async () => new Response(null, { status: 403 }));
    expect(response.status).toBe(403);
    expect(request.bodyUsed).toBe(true);
  });

  it("reads it also when the rest of the chain throws", async () => {
    const request = new Request("http://localhost/users/add", { method: "POST", body: "name=x" });
    await expect(run(request, async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(request.bodyUsed).toBe(true);
  });

  it("leaves a body the action read, and bodiless requests, alone", async () => {
    const request = new Request("http://localhost/users/add", { method: "POST", body: "name=x" });
    const response = await run(request, async () => new Response(await request.text()));
    expect(await response.text()).toBe("name=x");
    const get = new Request("http://localhost/users");
    expect((await run(get, async () => new Response("ok"))).status).toBe(200);
    expect(get.bodyUsed).toBe(false);
  });
});
