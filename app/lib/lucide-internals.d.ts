// lucide-react publishes types for its entry only; these are the two of its modules app/lib/lucide-icon.ts imports
// directly (the package's exports allow `./dist/*`), typed as the entry types what it re-exports from them.
declare module "lucide-react/dist/esm/Icon.mjs" {
  import type { Icon } from "lucide-react";

  const LucideIcon: typeof Icon;
  export default LucideIcon;
}
declare module "lucide-react/dist/esm/context.mjs" {
  export { LucideProvider, useLucideContext } from "lucide-react";
}
