import type { FlatNamespace, Namespace, TFunction } from "i18next";
import { createContext, type ReactNode, use, useContext, useEffect, useSyncExternalStore } from "react";
import { type LoadedStrings, type Strings, translate } from "./translate";

/**
 * The portal's React binding for strings (decision 062): every screen takes `useTranslation` from here. It replaces
 * react-i18next, and keeps i18next itself out of the browser: components read one language's loaded namespaces
 * through `translate` (./translate.ts, held to i18next's answers by tests/unit/portal/translate.test.ts). The server
 * keeps i18next for language negotiation and the messages loaders and actions build (~/middleware/i18next).
 */

/** A namespace's strings, now, or a promise of them; `undefined` when there are none (no such namespace, a failed chunk). */
export type LoadStrings = (language: string, namespace: string) => Strings | undefined | Promise<Strings | undefined>;

type Namespaces = FlatNamespace | readonly [FlatNamespace?, ...FlatNamespace[]];
type NamespaceOf<Ns> = Ns extends undefined ? "common" : Ns extends Namespace ? Ns : "common";

/** What `useTranslation` gives: `t` in the first namespace named (others as `ns:key`), and the language it speaks. */
export interface Translation<Ns extends Namespace> {
  t: TFunction<Ns>;
  language: string;
}

const NOTHING_PENDING: readonly Promise<void>[] = [];

/**
 * The strings a page has, per language and namespace, and the page's language. The browser has one (entry.client),
 * filled chunk by chunk; the server has one per language and isolate, reading the bundled catalogue, which never
 * changes its language. A namespace is settled once loaded or failed: a failed one renders keys, not a wait.
 */
export class StringStore {
  #language: string;
  readonly #load: LoadStrings;
  /** language → namespace → its strings (null: settled without strings), an object `translate` reads as it is. */
  readonly #settled = new Map<string, Record<string, Strings | null>>();
  /** "language/namespace" → the load in flight. */
  readonly #loading = new Map<string, Promise<void>>();
  readonly #bindings = new Map<string, Translation<Namespace>>();
  readonly #listeners = new Set<() => void>();

  constructor(language: string, load: LoadStrings) {
    this.#language = language;
    this.#load = load;
  }

  readonly getLanguage = (): string => this.#language;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #settledIn(language: string): Record<string, Strings | null> {
    let settled = this.#settled.get(language);
    if (!settled) {
      settled = Object.create(null) as Record<string, Strings | null>;
      this.#settled.set(language, settled);
    }
    return settled;
  }

  /** Starts loading whichever of `namespaces` is neither settled nor loading; gives the loads still in flight. */
  pending(language: string, namespaces: readonly string[]): readonly Promise<void>[] {
    const settled = this.#settledIn(language);
    let pending: Promise<void>[] | null = null;
    for (const namespace of namespaces) {
      if (namespace in settled) continue;
      const id = `${language}/${namespace}`;
      let loading = this.#loading.get(id);
      if (!loading) {
        const strings = this.#load(language, namespace);
        if (!(strings instanceof Promise)) {
          settled[namespace] = strings ?? null;
          continue;
        }
        loading = strings.then(
          (loaded) => {
            settled[namespace] = loaded ?? null;
          },
          () => {
            settled[namespace] = null;
          },
        );
        loading.finally(() => this.#loading.delete(id));
        this.#loading.set(id, loading);
      }
      if (pending) pending.push(loading);
      else pending = [loading];
    }
    return pending ?? NOTHING_PENDING;
  }

  /** Resolves once every one of `namespaces` is settled in `language` (all requested at once). */
  async load(language: string, namespaces: readonly string[]): Promise<void> {
    await Promise.all(this.pending(language, namespaces));
  }

  /**
   * Speaks `language` from now on: first loads in it every namespace settled so far in the current one, so screens
   * already seen re-render in the new language at once (what i18next's `changeLanguage` did).
   */
  async changeLanguage(language: string): Promise<void> {
    if (language === this.#language) return;
    await this.load(language, Object.keys(this.#settledIn(this.#language)));
    this.#language = language;
    for (const listener of this.#listeners) listener();
  }

  /** One `t` per language and namespace, kept: its identity changes only with the language. */
  translation(language: string, namespace: string): Translation<Namespace> {
    const id = `${language}/${namespace}`;
    let translation = this.#bindings.get(id);
    if (!translation) {
      const loaded: LoadedStrings = this.#settledIn(language);
      const t = (key: string, options?: Record<string, unknown>) => translate(loaded, language, namespace, key, options);
      translation = { t: t as unknown as TFunction<Namespace>, language };
      this.#bindings.set(id, translation);
    }
    return translation;
  }
}

const StringsContext = createContext<StringStore | null>(null);

export function StringsProvider({ store, children }: { store: StringStore; children: ReactNode }) {
  return <StringsContext value={store}>{children}</StringsContext>;
}

function useStore(): StringStore {
  const store = useContext(StringsContext);
  if (!store) throw new Error("useTranslation needs a <StringsProvider> above it");
  return store;
}

/**
 * `t` for `ns` (the first of several; "common" without one) in the page's language. The component suspends until
 * every namespace named is loaded (in the browser, a screen not seen yet: inside its navigation's transition, so
 * the previous screen stays meanwhile); on the server every namespace is there.
 */
export function useTranslation<const Ns extends Namespaces | undefined = undefined>(ns?: Ns): Translation<NamespaceOf<Ns>> {
  const store = useStore();
  const language = useSyncExternalStore(store.subscribe, store.getLanguage, store.getLanguage);
  const namespaces: readonly (string | undefined)[] = ns === undefined ? ["common"] : typeof ns === "string" ? [ns] : ns;
  for (const loading of store.pending(language, namespaces as readonly string[])) use(loading);
  return store.translation(language, namespaces[0] ?? "common") as unknown as Translation<NamespaceOf<Ns>>;
}

/** Switches the page's strings to `locale` when a navigation brings another language (root). */
export function useLanguage(locale: string): void {
  const store = useStore();
  useEffect(() => {
    void store.changeLanguage(locale);
  }, [store, locale]);
}
