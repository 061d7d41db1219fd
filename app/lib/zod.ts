import * as z from "zod/mini";

/**
 * zod for the portal's form schemas, which run in the browser as well as in actions: zod 4's **mini** build,
 * whose functions are tree-shaken (the classic build's methods are all on every schema: 24 KiB gzip on every
 * form screen). Parse forms with `parseWithZod` from `~/lib/form-parse`, not `@conform-to/zod` (whose coercion
 * imports classic zod).
 *
 * zod 4 compiles object parsers with `new Function` after probing whether eval is allowed; the portal's CSP
 * forbids eval, so the probe itself would raise a CSP violation on every form page. Jitless parsing is as
 * correct, and fast enough for forms. (Server-only modules may import "zod" directly: on Workers zod never
 * tries eval.)
 */
z.config({ jitless: true });

export { z };
