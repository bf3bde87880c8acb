/**
 * Applies the migrations to DATABASE_URL, or to the embedded PGlite database in
 * DATA_DIR (stop the app first: PGlite allows one process per folder).
 * Usage: npm run db:migrate
 */
import { openDatabase } from "#app/lib/db.server.ts";
import { env } from "#app/lib/env.server.ts";

const e = env();
const handle = await openDatabase({ databaseUrl: e.DATABASE_URL, dataDir: e.DATA_DIR });
try {
  console.log(`Migrations applied (${handle.kind === "postgres" ? "PostgreSQL" : `PGlite in ${e.DATA_DIR}`})`);
} finally {
  await handle.close();
}
