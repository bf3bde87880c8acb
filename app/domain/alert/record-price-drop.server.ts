/**
 * A watched listing got cheaper (docs/product.md#saved-searches-and-alerts): in the price change's
 * transaction, one pending alert per watcher who asked for price-drop alerts (and has not stopped
 * them); the alert job tells them at once or in their digest. The cheaper listing is also matched
 * against saved searches again: it may now be under someone's price limit.
 */
import { sql } from "drizzle-orm";
import { alertPreferences, favourites, priceDropAlerts } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { queueListingMatch } from "./match-saved-searches.server.ts";

export async function recordPriceDrop(options: { db: DbOrTx; listingId: string; oldPrice: string; newPrice: string }) {
  const { db, listingId, oldPrice, newPrice } = options;
  if (!(Number(newPrice) < Number(oldPrice))) return;
  await db.execute(sql`
    insert into ${priceDropAlerts} (user_id, listing_id, old_price, new_price)
    select ${favourites.userId}, ${favourites.listingId}, ${oldPrice}::numeric, ${newPrice}::numeric
    from ${favourites}
    inner join ${alertPreferences} on ${alertPreferences.userId} = ${favourites.userId}
    where ${favourites.listingId} = ${listingId}
      and ${alertPreferences.watchlistFrequency} <> 'off'
      and ${alertPreferences.stoppedAt} is null`);
  // Matching wakes the alert job, which sends the price drops too.
  await queueListingMatch({ db, listingId });
}
