/**
 * A seller withdraws, relists or marks sold an own listing (docs/product.md#listing-lifecycle), as the
 * listing state map allows (`nextSellerChange`): one transaction with its audit row. Only the listing's
 * seller; a move the map refuses is a 409 with a clear message.
 */
import { queueListingMatch } from "#app/domain/alert/match-saved-searches.server.ts";
import { and, eq } from "drizzle-orm";
import { listings, sellers } from "#db/schema.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { nextSellerChange, type SellerAction } from "./listing-state.ts";

const WORDS: Record<
  SellerAction,
  { failed: string; refused: string; done: (title: string, review: boolean) => string }
> = {
  withdraw: {
    failed: "Listing not withdrawn",
    refused: "Only a listing on the market, not sold, can be withdrawn.",
    done: (t) => `"${t}" is withdrawn: buyers no longer see it. Relist it when you want.`,
  },
  relist: {
    failed: "Listing not relisted",
    refused: "Only a withdrawn listing that is not sold can be relisted.",
    done: (t, review) =>
      review
        ? `"${t}" was away more than 30 days: it is back with our team for review.`
        : `"${t}" is back on the market.`,
  },
  "mark-sold": {
    failed: "Listing not marked sold",
    refused: "This listing is already sold.",
    done: (t) => `"${t}" is marked sold.`,
  },
};

export async function manageOwnListing(options: {
  db: DbOrTx;
  viewer: Pick<Viewer, "userId">;
  listingId: string;
  action: SellerAction;
  now?: Date;
}) {
  const { db, viewer, listingId, action, now = new Date() } = options;
  const words = WORDS[action];
  return db.transaction(async (tx) => {
    const [listing] = await tx
      .select({
        id: listings.id,
        title: listings.title,
        status: listings.status,
        adminStatus: listings.adminStatus,
        archived: listings.archived,
        withdrawnAt: listings.withdrawnAt,
      })
      .from(listings)
      .innerJoin(sellers, eq(sellers.id, listings.sellerId))
      .where(and(eq(listings.id, listingId), eq(sellers.userId, viewer.userId)))
      .for("update", { of: listings });
    if (!listing) throw new AppError("NOT_FOUND", words.failed, "Listing not found.");
    const change = nextSellerChange(listing, action, now);
    if (!change) throw new AppError("CONFLICT", words.failed, words.refused);
    await tx
      .update(listings)
      .set({ ...change, updatedAt: now })
      .where(eq(listings.id, listing.id));
    // Relisted without a new review: public again, so saved searches it matches are told.
    if (action === "relist") await queueListingMatch({ db: tx, listingId: listing.id });
    const { id: _id, title, ...before } = listing;
    await recordAudit({
      db: tx,
      actorUserId: viewer.userId,
      action: `listing.${action}`,
      entity: "listing",
      entityId: listing.id,
      before,
      after: change,
    });
    return { title, message: words.done(title, change.adminStatus === "pending") };
  });
}
