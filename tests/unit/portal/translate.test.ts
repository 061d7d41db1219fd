import { describe, expect, it } from "vitest";
import { type LoadedStrings, translate } from "~/lib/translate";
import { resources } from "~/locales";
import { i18nextInstance } from "~/middleware/i18next";

/**
 * The portal's `t` (decision 062) against i18next, configured as the server keeps it (~/middleware/i18next): every key
 * of every namespace of every language, with and without values, must give the same answer. i18next stays the
 * reference: the server's messages (loaders, actions) still come from it.
 */

const LOCALES = ["en", "fr", "ar"] as const;
type Tree = { readonly [key: string]: unknown };

/** Every leaf key of a namespace ("a.b.c"). */
function leafKeys(strings: Tree, prefix = ""): string[] {
  return Object.entries(strings).flatMap(([key, value]) =>
    value && typeof value === "object" ? leafKeys(value as Tree, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}
/** Every key that holds an object (what `returnObjects` asks). */
function objectKeys(strings: Tree, prefix = ""): string[] {
  return Object.entries(strings).flatMap(([key, value]) =>
    value && typeof value === "object" ? [`${prefix}${key}`, ...objectKeys(value as Tree, `${prefix}${key}.`)] : [],
  );
}
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{(.+?)\}\}/g)].map((match) => match[1].trim()))];

const SAMPLES: unknown[] = [
  "Kevin Park",
  7,
  0,
  "",
  "O'Brien & <Co>",
  "a$&b $1",
  "{{name}}",
  "$t(common:cancel)",
  null,
  undefined,
  { a: 1 },
  true,
];

describe.each(LOCALES)("t gives i18next's answer (%s)", (locale) => {
  const loaded: LoadedStrings = resources[locale];

  it("for every key of every namespace, bare, as ns:key and from another namespace", async () => {
    const i18n = await i18nextInstance(locale);
    let compared = 0;
    for (const [namespace, strings] of Object.entries(resources[locale])) {
      const reference = i18n.getFixedT(null, namespace as "common") as unknown as (key: string, options?: object) => unknown;
      for (const key of leafKeys(strings)) {
        const asked: [string, string, object?][] = [
          [namespace, key],
          ["common", `${namespace}:${key}`],
          ["common", key, { ns: namespace }],
        ];
        for (const [inNamespace, asKey, options] of asked) {
          const expected =
            inNamespace === namespace ? reference(asKey, options) : i18n.t(asKey as never, { ns: inNamespace, ...options } as never);
          expect([asKey, translate(loaded, locale, inNamespace, asKey, { ...options })]).toEqual([asKey, expected]);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(1500);
  });

  it("with values for every placeholder, of every kind, one missing, extra ones, a count", async () => {
    const i18n = await i18nextInstance(locale);
    let filled = 0;
    for (const [namespace, strings] of Object.entries(resources[locale])) {
      const reference = i18n.getFixedT(null, namespace as "common") as unknown as (key: string, options?: object) => unknown;
      for (const key of leafKeys(strings)) {
        const names = placeholders(String(reference(key)));
        if (names.length === 0) continue;
        for (const [index, sample] of SAMPLES.entries()) {
          const values = Object.fromEntries(
            names.map((name, position) => [name, position === 0 ? sample : SAMPLES[(index + position) % 5]]),
          );
          for (const options of [
            values,
            { ...values, count: 2 },
            { ...values, count: "12+" },
            { ...values, extra: "x", context: "other" },
            Object.fromEntries(names.slice(1).map((name) => [name, 1])),
          ]) {
            expect([key, options, translate(loaded, locale, namespace, key, options)]).toEqual([key, options, reference(key, options)]);
            filled++;
          }
        }
      }
    }
    expect(filled).toBeGreaterThan(1000);
  });

  it("with a context: `key_<context>` where the catalogue has one (min → min_items), else the key", async () => {
    const i18n = await i18nextInstance(locale);
    let withContext = 0;
    for (const [namespace, strings] of Object.entries(resources[locale])) {
      const reference = i18n.getFixedT(null, namespace as "common") as unknown as (key: string, options?: object) => unknown;
      const keys = leafKeys(strings);
      for (const key of keys) {
        const split = key.lastIndexOf("_");
        if (split <= 0) continue;
        const [stem, context] = [key.slice(0, split), key.slice(split + 1)];
        for (const options of [{ context }, { context, count: 3, max: 5, min: 1 }, { context: "nothing" }, { context: "" }]) {
          expect([stem, options, translate(loaded, locale, namespace, stem, options)]).toEqual([stem, options, reference(stem, options)]);
        }
        if (keys.includes(stem)) withContext++;
      }
    }
    expect(withContext).toBeGreaterThan(3);
  });

  it("for objects with returnObjects, and without", async () => {
    const i18n = await i18nextInstance(locale);
    for (const [namespace, strings] of Object.entries(resources[locale])) {
      const reference = i18n.getFixedT(null, namespace as "common") as unknown as (key: string, options?: object) => unknown;
      for (const key of objectKeys(strings)) {
        for (const options of [{ returnObjects: true }, { returnObjects: true, name: "Kevin", count: 3 }, undefined]) {
          expect([key, translate(loaded, locale, namespace, key, options)]).toEqual([key, reference(key, options)]);
        }
      }
    }
  });

  it.each([
    ["no.such.key"],
    ["common:no.such.key"],
    ["nowhere:appName"],
    ["carrier.failed"],
    ["The email field is required."],
    ["Note: this reads as a sentence"],
    ["a:b:c"],
    ["appName.deeper"],
    ["constructor"],
    ["toString"],
    ["__proto__"],
    ["missing {{name}}"],
  ])("for %j, a key the catalogue lacks, with and without a default value", async (key) => {
    const i18n = await i18nextInstance(locale);
    const reference = i18n.getFixedT(null, "common") as unknown as (key: string, options?: object) => unknown;
    for (const options of [
      undefined,
      { defaultValue: "Fallback {{name}}", name: "Kevin" },
      { defaultValue: "" },
      { ns: "validation", defaultValue: key },
    ]) {
      expect([options, translate(resources[locale], locale, "common", key, options)]).toEqual([options, reference(key, options)]);
    }
  });
});

/**
 * What the catalogue may use: the features `translate` implements. A string or key outside them fails here, with
 * the place named, instead of rendering differently from i18next.
 */
function unsupportedFeatures(strings: Tree, where: string): string[] {
  const found: string[] = [];
  const keys = Object.keys(strings);
  for (const [key, value] of Object.entries(strings)) {
    const at = `${where}.${key}`;
    if (key.includes(".") || key.includes(":")) found.push(`${at}: a key with "." or ":"`);
    // A plural form: `key_one`, `key_other`… beside `key` (a count would pick it). `too_many` alone is a name.
    const plural = /^(.+?)_(?:ordinal_)?(?:zero|one|two|few|many|other)$/.exec(key);
    if (plural && keys.includes(plural[1])) found.push(`${at}: a plural form of ${plural[1]}`);
    if (Array.isArray(value)) found.push(`${at}: an array`);
    else if (value && typeof value === "object") found.push(...unsupportedFeatures(value as Tree, at));
    else if (typeof value !== "string") found.push(`${at}: not a string`);
    else {
      if (value.includes("$t(")) found.push(`${at}: nesting ($t)`);
      for (const placeholder of value.match(/\{\{.*?\}\}/g) ?? []) {
        if (!/^\{\{\w+\}\}$/.test(placeholder)) found.push(`${at}: placeholder ${placeholder}`);
      }
    }
  }
  return found;
}

describe("the catalogue uses only what t implements", () => {
  it.each(LOCALES)("%s: nested keys and {{name}} placeholders, nothing else", (locale) => {
    expect(
      Object.entries(resources[locale]).flatMap(([namespace, strings]) => unsupportedFeatures(strings, `${locale}/${namespace}`)),
    ).toEqual([]);
  });

  it("names each feature it does not implement", () => {
    const unsupported = {
      items: "{{count}} items",
      items_one: "{{count}} item",
      place_ordinal_two: "{{count}}nd",
      place: "{{count}}th",
      too_many: "Too many",
      nested: "See $t(common:cancel)",
      total: "{{total, number}}",
      raw: "{{- html}}",
      spaced: "{{ name }}",
      list: ["a", "b"],
      "dotted.key": "x",
      count: 3,
      deeper: { ok: "{{name}}", bad: "{{x, datetime}}" },
    };
    expect(unsupportedFeatures(unsupported, "x")).toEqual([
      "x.items_one: a plural form of items",
      "x.place_ordinal_two: a plural form of place",
      "x.nested: nesting ($t)",
      "x.total: placeholder {{total, number}}",
      "x.raw: placeholder {{- html}}",
      "x.spaced: placeholder {{ name }}",
      "x.list: an array",
      'x.dotted.key: a key with "." or ":"',
      "x.count: not a string",
      "x.deeper.bad: placeholder {{x, datetime}}",
    ]);
  });
});
