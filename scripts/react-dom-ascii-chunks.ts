import type { Plugin } from "vite";

/**
 * React's server render in the Worker (react-dom's edge build) turns every piece of the page it writes — each
 * attribute value, each text, ~2,000–6,000 per page — into bytes with its own `TextEncoder.encode` call. A call into
 * the runtime costs ~0.8 µs in workerd whatever the length (6 times a JavaScript copy of a short ASCII string), ~4 ms
 * of a list page's CPU on this machine (issue 27, decision 060). This build step makes React's `stringToChunk`
 * copy short ASCII strings itself and leave everything else to the TextEncoder, byte for byte the same.
 */

/** React's function, as react-dom's edge production build spells it: the build fails if an upgrade changes it. */
export const REACT_STRING_TO_CHUNK = "function stringToChunk(content) {\n  return textEncoder.encode(content);\n}";

/**
 * A string's UTF-8 bytes: ASCII strings of up to 256 characters copied here, any other through `encoder`. Its source
 * goes into React's module, so it names nothing outside itself.
 */
export function asciiChunk(encoder: TextEncoder, content: string): Uint8Array {
  const length = content.length;
  if (length > 256) return encoder.encode(content);
  const bytes = new Uint8Array(length);
  for (let index = 0; index < length; index++) {
    const code = content.charCodeAt(index);
    if (code > 0x7f) return encoder.encode(content);
    bytes[index] = code;
  }
  return bytes;
}

/** React's edge server build with `stringToChunk` going through `asciiChunk`. */
export function withAsciiChunks(code: string): string {
  if (!code.includes(REACT_STRING_TO_CHUNK)) {
    throw new Error(
      "react-dom's edge server build no longer defines stringToChunk as scripts/react-dom-ascii-chunks.ts expects: check the new build and update REACT_STRING_TO_CHUNK (decision 060)",
    );
  }
  return code.replace(
    REACT_STRING_TO_CHUNK,
    `var asciiChunk = ${asciiChunk.toString()};\nfunction stringToChunk(content) {\n  return asciiChunk(textEncoder, content);\n}`,
  );
}

/** The Vite plugin: production builds only (the dev server runs React's development build, left as it is). */
export function reactDomAsciiChunks(): Plugin {
  return {
    name: "amp:react-dom-ascii-chunks",
    apply: "build",
    transform(code, id) {
      if (!/[\\/]react-dom[\\/]cjs[\\/]react-dom-server\.edge\.production\.js$/.test(id)) return null;
      return { code: withAsciiChunks(code), map: null };
    },
  };
}
