import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { REACT_SEGMENT_SIZE, REACT_STREAM_CONFIG, withStringChunks } from "../../../scripts/react-dom-string-chunks";

const require = createRequire(import.meta.url);
// The file itself is not among react-dom's exports: found beside its package.json.
const reactDom = dirname(require.resolve("react-dom/package.json"));
const reactBuild = readFileSync(join(reactDom, "cjs/react-dom-server.edge.production.js"), "utf8");

// React's production build, as the Worker runs it (the test run's own React is its development build).
const React = require(join(dirname(require.resolve("react/package.json")), "cjs/react.production.js")) as typeof import("react");
const reactDomShared = require(join(reactDom, "cjs/react-dom.production.js"));

type EdgeServer = { renderToReadableStream: (element: React.ReactNode) => Promise<ReadableStream<Uint8Array>> };

/** react-dom's edge build from its source text, as a CommonJS module with React's production builds. */
function load(code: string): EdgeServer {
  const module = { exports: {} };
  const requireProduction = (id: string) => (id === "react" ? React : id === "react-dom" ? reactDomShared : require(id));
  new Function("module", "exports", "require", code)(module, module.exports, requireProduction);
  return module.exports as EdgeServer;
}

async function render(server: EdgeServer, element: React.ReactNode): Promise<{ bytes: Uint8Array; chunks: number }> {
  const parts: Uint8Array[] = [];
  const reader = (await server.renderToReadableStream(element)).getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) parts.push(read.value);
  const bytes = new Uint8Array(parts.reduce((total, part) => total + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return { bytes, chunks: parts.length };
}

/** A page with short and long texts, non-ASCII ones, many attributes, and a part that streams in after the shell. */
function page(): React.ReactNode {
  const later = new Promise<string>((resolve) => setTimeout(() => resolve("Journal d’activité — سجل النشاط 📞"), 5));
  function Later() {
    return React.createElement("p", { className: "text-sm" }, React.use(later));
  }
  const rows = Array.from({ length: 300 }, (_, index) =>
    React.createElement(
      "tr",
      { key: index, className: "border-b transition-colors last:border-b-0 hover:bg-accent", "data-row": index },
      React.createElement("td", { title: `Aisha Bello ${index}` }, `aisha.bello+${index}@lakeside.test`),
      React.createElement("td", null, index % 7 === 0 ? "Réglages" : "Active"),
    ),
  );
  return React.createElement(
    "html",
    { lang: "fr" },
    React.createElement(
      "body",
      null,
      React.createElement("table", null, React.createElement("tbody", null, rows)),
      React.createElement("pre", null, "y".repeat(10_000)),
      React.createElement(React.Suspense, { fallback: React.createElement("span", null, "…") }, React.createElement(Later)),
    ),
  );
}

describe("withStringChunks: the build step on react-dom's edge server build (decision 072)", () => {
  it("finds React's stream configuration in the installed react-dom (an upgrade that changes it fails here)", () => {
    expect(reactBuild.split(REACT_STREAM_CONFIG)).toHaveLength(2);
    expect(reactBuild.split(REACT_SEGMENT_SIZE)).toHaveLength(2);
    const patched = withStringChunks(reactBuild);
    expect(patched).not.toContain(REACT_STREAM_CONFIG);
    expect(patched).toContain("pendingText += chunk;");
  });

  it("writes the same bytes as React's own build, in fewer chunks, the streamed part included", async () => {
    const original = await render(load(reactBuild), page());
    const patched = await render(load(withStringChunks(reactBuild)), page());
    const html = new TextDecoder().decode(patched.bytes);
    expect(html).toContain("Journal d’activité — سجل النشاط 📞");
    expect(html).toContain("aisha.bello+299@lakeside.test");
    expect(patched.bytes).toEqual(original.bytes);
    // One chunk per flush (the shell, the streamed part, the document's end), where React's 4 KB views made a dozen.
    expect(original.chunks).toBeGreaterThan(10);
    expect(patched.chunks).toBeLessThanOrEqual(3);
  });

  it("refuses a build it does not know", () => {
    expect(() => withStringChunks("function stringToChunk(c) { return c; }")).toThrow(/decision 072/);
    expect(() => withStringChunks(`${REACT_STREAM_CONFIG}\n${REACT_STREAM_CONFIG}\n${REACT_SEGMENT_SIZE}`)).toThrow(/decision 072/);
  });
});
