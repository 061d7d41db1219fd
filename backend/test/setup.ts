import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { seed } from "../src/db/seed";

// Every test file starts from the migrated schema and the same demo data as `npm run db:seed`.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seed(env.DB);
