import { describe, expect, it } from "vitest";
import { loader } from "~/routes/files";
import { harness, runRoute } from "./route-harness";

const HOSTILE_SVG = `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><a href="&#106;avascript:alert(1)"><text>x</text></a></svg>`;

/** Serves /api/files/logos/light as the backend would, with the given Content-Type and no CSP of its own. */
async function served(contentType: string | null, status = 200) {
  const h = await harness(null, {
    upstream: {
      "/api/files/logos/light": () =>
        new Response(status === 200 ? HOSTILE_SVG : '{"message":"Not found."}', {
          status,
          headers: contentType ? { "Content-Type": contentType, "Cache-Control": "public, max-age=300", ETag: '"v1"' } : {},
        }),
    },
  });
  let response: Response | null = null;
  const outcome = await runRoute(
    h,
    (async (args: Parameters<typeof loader>[0]) => {
      response = (await loader(args)) as Response;
      return response;
    }) as never,
    { path: "/api/files/logos/light?v=1", params: { "*": "logos/light" }, signedInLayout: false },
  );
  return { outcome, response: response as unknown as Response };
}

describe("/api/files: an uploaded file can never run in the portal's origin", () => {
  it("serves an SVG logo sandboxed, without scripts, never sniffed, inline with a safe name", async () => {
    const { outcome, response } = await served("image/svg+xml");
    expect(outcome.status).toBe(200);
    const policy = response.headers.get("Content-Security-Policy") ?? "";
    expect(policy.split(";").map((part) => part.trim())).toEqual(["sandbox", "default-src 'none'", "style-src 'unsafe-inline'"]);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(response.headers.get("Content-Disposition")).toBe('inline; filename="logo-light.svg"');
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
    expect(await response.text()).toBe(HOSTILE_SVG);
  });

  it.each(["text/html", "text/html; charset=utf-8", "application/xhtml+xml", "text/xml", "application/javascript", null])(
    "hands a file declared %s out as an opaque download",
    async (contentType) => {
      const { response } = await served(contentType);
      expect(response.headers.get("Content-Type")).toBe("application/octet-stream");
      expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="logo-light"');
      expect(response.headers.get("Content-Security-Policy")).toMatch(/^sandbox;/);
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    },
  );

  it("answers 404 when the backend has no such logo, without passing its body on", async () => {
    const { response } = await served("application/json", 404);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Not found");
  });
});
