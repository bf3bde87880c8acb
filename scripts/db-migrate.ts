/** Applies the migrations to DATABASE_URL or the embedded database (app stopped). */
import { openDatabase } from "#app/lib/db.server.ts";
import { env } from "#app/lib/env.server.ts";

const e = env();
const handle = await openDatabase({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR });
console.log(`Migrations applied (${handle.kind})`);
await handle.close();
