/**
 * A buyer's purchase request: a transaction at the listing's
 * price and a notification to the admins, in one transaction. Idempotent per
 * buyer and listing while a request is open (double clicks, retries).
 */
import { and, eq, notInArray } from "drizzle-orm";
import { FINISHED_REQUEST_STATUSES } from "#db/vocabulary.ts";
import { buyers, transactions } from "#db/schema.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { Db } from "#app/lib/db.server.ts";
import { formatPrice } from "#app/lib/format.ts";
import { getListingSummary } from "#app/domain/listing/get-listing-summary.server.ts";
import { notifyAdmins } from "#app/domain/notification/create-notification.server.ts";
import { hasCompleteBuyerProfile, type Viewer } from "#app/domain/user/viewer.ts";
import { queueRequestReceipt, type ReceiptMailer } from "#app/domain/request/request-receipt.server.ts";
import { notifySellerOfRequest } from "#app/domain/request/notify-seller-of-request.server.ts";
import { REQUEST_MESSAGE_MAX, REQUEST_MESSAGE_TOO_LONG } from "#app/domain/request/request-schemas.ts";

export async function createPurchaseRequest(options: {
  db: Db;
  viewer: Viewer;
  listingId: string;
  /** The buyer's optional note: stored with the request (trimmed, none is null), in the admins' notification and the receipt. */
  message?: string | null;
  /** Sends the buyer's receipt when a new request is stored; the route always passes the runtime's. */
  mailer?: ReceiptMailer;
}) {
  const { db, viewer, mailer } = options;
  const message = options.message?.trim() || null;
  if (message && message.length > REQUEST_MESSAGE_MAX) {
    throw new AppError("BAD_REQUEST", "Message Too Long", REQUEST_MESSAGE_TOO_LONG, {
      message: [REQUEST_MESSAGE_TOO_LONG],
    });
  }
  if (viewer.role !== "buyer" || !viewer.hasBuyerProfile) {
    throw new AppError("FORBIDDEN", "Sign in required", "Please sign in to make a purchase request");
  }
  if (!hasCompleteBuyerProfile(viewer)) {
    throw new AppError(
      "FORBIDDEN",
      "Complete Your Buyer Profile",
      "Please create your buyer profile before making a purchase request.",
    );
  }
  const listing = await getListingSummary({ db, id: options.listingId });
  if (!listing) {
    throw new AppError(
      "NOT_FOUND",
      "Listing Not Found",
      "The listing you're looking for doesn't exist or has been removed.",
    );
  }
  let send: (() => Promise<void>) | undefined;
  const result = await db.transaction(async (tx) => {
    const [buyer] = await tx.select({ id: buyers.id }).from(buyers).where(eq(buyers.userId, viewer.userId));
    if (!buyer) throw new AppError("FORBIDDEN", "Sign in required", "Please sign in to make a purchase request");
    const [created] = await tx
      .insert(transactions)
      .values({
        buyerId: buyer.id,
        sellerId: listing.sellerId,
        listingId: listing.id,
        amount: String(listing.price),
        message,
      })
      .onConflictDoNothing()
      .returning({ id: transactions.id });
    if (!created) {
      const [open] = await tx
        .select({ id: transactions.id })
        .from(transactions)
        .where(
          and(
            eq(transactions.buyerId, buyer.id),
            eq(transactions.listingId, listing.id),
            notInArray(transactions.status, [...FINISHED_REQUEST_STATUSES]),
          ),
        );
      return { transactionId: open!.id, created: false };
    }
    await notifySellerOfRequest({ db: tx, sellerId: listing.sellerId, listingTitle: listing.title, kind: "purchase", buyerName: viewer.fullName ?? viewer.name });
    await notifyAdmins({
      db: tx,
      type: "purchase_request",
      title: `Purchase request: ${listing.title}`,
      message: `${viewer.fullName ?? viewer.name} (${viewer.email}) wants to buy "${listing.title}" at ${formatPrice(listing.price)}.${message ? ` Message: ${message}` : ""}`,
    });
    if (mailer) {
      send = await queueRequestReceipt({
        tx,
        mailer,
        viewer,
        asked: { requestType: "purchase", message },
        listing: { title: listing.title, price: listing.price, vat: listing.vat },
      });
    }
    return { transactionId: created.id, created: true };
  });
  await send?.();
  return result;
}
