/**
 * "Prepare my data" (/account/data): a `data_exports` row waiting for the `export-user-data` job, which
 * is woken when the row commits. Refused while one is being prepared, and past EXPORTS_PER_DAY in 24
 * hours (failed ones do not count). The user row is locked first, so two presses at once make one row.
 */
import { and, eq, gt, ne, sql } from "drizzle-orm";
import { dataExports, user } from "#db/schema.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { Db } from "#app/lib/db.server.ts";
import { wakeJob } from "#app/lib/wake-job.server.ts";
import { ALREADY_PREPARING, EXPORTS_PER_DAY, TOO_MANY_EXPORTS } from "./data-export-rules.ts";

export const EXPORT_USER_DATA_JOB = "export-user-data";
export const EXPORT_NOT_STARTED = "Not Prepared";

export async function requestDataExport(options: { db: Db; userId: string; now?: Date }) {
  const { db, userId, now = new Date() } = options;
  return db.transaction(async (tx) => {
    const [me] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    if (!me) throw new AppError("NOT_FOUND", EXPORT_NOT_STARTED, "Account not found.");
    const [pending] = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), eq(dataExports.status, "pending")));
    if (pending) throw new AppError("CONFLICT", EXPORT_NOT_STARTED, ALREADY_PREPARING);
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(dataExports)
      .where(
        and(
          eq(dataExports.userId, userId),
          ne(dataExports.status, "failed"),
          gt(dataExports.requestedAt, new Date(now.getTime() - 24 * 3600_000)),
        ),
      )) as [{ n: number }];
    if (n >= EXPORTS_PER_DAY) throw new AppError("TOO_MANY_REQUESTS", EXPORT_NOT_STARTED, TOO_MANY_EXPORTS);
    const [row] = await tx.insert(dataExports).values({ userId, requestedAt: now }).returning({ id: dataExports.id });
    await wakeJob(tx, EXPORT_USER_DATA_JOB);
    return { id: row!.id };
  });
}
