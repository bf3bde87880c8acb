/** Asks every instance to run a job once the caller's transaction commits (notification-hub.server.ts, JOB_WAKE_CHANNEL). */
import { sql } from "drizzle-orm";
import type { DbOrTx } from "./db.server.ts";
import { JOB_WAKE_CHANNEL } from "./notification-hub.server.ts";

export async function wakeJob(db: DbOrTx, name: string) {
  await db.execute(sql`select pg_notify(${JOB_WAKE_CHANNEL}, ${name})`);
}
