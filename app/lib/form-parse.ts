import { parse, type Submission } from "@conform-to/react";
import { lazy, pipe, transform } from "zod/mini";
import { type $ZodIssue, type $ZodType, type input, type output, safeParse } from "zod/v4/core";

/**
 * Conform's `parseWithZod` for the portal's zod/mini schemas, in the browser and in actions alike.
 *
 * `@conform-to/zod/v4` does the same, but its coercion builds its wrappers with classic zod (`zod/v4`), which
 * would put the whole classic build (24 KiB gzip) back on every form screen next to zod/mini. This is that
 * coercion (Conform 1.21, MIT), validation mode only, with zod/mini's `pipe`, `transform` and `lazy`:
 *
 * - an empty text field, an empty file input and an unchecked box are `undefined` (so `optional` and
 *   `default` apply, and a required field says "required");
 * - a number field's text becomes a number (`""` → undefined, `"abc"` stays text and fails as not a number),
 *   `"on"` becomes `true` for a boolean, a date field's text a `Date`;
 * - a lone value where the schema wants an array becomes a one-item array, a missing one an empty array;
 * - everything else (objects, unions, pipes, defaults, `lazy`) is walked so the fields inside are coerced too.
 */
export function parseWithZod<Schema extends $ZodType>(
  payload: FormData | URLSearchParams,
  options: { schema: Schema },
): Submission<input<Schema>, string[], output<Schema>> {
  return parse(payload, {
    resolve(value) {
      const result = safeParse(coerceFormValue(options.schema), value);
      return result.success ? { value: result.data } : { error: errorsByField(result.error.issues) };
    },
  }) as Submission<input<Schema>, string[], output<Schema>>;
}

/** The issues' messages by field name (`a.b[0]`, Conform's path form); the form's own errors under "". */
function errorsByField(issues: readonly $ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const name = issue.path.reduce<string>((path, segment) => {
      if (typeof segment === "number") return `${path}[${segment}]`;
      if (typeof segment === "symbol") throw new Error("form fields cannot have symbol paths");
      return path ? `${path}.${segment}` : segment;
    }, "");
    errors[name] = [...(errors[name] ?? []), issue.message];
  }
  return errors;
}

// biome-ignore lint/suspicious/noExplicitAny: a schema's definition differs per type; this walks all of them.
type Def = any;
/** Rebuilds a schema of any type from its definition. */
type Constructor = new (def: Def) => $ZodType;

const cache = new WeakMap<$ZodType, $ZodType>();

/** The schema rebuilt to coerce form values before validating them (cached per schema). */
export function coerceFormValue<Schema extends $ZodType>(schema: Schema): Schema {
  let coerced = cache.get(schema);
  if (!coerced) {
    coerced = coerceType(schema, new Map(), new Set());
    cache.set(schema, coerced);
  }
  return coerced as Schema;
}

const stripEmpty = (value: unknown): unknown => {
  if (value === "") return undefined;
  if (typeof File !== "undefined" && value instanceof File && value.name === "" && value.size === 0) return undefined;
  return value;
};

/** Text → `convert(text)`; empty text → undefined; text that does not convert stays text (and fails validation). */
const fromText = (convert: (text: string) => unknown) => (value: unknown) => {
  if (typeof value !== "string") return value;
  if (value === "") return undefined;
  try {
    return convert(value);
  } catch {
    return value;
  }
};

const toNumber = fromText((text) => (text.trim() === "" ? Number.NaN : Number(text)));
const toBoolean = fromText((text) => {
  if (text === "on") return true;
  throw new Error("not a boolean");
});
const toDate = fromText((text) => {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw new Error("not a date");
  return date;
});
const toBigInt = fromText((text) => {
  if (text.trim() === "") throw new Error("empty");
  return BigInt(text);
});

function coercion(type: $ZodType): ((value: unknown) => unknown) | null {
  const def: Def = type._zod.def;
  switch (def.type) {
    case "string":
    case "enum":
    case "file":
      return stripEmpty;
    case "literal": {
      const literal = [...def.values][0];
      if (typeof literal === "number") return toNumber;
      if (typeof literal === "boolean") return toBoolean;
      if (typeof literal === "bigint") return toBigInt;
      return stripEmpty;
    }
    case "number":
      return toNumber;
    case "boolean":
      return toBoolean;
    case "date":
      return toDate;
    case "bigint":
      return toBigInt;
    default:
      return null;
  }
}

/** `pipe(transform(coerce), target)` keeping the target's optionality (an optional field stays optional). */
function coercing(coerce: (value: unknown) => unknown, target: $ZodType): $ZodType {
  const schema = pipe(transform(coerce), target);
  if (target._zod.optin) schema._zod.optin = target._zod.optin;
  if (target._zod.optout) schema._zod.optout = target._zod.optout;
  return schema;
}

/** Arrays and objects make a value of their own out of nothing (`[]`, `{}`): a missing one is not "required". */
function materializesMissingValue(type: $ZodType): boolean {
  const def: Def = type._zod.def;
  switch (def.type) {
    case "optional":
    case "nonoptional":
    case "default":
    case "prefault":
    case "catch":
    case "nullable":
    case "readonly":
      return materializesMissingValue(def.innerType);
    case "pipe":
      return materializesMissingValue(def.in._zod.def.type === "transform" ? def.out : def.in);
    default:
      return def.type === "array" || def.type === "object";
  }
}

function withOptionalInput(type: $ZodType): $ZodType {
  const schema = Object.create(Object.getPrototypeOf(type));
  const { _zod, ...descriptors } = Object.getOwnPropertyDescriptors(type);
  Object.defineProperties(schema, descriptors);
  Object.defineProperty(schema, "_zod", { value: Object.create(type._zod, { optin: { value: "optional" } }) });
  return schema;
}

function coerceShape(shape: Record<string, $ZodType>, resolved: Map<$ZodType, $ZodType>, resolving: Set<$ZodType>) {
  return Object.fromEntries(
    Object.entries(shape).map(([key, type]) => {
      const schema = coerceType(type, resolved, resolving);
      return [key, type._zod.optin !== "optional" && materializesMissingValue(type) ? withOptionalInput(schema) : schema];
    }),
  );
}

function coerceType(type: $ZodType, resolved: Map<$ZodType, $ZodType>, resolving: Set<$ZodType>): $ZodType {
  const known = resolved.get(type);
  if (known) return known;
  // A recursive schema reached again while being rebuilt: rebuild it when it is parsed.
  if (resolving.has(type)) return lazy(() => coerceType(type, resolved, resolving));
  resolving.add(type);
  const def: Def = type._zod.def;
  const Rebuilt = type._zod.constr as unknown as Constructor;
  const inner = (schema: $ZodType) => coerceType(schema, resolved, resolving);
  const orMissing = (schema: $ZodType) => coercing(stripEmpty, schema);
  const convert = coercion(type);
  let schema = type;
  if (convert) {
    schema = coercing(convert, type);
  } else if (def.type === "array") {
    schema = coercing(
      (value) => (Array.isArray(value) ? value : value === undefined || stripEmpty(value) === undefined ? [] : [value]),
      new Rebuilt({ ...def, element: inner(def.element) }),
    );
  } else if (def.type === "object") {
    schema = coercing(
      (value) => (value === undefined ? {} : value),
      new Rebuilt({ ...def, shape: coerceShape(def.shape, resolved, resolving) }),
    );
  } else if (def.type === "optional" || def.type === "nonoptional") {
    schema = orMissing(new Rebuilt({ ...def, innerType: inner(def.innerType) }));
  } else if (def.type === "default" || def.type === "prefault") {
    // An empty string that *is* the default is kept.
    schema = orMissing(new Rebuilt({ ...def, innerType: def.defaultValue !== "" ? inner(def.innerType) : def.innerType }));
  } else if (def.type === "catch" || def.type === "nullable" || def.type === "readonly") {
    schema = new Rebuilt({ ...def, innerType: inner(def.innerType) });
  } else if (def.type === "intersection") {
    schema = new Rebuilt({ ...def, left: inner(def.left), right: inner(def.right) });
  } else if (def.type === "union") {
    schema = new Rebuilt({ ...def, options: def.options.map(inner) });
  } else if (def.type === "tuple") {
    schema = new Rebuilt({ ...def, items: def.items.map(inner) });
  } else if (def.type === "pipe") {
    schema = new Rebuilt({ ...def, in: inner(def.in), out: inner(def.out) });
  } else if (def.type === "lazy") {
    const target = def.getter();
    schema = lazy(() => inner(target));
  }
  resolving.delete(type);
  if (schema !== type) resolved.set(type, schema);
  return schema;
}
