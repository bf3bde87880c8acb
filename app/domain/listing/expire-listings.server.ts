import { and, eq, lte, sql } from "drizzle-orm";
import { listings } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";

/** Flags every listing whose mandate period has passed (reads also check the date). */
export async function expireListings(options: { db: DbOrTx; now?: Date }) {
  const rows = await options.db
    .update(listings)
    .set({ expired: true, updatedAt: sql`now()` })
    .where(and(eq(listings.expired, false), lte(listings.expiresOn, options.now ?? new Date())))
    .returning({ id: listings.id });
  return rows.length;
}
