/**
 * A new request about a machine tells its seller at once (in-app), with the buyer's first name only:
 * the platform brokers the deal, so never the buyer's contact details (docs/product.md#requests).
 */
import { eq } from "drizzle-orm";
import { sellers } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { notifyUser } from "#app/domain/notification/create-notification.server.ts";
import { firstName } from "./find-seller-leads.server.ts";
import { BUYER_REQUEST_NOTIFICATION_TYPE, type BuyerRequestKind } from "./request-state.ts";

const WHAT: Record<BuyerRequestKind, [title: string, sentence: string]> = {
  offer: ["New offer", "an offer"],
  viewing: ["New viewing request", "a viewing request"],
  quote: ["New quote request", "a quote request"],
  purchase: ["New purchase request", "a purchase request"],
};

export async function notifySellerOfRequest(options: {
  db: DbOrTx;
  /** The listing's seller row (`listings.seller_id`). */
  sellerId: string;
  listingTitle: string;
  kind: BuyerRequestKind;
  buyerName: string;
}) {
  const [seller] = await options.db
    .select({ userId: sellers.userId })
    .from(sellers)
    .where(eq(sellers.id, options.sellerId));
  if (!seller) return;
  const who = options.buyerName.trim() ? firstName(options.buyerName) : "A buyer";
  await notifyUser({
    db: options.db,
    userId: seller.userId,
    type: BUYER_REQUEST_NOTIFICATION_TYPE[options.kind],
    title: `${WHAT[options.kind][0]}: ${options.listingTitle}`,
    message: `${who} sent ${WHAT[options.kind][1]} about "${options.listingTitle}". See it under Requests for your machines on your dashboard.`,
  });
}
