import { sql } from "drizzle-orm";
import type { DbOrTx } from "#app/lib/db.server.ts";

/**
 * Recomputes the words' price bounds (listing_term_prices) from the listings
 * as they are. The trigger only ever widens a bound, so a listing deleted or
 * repriced leaves it wider than it need be: still right, only slower to use.
 * Listing writes wait while it runs (seconds at a million listings).
 */
export async function refreshTermPrices(options: { db: DbOrTx }) {
  await options.db.execute(sql`select refresh_listing_term_prices()`);
}
