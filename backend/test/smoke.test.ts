import { exports } from "cloudflare:workers";
import { expect, it } from "vitest";

it("answers health", async () => {
  const response = await exports.default.fetch("http://localhost/api/health");
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ status: "ok" });
});
