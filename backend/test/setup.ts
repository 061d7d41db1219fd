import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { seed } from "../src/db/seed";
import { setClock } from "../src/lib/time";

// The test files of a Vitest worker share one workerd (`isolate: false` in vitest.config.ts): starting one per
// file, with its module graph, cost more than the tests themselves. Each file still starts as if it ran alone:
// the clock at real time, an empty file bucket, and a database rebuilt from the migrations and the demo seed
// (what `npm run db:reset` gives).
setClock(0);
await dropEverything(env.DB);
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seed(env.DB);
await emptyBucket(env.FILES);

/** Drops every trigger and table (with its indexes): full-text tables first, then each table before those it refers to. */
async function dropEverything(db: D1Database): Promise<void> {
  const { results } = await db
    .prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'trigger') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'",
    )
    .all<{ type: string; name: string; sql: string }>();
  if (results.length === 0) return;
  const triggers = results.filter((entry) => entry.type === "trigger").map((entry) => entry.name);
  const tables = results.filter((entry) => entry.type === "table");
  const virtual = tables.filter((table) => /^CREATE VIRTUAL TABLE/i.test(table.sql)).map((table) => table.name);
  // An FTS5 table's shadow tables (<name>_data, _idx, …) go with it.
  const plain = tables
    .map((table) => table.name)
    .filter((name) => !virtual.some((owner) => name === owner || name.startsWith(`${owner}_`)));
  const parents = new Map<string, string[]>();
  for (const name of plain) {
    const { results: keys } = await db
      .prepare('SELECT DISTINCT "table" AS parent FROM pragma_foreign_key_list(?)')
      .bind(name)
      .all<{ parent: string }>();
    parents.set(
      name,
      keys.map((key) => key.parent).filter((parent) => parent !== name),
    );
  }
  const ordered: string[] = [];
  const remaining = new Set(plain);
  while (remaining.size > 0) {
    const leaves = [...remaining].filter((name) => ![...remaining].some((other) => parents.get(other)?.includes(name)));
    const next = leaves.length > 0 ? leaves : [...remaining];
    for (const name of next) {
      ordered.push(name);
      remaining.delete(name);
    }
  }
  const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
  await db.batch([
    db.prepare("PRAGMA defer_foreign_keys = on"),
    ...triggers.map((name) => db.prepare(`DROP TRIGGER ${quoted(name)}`)),
    ...[...virtual, ...ordered].map((name) => db.prepare(`DROP TABLE ${quoted(name)}`)),
  ]);
}

async function emptyBucket(bucket: R2Bucket): Promise<void> {
  let cursor: string | undefined;
  do {
    const listed = await bucket.list({ cursor });
    if (listed.objects.length > 0) await bucket.delete(listed.objects.map((object) => object.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
}
