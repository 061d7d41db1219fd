/** Files Vite inlines into the bundle as a `data:` URL (`?inline`). */
declare module "*?inline" {
  const dataUrl: string;
  export default dataUrl;
}
