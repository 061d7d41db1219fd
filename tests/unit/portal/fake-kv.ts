/** An in-memory KVNamespace with the calls the session uses, counting writes. */
export function fakeKv() {
  const store = new Map<string, string>();
  const counts = { puts: 0, deletes: 0 };
  const kv = {
    async get(key: string, type?: string) {
      const value = store.get(key);
      if (value === undefined) return null;
      return type === "json" ? JSON.parse(value) : value;
    },
    async put(key: string, value: string) {
      counts.puts++;
      store.set(key, value);
    },
    async delete(key: string) {
      counts.deletes++;
      store.delete(key);
    },
  };
  return { kv: kv as unknown as KVNamespace, store, counts };
}
