/**
 * Noto Naskh Arabic Regular (SIL Open Font License 1.1, from the npm package `@embedpdf/fonts-arabic`), the
 * font the generated documents embed for Arabic text. Vite inlines the TTF into the bundle (`?inline`: a
 * `data:` URL, ~90 KB gzipped), so generating a document needs no R2 object, no fetch and no set-up step; the
 * package only exports its JavaScript, hence the path into node_modules. docs/backend.md, "Generated documents".
 */
import fontDataUrl from "../../../../node_modules/@embedpdf/fonts-arabic/fonts/NotoNaskhArabic-Regular.ttf?inline";

let decoded: Uint8Array | null = null;

export function arabicFontBytes(): Uint8Array {
  if (!decoded) {
    const base64 = fontDataUrl.slice(fontDataUrl.indexOf(",") + 1);
    decoded = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  }
  return decoded;
}
