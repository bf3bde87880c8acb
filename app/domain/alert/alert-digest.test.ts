import { describe, expect, it } from "vitest";
import { groupPriceDrops, groupSearchAlerts } from "./alert-digest.ts";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 7, minute));
const listing = (id: string, price = 100) => ({ id, title: `Machine ${id}`, price });

describe("digest grouping", () => {
  it("one message per saved search, newest match first, each listing once, only listings still public", () => {
    const publicListings = new Map([listing("a"), listing("b"), listing("c")].map((l) => [l.id, l]));
    const messages = groupSearchAlerts(
      [
        { savedSearchId: "s1", listingId: "a", matchedAt: at(1) },
        { savedSearchId: "s1", listingId: "b", matchedAt: at(5) },
        { savedSearchId: "s1", listingId: "gone", matchedAt: at(6) },
        { savedSearchId: "s2", listingId: "a", matchedAt: at(2) },
        { savedSearchId: "s2", listingId: "a", matchedAt: at(3) },
        { savedSearchId: "s3", listingId: "gone", matchedAt: at(4) },
      ],
      publicListings,
    );
    expect(messages).toEqual([
      { savedSearchId: "s1", listings: [listing("b"), listing("a")] },
      { savedSearchId: "s2", listings: [listing("a")] },
    ]);
  });

  it("price drops: one message per watcher, from the price before the first drop to the price now; a price raised back is left out", () => {
    const publicListings = new Map([listing("a", 80), listing("b", 120), listing("c", 50)].map((l) => [l.id, l]));
    const messages = groupPriceDrops(
      [
        { userId: "u1", listingId: "a", oldPrice: 90, createdAt: at(5) },
        { userId: "u1", listingId: "a", oldPrice: 100, createdAt: at(1) },
        { userId: "u1", listingId: "b", oldPrice: 110, createdAt: at(2) }, // raised to 120 since
        { userId: "u1", listingId: "gone", oldPrice: 10, createdAt: at(3) },
        { userId: "u2", listingId: "b", oldPrice: 110, createdAt: at(2) },
        { userId: "u3", listingId: "c", oldPrice: 60, createdAt: at(2) },
      ],
      publicListings,
    );
    expect(messages).toEqual([
      { userId: "u1", drops: [{ listing: listing("a", 80), oldPrice: 100 }] },
      { userId: "u3", drops: [{ listing: listing("c", 50), oldPrice: 60 }] },
    ]);
  });
});
