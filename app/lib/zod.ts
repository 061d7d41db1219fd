import { z } from "zod";

/**
 * zod for modules that also run in the browser. zod 4 compiles object parsers with `new Function`
 * after probing whether eval is allowed; the portal's CSP forbids eval, so the probe itself would
 * raise a CSP violation on every form page. Jitless parsing is as correct, and fast enough for forms.
 * (Server-only modules may import "zod" directly: on Workers zod never tries eval.)
 */
z.config({ jitless: true });

export { z };
