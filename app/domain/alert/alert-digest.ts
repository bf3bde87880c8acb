/**
 * What one alert run tells whom (pure): the claimed matches and price drops, grouped into one message
 * per saved search and one per watcher, keeping only listings still public when the run goes out.
 */

/** A listing as an alert shows it (already known to be public). */
export type AlertListing = { id: string; title: string; price: number };

export type SearchClaim = { savedSearchId: string; listingId: string; matchedAt: Date };
export type DropClaim = { userId: string; listingId: string; oldPrice: number; createdAt: Date };

/** One message per saved search with something public to tell, its listings newest match first. */
export function groupSearchAlerts<L extends AlertListing>(claims: SearchClaim[], publicListings: Map<string, L>) {
  const bySearch = new Map<string, { listing: L; at: number }[]>();
  for (const c of claims) {
    const listing = publicListings.get(c.listingId);
    if (!listing) continue;
    const list = bySearch.get(c.savedSearchId) ?? [];
    if (!list.some((x) => x.listing.id === listing.id)) list.push({ listing, at: c.matchedAt.getTime() });
    bySearch.set(c.savedSearchId, list);
  }
  return [...bySearch].map(([savedSearchId, list]) => ({
    savedSearchId,
    listings: list.sort((a, b) => b.at - a.at).map((x) => x.listing),
  }));
}

/**
 * One message per watcher: each listing once, from the price before its first drop in the run to its
 * price now; a listing whose price is no longer below that (raised again) is left out.
 */
export function groupPriceDrops<L extends AlertListing>(claims: DropClaim[], publicListings: Map<string, L>) {
  const byUser = new Map<string, Map<string, { listing: L; from: number; at: number }>>();
  for (const c of [...claims].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    const listing = publicListings.get(c.listingId);
    if (!listing) continue;
    const drops = byUser.get(c.userId) ?? new Map<string, { listing: L; from: number; at: number }>();
    if (!drops.has(listing.id)) drops.set(listing.id, { listing, from: c.oldPrice, at: c.createdAt.getTime() });
    byUser.set(c.userId, drops);
  }
  return [...byUser]
    .map(([userId, drops]) => ({
      userId,
      drops: [...drops.values()]
        .filter((d) => d.listing.price < d.from)
        .sort((a, b) => b.at - a.at)
        .map((d) => ({ listing: d.listing, oldPrice: d.from })),
    }))
    .filter((m) => m.drops.length > 0);
}
