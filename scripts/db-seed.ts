/**
 * Seeds the demo accounts and listings into an empty database (DATABASE_URL,
 * or the embedded PGlite in DATA_DIR — stop the app first).
 * Usage: npm run db:seed
 */
import { sql } from "drizzle-orm";
import { startRuntime, stopRuntime } from "#app/server/runtime.server.ts";
import { user } from "#db/schema.ts";
import { seedDemo } from "#db/seed.ts";

const runtime = await startRuntime({ seed: false });
try {
  const [row] = await runtime.db.select({ count: sql<number>`count(*)::int` }).from(user);
  if (row && row.count > 0) {
    console.log(`The database already has data (${row.count} users): nothing seeded.`);
  } else {
    const summary = await seedDemo(runtime);
    console.log(`Demo data seeded: ${summary.users} users, ${summary.listings} listings, ${summary.images} photos.`);
  }
} finally {
  await stopRuntime(runtime);
}
