/**
 * The buyer's receipt for a purchase request, offer, viewing request or quote
 * request: written to the e-mail outbox in the transaction that stores the
 * request, and delivered by the `send-email` job after commit.
 */
import type { VatMode } from "#db/vocabulary.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { composeEmail } from "#app/emails/templates.server.ts";
import type { OutgoingEmail } from "#app/lib/mailer.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { formatRequestAmounts, requestAmounts } from "./request-amounts.ts";
import { formatPreferredDate, QUOTE_TYPE_LABELS, type UserRequestInput } from "./request-schemas.ts";

/** How a receipt leaves: the runtime's `queueEmail` (outbox row in `tx`, delivery queued after commit). */
export type ReceiptMailer = {
  queueEmail: (email: OutgoingEmail, tx?: DbOrTx) => Promise<() => Promise<void>>;
  publicUrl: string;
};

type Asked =
  | { requestType: "purchase"; message?: string | null }
  | (Pick<UserRequestInput, "requestType" | "message"> &
      Partial<Record<"offerAmount" | "preferredDate" | "preferredTime" | "quoteType" | "details", string>>);

function detailsOf(asked: Asked): string[] {
  switch (asked.requestType) {
    case "purchase":
      return ["You asked to buy this listing at its listed price."];
    case "offer":
      return ["You made an offer on this listing."];
    case "viewing":
      return [`Preferred viewing: ${formatPreferredDate(asked.preferredDate!)} at ${asked.preferredTime}`];
    case "quote":
      return [
        `Quote type: ${QUOTE_TYPE_LABELS[asked.quoteType as keyof typeof QUOTE_TYPE_LABELS] ?? asked.quoteType}`,
        `Details: ${asked.details}`,
      ];
  }
}

export async function queueRequestReceipt(options: {
  tx: DbOrTx;
  mailer: ReceiptMailer;
  viewer: Viewer;
  asked: Asked;
  listing: { title: string; price: number; vat?: VatMode | null } | null;
}) {
  const { tx, mailer, viewer, asked, listing } = options;
  const amounts = requestAmounts({
    kind: asked.requestType,
    listingPrice: listing?.price ?? null,
    offerAmount: "offerAmount" in asked && asked.offerAmount ? Number(asked.offerAmount) : null,
    vat: listing?.vat,
  });
  return mailer.queueEmail(
    composeEmail("send-request-receipt", viewer.email, {
      name: viewer.fullName ?? viewer.name,
      kind: asked.requestType,
      listingTitle: listing?.title ?? null,
      details: detailsOf(asked),
      amounts: amounts ? formatRequestAmounts(amounts) : null,
      message: asked.message ?? null,
      url: `${mailer.publicUrl}/buyer-dashboard`,
    }),
    tx,
  );
}
