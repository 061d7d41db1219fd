/** The `espeak-ng` package ships an Emscripten module factory without types. */
declare module "espeak-ng" {
  const ESpeakNG: (
    module: Record<string, unknown>,
  ) => Promise<{ FS: { readFile(path: string): Uint8Array; writeFile(path: string, data: string | Uint8Array): void } }>;
  export default ESpeakNG;
}
