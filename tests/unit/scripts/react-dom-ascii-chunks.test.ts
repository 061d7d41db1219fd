import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { asciiChunk, REACT_STRING_TO_CHUNK, withAsciiChunks } from "../../../scripts/react-dom-ascii-chunks";

const encoder = new TextEncoder();

describe("asciiChunk: React's text to bytes, without a TextEncoder call for short ASCII", () => {
  it("gives the TextEncoder's bytes for ASCII, non-ASCII, lone surrogates, empty and long strings", () => {
    const samples = [
      "",
      "flex h-10 items-center gap-3 rounded-md px-3",
      '<a href="/users/edit/23">',
      "\u0000\u007f",
      "Journal d’activité",
      "سجل النشاط",
      "emoji 📞 end",
      "lone \ud800 surrogate",
      "x".repeat(256),
      `${"x".repeat(255)}é`,
      "y".repeat(5000),
    ];
    for (const sample of samples) expect(asciiChunk(encoder, sample), sample.slice(0, 20)).toEqual(encoder.encode(sample));
  });

  it("asks the encoder only for what it cannot copy itself", () => {
    let asked = 0;
    const counting = {
      encode(text: string) {
        asked++;
        return encoder.encode(text);
      },
    } as TextEncoder;
    asciiChunk(counting, "Kevin Park");
    asciiChunk(counting, "a".repeat(256));
    expect(asked).toBe(0);
    asciiChunk(counting, "Réglages");
    asciiChunk(counting, "a".repeat(257));
    expect(asked).toBe(2);
  });
});

describe("withAsciiChunks: the build step on react-dom's edge server build", () => {
  const require = createRequire(import.meta.url);
  // The file itself is not among react-dom's exports: found beside its package.json.
  const reactDom = dirname(require.resolve("react-dom/package.json"));
  const reactBuild = readFileSync(join(reactDom, "cjs/react-dom-server.edge.production.js"), "utf8");

  it("finds React's stringToChunk in the installed react-dom (an upgrade that changes it fails here)", () => {
    expect(reactBuild).toContain(REACT_STRING_TO_CHUNK);
    const patched = withAsciiChunks(reactBuild);
    expect(patched).not.toContain(REACT_STRING_TO_CHUNK);
    expect(patched).toContain("return asciiChunk(textEncoder, content);");
  });

  it("makes a stringToChunk that works on its own, and refuses a build it does not know", () => {
    const patched = withAsciiChunks(`var textEncoder = new TextEncoder();\n${REACT_STRING_TO_CHUNK}\nreturn stringToChunk;`);
    const stringToChunk = new Function(patched)() as (content: string) => Uint8Array;
    expect(stringToChunk("Annuaire – Réglages")).toEqual(encoder.encode("Annuaire – Réglages"));
    expect(stringToChunk("size-5 shrink-0")).toEqual(encoder.encode("size-5 shrink-0"));
    expect(() => withAsciiChunks("function stringToChunk(c) { return c; }")).toThrow(/decision 060/);
  });
});
