import { drizzle } from "drizzle-orm/d1";
import { schema } from "./schema";

type Database = ReturnType<typeof drizzle<typeof schema, D1Database>>;

/**
 * One Drizzle instance per D1 binding: building one walks the whole schema for its relational queries
 * (`extractTablesRelationalConfig`), ~2 ms of every request when it was done per request (bench CPU profile).
 * The instance holds no request state.
 */
const byBinding = new WeakMap<D1Database, Database>();

export function createDb(d1: D1Database): Database {
  let db = byBinding.get(d1);
  if (!db) {
    db = drizzle(d1, { schema });
    byBinding.set(d1, db);
  }
  return db;
}

export type Db = ReturnType<typeof createDb>;
