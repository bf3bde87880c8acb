import { desc, eq } from "drizzle-orm";
import { listings, sellers } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";

/** Dashboard badge (spec §4): Active, Pending, Rejected or Draft. */
export function dashboardStatus(l: { status: string; adminStatus: string }) {
  if (l.status === "sold") return "Sold";
  if (l.status === "approved" && l.adminStatus === "approved") return "Active";
  if (l.status === "pending" || l.adminStatus === "pending") return "Pending";
  if (l.adminStatus === "rejected") return "Rejected";
  return "Draft";
}

/** The seller's own listings, newest first (ownership is in the query). */
export async function findSellerListings(options: { db: DbOrTx; userId: string }) {
  const rows = await options.db
    .select({
      id: listings.id,
      title: listings.title,
      price: listings.price,
      status: listings.status,
      adminStatus: listings.adminStatus,
      createdOn: listings.createdOn,
    })
    .from(listings)
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .where(eq(sellers.userId, options.userId))
    .orderBy(desc(listings.createdOn));
  return rows.map((r) => ({
    ...r,
    price: Number(r.price),
    createdOn: r.createdOn.toISOString(),
    badge: dashboardStatus(r),
  }));
}
