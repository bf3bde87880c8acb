import type * as s from "#db/schema.ts";

/** The values of a listing row for a test to insert: a used excavator on mandate for 30 more days, unless told otherwise. */
export function listingRow(sellerId: string, over: Partial<typeof s.listings.$inferInsert> = {}) {
  return {
    sellerId,
    title: "2019 CAT 320D Excavator",
    price: "1450000",
    category: "excavators" as const,
    condition: "used" as const,
    expiresOn: new Date(Date.now() + 30 * 86_400_000),
    ...over,
  };
}

/** The same, approved twice: public from the start. */
export const publicListingRow = (sellerId: string, over: Partial<typeof s.listings.$inferInsert> = {}) =>
  listingRow(sellerId, { status: "approved", adminStatus: "approved", ...over });
