import type { Plugin } from "vite";

/**
 * React's server render in the Worker (react-dom's edge build) turns every piece of the page it writes — each tag,
 * attribute value and text, ~2,000–6,000 per page — into bytes on its own and copies them into 4 KB views: ~9 % of a
 * list page's CPU (issue 27, decision 072; decision 060 had made the per-piece encoding cheaper, this removes it).
 * This build step makes React's pieces strings: writing one appends it to the text of the flush under way, and each
 * flush (the shell, then each streamed part) is encoded with one `TextEncoder.encode` call and sent as one chunk.
 * Same bytes, fewer and larger chunks.
 */

/** React's stream configuration, as react-dom's edge production build spells it: the build fails if an upgrade changes it. */
export const REACT_STREAM_CONFIG = `function writeChunk(destination, chunk) {
  if (0 === chunk.byteLength) {
    if (supportsArrayBufferDetached && chunk.buffer.detached)
      throw Error(
        "Cannot transport a detached buffer. This usually happens when trying to transport multiple buffer-spanning views on the same underyling buffer. Either reuse the exact same view by identity or copy the underlying buffer manually via \`view.slice()\`."
      );
  } else if (4096 < chunk.byteLength)
    0 < writtenBytes &&
      (destination.enqueue(new Uint8Array(currentView.buffer, 0, writtenBytes)),
      (currentView = new Uint8Array(4096)),
      (writtenBytes = 0)),
      destination.enqueue(chunk);
  else {
    var allowableBytes = currentView.length - writtenBytes;
    allowableBytes < chunk.byteLength &&
      (0 === allowableBytes
        ? destination.enqueue(currentView)
        : (currentView.set(chunk.subarray(0, allowableBytes), writtenBytes),
          destination.enqueue(currentView),
          (chunk = chunk.subarray(allowableBytes))),
      (currentView = new Uint8Array(4096)),
      (writtenBytes = 0));
    currentView.set(chunk, writtenBytes);
    writtenBytes += chunk.byteLength;
  }
}
function writeChunkAndReturn(destination, chunk) {
  writeChunk(destination, chunk);
  return !0;
}
function completeWriting(destination) {
  currentView &&
    0 < writtenBytes &&
    (destination.enqueue(new Uint8Array(currentView.buffer, 0, writtenBytes)),
    (currentView = null),
    (writtenBytes = 0));
}
var textEncoder = new TextEncoder();
function stringToChunk(content) {
  return textEncoder.encode(content);
}
function stringToPrecomputedChunk(content) {
  return textEncoder.encode(content);
}
function byteLengthOfChunk(chunk) {
  return chunk.byteLength;
}`;

/** Where React adds up a finished part's size (for its streaming heuristics), from its chunks' lengths. */
export const REACT_SEGMENT_SIZE = "segmentByteSize += segment[i].byteLength;";

/**
 * The string configuration. `pendingText` is the flush under way (React flushes synchronously and ends every flush
 * with `completeWriting`); a size counts UTF-16 code units, which is bytes for ASCII and only steers when React
 * outlines a large Suspense boundary.
 */
const STRING_STREAM_CONFIG = `var pendingText = "";
function writeChunk(destination, chunk) {
  pendingText += chunk;
}
function writeChunkAndReturn(destination, chunk) {
  pendingText += chunk;
  return !0;
}
function completeWriting(destination) {
  if (0 < pendingText.length) {
    destination.enqueue(textEncoder.encode(pendingText));
    pendingText = "";
  }
}
var textEncoder = new TextEncoder();
function stringToChunk(content) {
  return content;
}
function stringToPrecomputedChunk(content) {
  return content;
}
function byteLengthOfChunk(chunk) {
  return chunk.length;
}`;

/** React's edge server build writing strings and encoding each flush once. */
export function withStringChunks(code: string): string {
  const found = code.split(REACT_STREAM_CONFIG).length - 1;
  const sizes = code.split(REACT_SEGMENT_SIZE).length - 1;
  if (found !== 1 || sizes !== 1) {
    throw new Error(
      "react-dom's edge server build no longer reads as scripts/react-dom-string-chunks.ts expects: check the new build and update REACT_STREAM_CONFIG and REACT_SEGMENT_SIZE (decision 072)",
    );
  }
  return code.replace(REACT_STREAM_CONFIG, STRING_STREAM_CONFIG).replace(REACT_SEGMENT_SIZE, "segmentByteSize += segment[i].length;");
}

/** The Vite plugin: production builds only (the dev server runs React's development build, left as it is). */
export function reactDomStringChunks(): Plugin {
  return {
    name: "amp:react-dom-string-chunks",
    apply: "build",
    transform(code, id) {
      if (!/[\\/]react-dom[\\/]cjs[\\/]react-dom-server\.edge\.production\.js$/.test(id)) return null;
      return { code: withStringChunks(code), map: null };
    },
  };
}
