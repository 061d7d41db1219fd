import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../lib/context";

/** OpenAPI 3.1 document info; the paths come from the routes' own zod schemas. */
const DOCUMENT_CONFIG = {
  openapi: "3.1.0",
  info: {
    title: "AMP API",
    version: "1.0.0",
    description:
      "The contract between the AMP portal and a Sanctum backend (Laravel Sanctum SPA cookie mode). " +
      "Call GET /sanctum/csrf-cookie first; send the XSRF-TOKEN cookie's value as X-XSRF-TOKEN on every mutation, " +
      "with an Origin listed in the stateful domains. Validation messages are translation keys. " +
      "Scripts use a personal access token instead (Profile → API tokens): `Authorization: Bearer <id>|<secret>` on " +
      "`/api/*` through the portal's own address, no cookies; the call is made as the token's owner, in their " +
      "organization, with only the token's abilities (permission keys) that the owner still holds; account routes " +
      "(`/api/user/*`) and masquerade refuse tokens (403); an unknown, revoked or expired token is 401.",
  },
  security: [{ sanctumSession: [] as string[] }, { bearerToken: [] as string[] }] as Record<string, string[]>[],
};

type JsonObject = Record<string, unknown>;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

function schemaBlock(schema: unknown): string {
  if (!schema) return "";
  return `<pre>${escapeHtml(JSON.stringify(schema, null, 2))}</pre>`;
}

function renderOperation(path: string, method: string, operation: JsonObject): string {
  const id = `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, "-");
  const parameters = Array.isArray(operation.parameters) ? operation.parameters.filter(isObject) : [];
  const parameterRows = parameters
    .map(
      (parameter) =>
        `<tr><td><code>${escapeHtml(String(parameter.name))}</code></td><td>${escapeHtml(String(parameter.in))}</td><td>${
          parameter.required ? "yes" : "no"
        }</td><td><code>${escapeHtml(JSON.stringify(parameter.schema ?? {}))}</code></td></tr>`,
    )
    .join("");
  const body = isObject(operation.requestBody) && isObject(operation.requestBody.content) ? operation.requestBody.content : null;
  const bodyHtml = body
    ? Object.entries(body)
        .map(([type, media]) => `<h4>Body <code>${escapeHtml(type)}</code></h4>${schemaBlock(isObject(media) ? media.schema : null)}`)
        .join("")
    : "";
  const responses = isObject(operation.responses) ? operation.responses : {};
  const responseHtml = Object.entries(responses)
    .map(([status, response]) => {
      const description = isObject(response) ? String(response.description ?? "") : "";
      const content = isObject(response) && isObject(response.content) ? Object.values(response.content)[0] : null;
      const schema = isObject(content) ? content.schema : null;
      return `<details><summary><b>${escapeHtml(status)}</b> ${escapeHtml(description)}</summary>${schemaBlock(schema)}</details>`;
    })
    .join("");
  return `<section id="${id}"><h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>
<p>${escapeHtml(String(operation.summary ?? ""))}</p>
${parameterRows ? `<table><thead><tr><th>Parameter</th><th>In</th><th>Required</th><th>Schema</th></tr></thead><tbody>${parameterRows}</tbody></table>` : ""}
${bodyHtml}<h4>Responses</h4>${responseHtml}</section>`;
}

/** A self-contained HTML reference (inline CSS, no script, no third-party host) rendered from the document. */
export function renderReference(document: JsonObject): string {
  const paths = isObject(document.paths) ? document.paths : {};
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!isObject(operation)) continue;
      const tag = Array.isArray(operation.tags) ? String(operation.tags[0]) : "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), renderOperation(path, method, operation)]);
    }
  }
  const info = isObject(document.info) ? document.info : {};
  const navigation = [...byTag.keys()].map((tag) => `<li><a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a></li>`).join("");
  const sections = [...byTag.entries()]
    .map(([tag, operations]) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${operations.join("")}`)
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(String(info.title ?? "API"))} reference</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;color:#2f2b3d;background:#f8f7fa;line-height:1.5}
header{background:#7367f0;color:#fff;padding:24px 32px}header p{max-width:900px;opacity:.9}
main{display:grid;grid-template-columns:220px 1fr;gap:32px;padding:24px 32px}
nav ul{list-style:none;padding:0;position:sticky;top:16px}nav a{color:#7367f0;text-decoration:none}
section{background:#fff;border-radius:8px;padding:16px 20px;margin:12px 0;box-shadow:0 1px 4px rgba(47,43,61,.1)}
h3{margin:0;font-size:1rem}.method{display:inline-block;min-width:64px;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:2px 6px}
.get{background:#28c76f}.post{background:#7367f0}.put{background:#ff9f43}.delete{background:#ff4c51}.patch{background:#00bad1}
pre{background:#2f2b3d;color:#e7e3fc;padding:12px;border-radius:6px;overflow:auto;font-size:.8rem}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #dbdade;padding:4px 8px;text-align:left;font-size:.9rem}
</style></head><body><header><h1>${escapeHtml(String(info.title ?? "API"))} <small>${escapeHtml(String(info.version ?? ""))}</small></h1>
<p>${escapeHtml(String(info.description ?? ""))}</p><p><a style="color:#fff" href="/api/openapi.json">openapi.json</a></p></header>
<main><nav><ul>${navigation}</ul></nav><div>${sections}</div></main></body></html>`;
}

/** GET /api/openapi.json and GET /api/docs, both built from the assembled app's registry. */
export function mountDocs(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent("securitySchemes", "sanctumSession", {
    type: "apiKey",
    in: "cookie",
    name: "amp_session",
    description: "The SPA cookie session, with X-XSRF-TOKEN on mutations (the portal's own calls)",
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "bearerToken", {
    type: "http",
    scheme: "bearer",
    description: "A personal access token, `<id>|<secret>` (POST /api/user/tokens)",
  });
  app.doc31("/api/openapi.json", DOCUMENT_CONFIG);
  app.get("/api/docs", (c) => c.html(renderReference(app.getOpenAPI31Document(DOCUMENT_CONFIG) as unknown as JsonObject)));
}
