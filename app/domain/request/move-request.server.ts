/**
 * The seller answers a request about one of their machines (accept, decline,
 * counter an offer, confirm a viewing or propose another slot) and the buyer
 * answers a counter (accept it, make a new offer, or withdraw;
 * docs/product.md#requests). Moves follow the state map (request-state.ts);
 * anything else is refused with 409. Ownership is part of the lookup: only the
 * listing's seller answers as seller and only the request's buyer as buyer;
 * anyone else is told the request was not found. In one transaction: the
 * row's status (and the amount or slot now on the table), a history row, an
 * audit row, notifications to the other side and to the admins, and an e-mail
 * to the other side in the outbox (delivered after commit).
 */
import { and, eq } from "drizzle-orm";
import { buyers, listings, profiles, requestEvents, sellers, transactions, user, userRequests } from "#db/schema.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { notifyAdmins, notifyUser } from "#app/domain/notification/create-notification.server.ts";
import { hasCompleteBuyerProfile, type Viewer } from "#app/domain/user/viewer.ts";
import { composeEmail } from "#app/emails/templates.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { Db, Tx } from "#app/lib/db.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import type { ReceiptMailer } from "./request-receipt.server.ts";
import {
  formatOfferAmount,
  formatPreferredDate,
  REQUEST_MESSAGE_MAX,
  REQUEST_MESSAGE_TOO_LONG,
} from "./request-schemas.ts";
import {
  BUYER_REQUEST_KINDS,
  BUYER_REQUEST_NOTIFICATION_TYPE,
  requestMoveTarget,
  requestStatusLabel,
  type BuyerRequestKind,
  type RequestMove,
  type RequestStatus,
} from "./request-state.ts";

export const REQUEST_MOVE_FAILED = "Request not updated";

/** The amount or slot a counter or a new offer puts on the table, and the mover's message. */
export type MoveTerms = {
  offerAmount?: string;
  preferredDate?: string;
  preferredTime?: string;
  message?: string | null;
};

type Side = "seller" | "buyer";

const MOVE_PAST: Partial<Record<RequestMove, string>> = {
  accept: "accepted",
  decline: "declined",
  counter: "countered",
  reoffer: "answered with a new offer",
  withdraw: "withdrawn",
};

const notFound = () => new AppError("NOT_FOUND", REQUEST_MOVE_FAILED, "Request not found.");

/** The request with both parties, locked; null when it does not exist. */
async function lockParties(options: { tx: Tx; kind: BuyerRequestKind; id: string }) {
  const { tx, kind, id } = options;
  const columns = {
    listingId: listings.id,
    listingTitle: listings.title,
    sellerUserId: sellers.userId,
  };
  if (kind === "purchase") {
    const [row] = await tx
      .select({
        id: transactions.id,
        status: transactions.status,
        buyerUserId: buyers.userId,
        amount: transactions.amount,
        ...columns,
      })
      .from(transactions)
      .innerJoin(buyers, eq(buyers.id, transactions.buyerId))
      .innerJoin(listings, eq(listings.id, transactions.listingId))
      .innerJoin(sellers, eq(sellers.id, listings.sellerId))
      .where(eq(transactions.id, id))
      .for("update", { of: transactions });
    return row ? { ...row, preferredDate: null as string | null, preferredTime: null as string | null } : null;
  }
  const [row] = await tx
    .select({
      id: userRequests.id,
      status: userRequests.status,
      buyerUserId: userRequests.userId,
      amount: userRequests.offerAmount,
      preferredDate: userRequests.preferredDate,
      preferredTime: userRequests.preferredTime,
      listingId: userRequests.listingId,
      listingTitle: listings.title,
      sellerUserId: sellers.userId,
    })
    .from(userRequests)
    .leftJoin(listings, eq(listings.id, userRequests.listingId))
    .leftJoin(sellers, eq(sellers.id, listings.sellerId))
    .where(and(eq(userRequests.id, id), eq(userRequests.requestType, kind)))
    .for("update", { of: userRequests });
  return row ?? null;
}

async function contactOf(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ email: user.email, name: user.name, fullName: profiles.fullName })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, userId));
  return { email: row!.email, name: row!.fullName?.trim() || row!.name };
}

const TITLE: Record<BuyerRequestKind, string> = {
  offer: "Offer",
  viewing: "Viewing",
  quote: "Quote request",
  purchase: "Purchase request",
};

const WHAT: Record<BuyerRequestKind, string> = {
  offer: "offer",
  viewing: "viewing request",
  quote: "quote request",
  purchase: "purchase request",
};

/** What the other side reads: one sentence, e.g. 'The seller countered your offer for "Bell B25E".' */
/**
 * The sentence the other side reads ("The seller countered your offer…"); `forTeam`: the same for the
 * admins, about the buyer's request rather than "your".
 */
export function moveSummary(options: {
  kind: BuyerRequestKind;
  move: RequestMove;
  by: Side;
  listingTitle: string | null;
  forTeam?: boolean;
}) {
  const sentence = sentenceFor(options);
  if (!options.forTeam) return sentence;
  return sentence.replace(/\byour (proposed|counter)\b/, "the seller's $1").replace(/\byour\b/, "the buyer's");
}

function sentenceFor(options: { kind: BuyerRequestKind; move: RequestMove; by: Side; listingTitle: string | null }) {
  const { kind, move, by, listingTitle } = options;
  const on = listingTitle ? ` for "${listingTitle}"` : "";
  const what = WHAT[kind];
  if (by === "seller") {
    switch (move) {
      case "accept":
        return kind === "viewing"
          ? `The seller confirmed your viewing${on}.`
          : `The seller accepted your ${what}${on}.`;
      case "decline":
        return `The seller declined your ${what}${on}.`;
      default:
        return kind === "viewing"
          ? `The seller proposed another time for your viewing${on}.`
          : `The seller countered your offer${on}.`;
    }
  }
  switch (move) {
    case "accept":
      return kind === "viewing"
        ? `The buyer accepted your proposed viewing time${on}.`
        : `The buyer accepted your counter offer${on}.`;
    case "reoffer":
      return `The buyer made a new offer${on}.`;
    default:
      return `The buyer withdrew their ${what}${on}.`;
  }
}

/** The terms on the table after the move, one line each. */
function termLines(
  kind: BuyerRequestKind,
  row: { amount: string | null; preferredDate: string | null; preferredTime: string | null },
  status: RequestStatus,
) {
  if (kind === "viewing" && row.preferredDate) {
    return [`Viewing: ${formatPreferredDate(row.preferredDate)} at ${row.preferredTime ?? ""}`];
  }
  if ((kind === "offer" || kind === "purchase") && row.amount) {
    const label = status === "accepted" ? "Agreed price" : status === "countered" ? "Counter offer" : "Offer";
    return [`${label}: ${formatOfferAmount(row.amount)}`];
  }
  return [];
}

function assertSide(viewer: Viewer, as: Side) {
  if (as === "seller" && viewer.role !== "seller") {
    throw new AppError("FORBIDDEN", "Seller Access Required", "Only the listing's seller can answer this request.");
  }
  if (as === "buyer" && (viewer.role !== "buyer" || !hasCompleteBuyerProfile(viewer))) {
    throw new AppError("FORBIDDEN", "Buyer Access Required", "Only the buyer who sent this request can answer it.");
  }
}

export async function moveRequest(options: {
  db: Db;
  viewer: Viewer;
  /** Which side the viewer answers for: the seller (their listing's requests) or the buyer (their own requests). */
  as: Side;
  kind: string;
  requestId: string;
  move: string;
  terms?: MoveTerms;
  /** Sends the other side's e-mail; the routes always pass the runtime's. */
  mailer: ReceiptMailer;
}): Promise<{
  kind: BuyerRequestKind;
  id: string;
  status: RequestStatus;
  previous: RequestStatus;
  listingTitle: string | null;
}> {
  const { db, viewer, as, requestId, move, mailer } = options;
  assertSide(viewer, as);
  const kind = BUYER_REQUEST_KINDS.find((k) => k === options.kind);
  if (!kind || !isUuid(requestId)) throw notFound();
  const terms = options.terms ?? {};
  const message = terms.message?.trim() || null;
  if (message && message.length > REQUEST_MESSAGE_MAX) {
    throw new AppError("BAD_REQUEST", "Message Too Long", REQUEST_MESSAGE_TOO_LONG, {
      message: [REQUEST_MESSAGE_TOO_LONG],
    });
  }

  let send: (() => Promise<void>) | undefined;
  const result = await db.transaction(async (tx) => {
    const row = await lockParties({ tx, kind, id: requestId });
    const owner = as === "seller" ? row?.sellerUserId : row?.buyerUserId;
    if (!row || owner !== viewer.userId) throw notFound();
    const next = requestMoveTarget({ kind, status: row.status, move, by: as });
    if (!next) {
      throw new AppError(
        "CONFLICT",
        REQUEST_MOVE_FAILED,
        `This ${WHAT[kind]} is ${requestStatusLabel(kind, row.status).toLowerCase()}: it cannot be ${MOVE_PAST[move as RequestMove] ?? "changed that way"} now.`,
      );
    }
    const validMove = move as RequestMove;

    // What the move puts on the table.
    const onTable = { amount: row.amount, preferredDate: row.preferredDate, preferredTime: row.preferredTime };
    const puts = validMove === "counter" || validMove === "reoffer";
    if (puts && kind === "viewing") {
      if (!terms.preferredDate || !terms.preferredTime) {
        throw new AppError("BAD_REQUEST", "Date and Time Required", "Please select both a preferred date and time.");
      }
      onTable.preferredDate = terms.preferredDate;
      onTable.preferredTime = terms.preferredTime;
    } else if (puts) {
      if (!terms.offerAmount || !(Number(terms.offerAmount) > 0)) {
        throw new AppError("BAD_REQUEST", "Invalid Offer", "Offer amount must be a positive number.");
      }
      onTable.amount = terms.offerAmount;
    }

    const now = new Date();
    if (kind === "purchase") {
      await tx.update(transactions).set({ status: next, updatedAt: now }).where(eq(transactions.id, row.id));
    } else {
      await tx
        .update(userRequests)
        .set({
          status: next,
          updatedAt: now,
          ...(puts && kind === "offer" ? { offerAmount: onTable.amount } : {}),
          ...(puts && kind === "viewing"
            ? { preferredDate: onTable.preferredDate, preferredTime: onTable.preferredTime }
            : {}),
        })
        .where(eq(userRequests.id, row.id));
    }
    await tx.insert(requestEvents).values({
      ...(kind === "purchase" ? { transactionId: row.id } : { userRequestId: row.id }),
      actorUserId: viewer.userId,
      actorRole: as,
      move: validMove,
      fromStatus: row.status,
      toStatus: next,
      amount: puts && kind !== "viewing" ? onTable.amount : null,
      preferredDate: puts && kind === "viewing" ? onTable.preferredDate : null,
      preferredTime: puts && kind === "viewing" ? onTable.preferredTime : null,
      message,
    });
    await recordAudit({
      db: tx,
      actorUserId: viewer.userId,
      action: `request.${validMove}`,
      entity: kind === "purchase" ? "transaction" : "user_request",
      entityId: row.id,
      before: {
        status: row.status,
        amount: row.amount,
        preferredDate: row.preferredDate,
        preferredTime: row.preferredTime,
      },
      after: { status: next, by: as, ...onTable, message },
    });

    // The other side: in-app and e-mail; the admins: in-app.
    const summary = moveSummary({ kind, move: validMove, by: as, listingTitle: row.listingTitle });
    const details = termLines(kind, onTable, next);
    // A request that names no listing (or whose listing is gone) has no seller to tell.
    const otherUserId = as === "seller" ? row.buyerUserId : row.sellerUserId;
    const type = BUYER_REQUEST_NOTIFICATION_TYPE[kind];
    const note = [summary, ...details, ...(message ? [`Message: ${message}`] : [])].join(" ");
    const title = `${TITLE[kind]}: ${requestStatusLabel(kind, next)}`;
    const teamSummary = moveSummary({ kind, move: validMove, by: as, listingTitle: row.listingTitle, forTeam: true });
    const teamNote = [teamSummary, ...details, ...(message ? [`Message: ${message}`] : [])].join(" ");
    await notifyAdmins({ db: tx, type, title: `${title} (by the ${as})`, message: teamNote });
    if (!otherUserId) return { kind, id: row.id, status: next, previous: row.status, listingTitle: row.listingTitle };
    await notifyUser({ db: tx, userId: otherUserId, type, title, message: note });
    const other = await contactOf(tx, otherUserId);
    const dashboard = as === "seller" ? "/buyer-dashboard" : "/seller-dashboard";
    send = await mailer.queueEmail(
      composeEmail("send-request-update", other.email, {
        name: other.name,
        summary,
        details,
        message,
        url: `${mailer.publicUrl}${dashboard}`,
        actionLabel: as === "seller" ? "Open your buyer dashboard" : "Open your seller dashboard",
      }),
      tx,
    );
    return { kind, id: row.id, status: next, previous: row.status, listingTitle: row.listingTitle };
  });
  await send?.();
  return result;
}
