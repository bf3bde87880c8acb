/**
 * A buyer's offer, viewing request or quote request (docs/product.md#forms):
 * the `user_requests` row and a notification to every active admin, written in
 * one transaction. A request may only name a public listing. With a `mailer`,
 * the buyer's receipt e-mail is written to the outbox in the same transaction
 * and its delivery queued after commit. The same request again from the same buyer within
 * REPEAT_MINUTES (a form sent twice, a page reloaded after sending) is the one already sent:
 * nothing new is stored, notified or e-mailed.
 */
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { VatMode } from "#db/vocabulary.ts";
import { userRequests } from "#db/schema.ts";
import { notifyAdmins, type NewNotification } from "#app/domain/notification/create-notification.server.ts";
import { getListingSummary } from "#app/domain/listing/get-listing-summary.server.ts";
import { hasCompleteBuyerProfile, type Viewer } from "#app/domain/user/viewer.ts";
import { AppError } from "#app/lib/app-error.ts";
import { queueRequestReceipt, type ReceiptMailer } from "./request-receipt.server.ts";
import { notifySellerOfRequest } from "./notify-seller-of-request.server.ts";
import type { Db } from "#app/lib/db.server.ts";
import {
  formatOfferAmount,
  formatPreferredDate,
  QUOTE_TYPE_LABELS,
  REQUEST_FAILURES,
  REQUEST_MESSAGES,
  REQUEST_TITLES,
  UserRequestSchema,
  type RequestType,
  type UserRequestInput,
} from "./request-schemas.ts";

/** Only a buyer whose profile is complete (commission accepted) sends requests. */
export function assertCanRequest(viewer: Viewer) {
  if (viewer.role !== "buyer") {
    throw new AppError(
      "FORBIDDEN",
      "Buyer Access Required",
      "Only buyers can send offers, viewing requests and quote requests.",
    );
  }
  if (!hasCompleteBuyerProfile(viewer)) {
    throw new AppError(
      "FORBIDDEN",
      "Complete Your Buyer Profile",
      "Please create your buyer profile before sending requests.",
    );
  }
}

function parseRequest(input: UserRequestInput) {
  const parsed = UserRequestSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "");
    (fieldErrors[key] ??= []).push(issue.message);
  }
  const message = parsed.error.issues[0]!.message;
  const type = (["offer", "viewing", "quote"] as const).find((t) => t === input.requestType);
  throw new AppError(
    "BAD_REQUEST",
    REQUEST_TITLES[message] ?? "Error",
    REQUEST_TITLES[message] || !type ? message : REQUEST_FAILURES[type],
    fieldErrors,
  );
}

function notificationFor(options: {
  request: UserRequestInput;
  who: { name: string; email: string };
  listingTitle: string | null;
}) {
  const { request, who, listingTitle } = options;
  const on = listingTitle ? ` for "${listingTitle}"` : "";
  const note = request.message ? ` Message: ${request.message}` : "";
  const buyer = `${who.name} (${who.email})`;
  switch (request.requestType) {
    case "offer":
      return {
        type: "offer_request",
        title: `New offer from ${who.name}`,
        message: `${buyer} offered ${formatOfferAmount(request.offerAmount)}${on || " (no specific listing)"}.${note}`,
      } satisfies NewNotification;
    case "viewing":
      return {
        type: "viewing_request",
        title: `Viewing request from ${who.name}`,
        message: `${buyer} would like to view${listingTitle ? ` "${listingTitle}"` : " equipment (no specific listing)"} on ${formatPreferredDate(request.preferredDate)} at ${request.preferredTime}.${note}`,
      } satisfies NewNotification;
    case "quote":
      return {
        type: "quote_request",
        title: `Quote request from ${who.name}`,
        message: `${buyer} asked for a quote (${QUOTE_TYPE_LABELS[request.quoteType]})${on}: ${request.details}${note}`,
      } satisfies NewNotification;
  }
}

/** How long the same request again is taken for the one already sent. */
export const REPEAT_MINUTES = 10;

export async function createUserRequest(options: {
  db: Db;
  viewer: Viewer;
  input: UserRequestInput;
  /** Sends the buyer's receipt; the routes always pass the runtime's. */
  mailer?: ReceiptMailer;
}): Promise<{ id: string; requestType: RequestType; notifiedAdmins: number }> {
  const { db, viewer, mailer } = options;
  assertCanRequest(viewer);
  const request = parseRequest(options.input);
  let send: (() => Promise<void>) | undefined;
  const result = await db.transaction(async (tx) => {
    // One request of a buyer at a time, so a repeat sent at the same moment finds the first.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`user-request:${viewer.userId}`}))`);
    const fields = {
      requestType: request.requestType,
      listingId: request.listingId ?? null,
      offerAmount: request.requestType === "offer" ? request.offerAmount : null,
      preferredDate: request.requestType === "viewing" ? request.preferredDate : null,
      preferredTime: request.requestType === "viewing" ? request.preferredTime : null,
      quoteType: request.requestType === "quote" ? request.quoteType : null,
      details: request.requestType === "quote" ? request.details : null,
      message: request.message ?? null,
    };
    const [repeat] = await tx
      .select({ id: userRequests.id })
      .from(userRequests)
      .where(
        and(
          eq(userRequests.userId, viewer.userId),
          // Still unanswered: once answered or withdrawn, asking again is a new request.
          eq(userRequests.status, "new"),
          gt(userRequests.createdAt, sql`now() - make_interval(mins => ${REPEAT_MINUTES})`),
          ...Object.entries(fields).map(
            ([column, value]) => sql`${userRequests[column as keyof typeof fields]} is not distinct from ${value}`,
          ),
        ),
      )
      .orderBy(desc(userRequests.createdAt))
      .limit(1);
    if (repeat) return { id: repeat.id, requestType: request.requestType, notifiedAdmins: 0 };
    let listingTitle: string | null = null;
    let listingPrice: number | null = null;
    let sellerId: string | null = null;
    let listingVat: VatMode | null = null;
    if (request.listingId) {
      const listing = await getListingSummary({ db: tx, id: request.listingId });
      if (!listing) {
        throw new AppError("BAD_REQUEST", "Error", REQUEST_FAILURES[request.requestType], {
          listingId: [REQUEST_MESSAGES.listingUnavailable],
        });
      }
      listingTitle = listing.title;
      listingPrice = listing.price;
      sellerId = listing.sellerId;
      listingVat = listing.vat;
    }
    const [row] = await tx
      .insert(userRequests)
      .values({ userId: viewer.userId, ...fields })
      .returning({ id: userRequests.id });
    if (sellerId && listingTitle !== null) {
      await notifySellerOfRequest({
        db: tx,
        sellerId,
        listingTitle,
        kind: request.requestType,
        buyerName: viewer.fullName ?? viewer.name,
      });
    }
    const notifiedAdmins = await notifyAdmins({
      db: tx,
      ...notificationFor({ request, who: { name: viewer.fullName ?? viewer.name, email: viewer.email }, listingTitle }),
    });
    if (mailer) {
      send = await queueRequestReceipt({
        tx,
        mailer,
        viewer,
        asked: request,
        listing:
          listingTitle !== null && listingPrice !== null
            ? { title: listingTitle, price: listingPrice, vat: listingVat }
            : null,
      });
    }
    return { id: row!.id, requestType: request.requestType, notifiedAdmins };
  });
  await send?.();
  return result;
}
