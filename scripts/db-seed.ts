/** Seeds the demo data into an empty database (app stopped when on PGlite). */
import { sql } from "drizzle-orm";
import { seedDemo } from "#db/seed.ts";
import { user } from "#db/schema.ts";
import { startRuntime, stopRuntime } from "#app/lib/runtime.server.ts";

const runtime = await startRuntime({ seed: false });
const [row] = await runtime.db.select({ count: sql<number>`count(*)::int` }).from(user);
if (row && row.count > 0) {
  console.log(`The database already has ${row.count} users: nothing seeded.`);
} else {
  await seedDemo(runtime);
  console.log("Demo data seeded.");
}
await stopRuntime(runtime);
