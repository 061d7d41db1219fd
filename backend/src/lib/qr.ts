import encodeQR from "@paulmillr/qr";

/**
 * A QR code as a small SVG: one path of the dark modules on a white square (the library's own SVG has one
 * `<rect>` per module, 23 KB for an otpauth URI). No style attributes, so it passes any CSP as an image.
 */
export function qrSvg(text: string): string {
  const modules = encodeQR(text, "raw", { ecc: "medium", border: 0 });
  const size = modules.length;
  const quiet = 4;
  const total = size + quiet * 2;
  let path = "";
  modules.forEach((row, y) => {
    let x = 0;
    while (x < size) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && row[x]) x++;
      path += `M${start + quiet} ${y + quiet}h${x - start}v1h-${x - start}z`;
    }
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${total} ${total}" shape-rendering="crispEdges"><path fill="#fff" d="M0 0h${total}v${total}H0z"/><path fill="#000" d="${path}"/></svg>`;
}
