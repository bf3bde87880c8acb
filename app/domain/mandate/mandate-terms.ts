/**
 * The exclusive sales mandate a seller accepts for a listing: fixed terms and
 * the plain-text document (numbered clauses, no markdown) that is shown,
 * stored and rendered to PDF.
 */
import {
  BUYER_COMMISSION_PERCENT,
  priceBreakdown,
  SELLER_COMMISSION_PERCENT,
  SELLER_PAYOUT_PERCENT,
  TOTAL_COMMISSION_PERCENT,
} from "#app/lib/commission.ts";
import { PRODUCT_NAME } from "#app/lib/brand.ts";
import { formatPrice } from "#app/lib/format.ts";

export const MANDATE_TERMS = {
  platformName: PRODUCT_NAME,
  exclusivityDays: 90,
  noticeDays: 30,
} as const;

/** The sale price the commission clause's example is worked on. */
const EXAMPLE_PRICE = 1_000_000;

/**
 * The commission clause's body ("5 percent of the final sale price"; docs/product.md#mandate), spelled out as
 * the two 2.5 percent shares it is made of; the percentages come from commission.ts.
 */
export function mandateCommissionClause(platformName: string = PRODUCT_NAME): string {
  const example = priceBreakdown(EXAMPLE_PRICE);
  return [
    `On a successful sale ${platformName} earns a commission of ${TOTAL_COMMISSION_PERCENT} percent of the final sale price in total,`,
    `made up of two shares of ${SELLER_COMMISSION_PERCENT} percent each:`,
    `the seller's ${SELLER_COMMISSION_PERCENT} percent is deducted from the final sale price, so the seller receives ${SELLER_PAYOUT_PERCENT} percent of it,`,
    `and the buyer's ${BUYER_COMMISSION_PERCENT} percent is added to the final sale price and paid by the buyer.`,
    `For example, on a final sale price of ${formatPrice(example.price)} the seller receives ${formatPrice(example.sellerReceives)}`,
    `and the buyer pays ${formatPrice(example.buyerPays)}.`,
  ].join(" ");
}

export { MANDATE_COMMISSION_SUMMARY } from "#app/lib/commission.ts";

export interface MandateTermsInput {
  listingTitle: string;
  listingId: string;
  sellerName: string;
  sellerEmail: string;
  signedAt: Date;
  ipAddress: string;
  /** A renewal: the further term it covers (it starts when the previous term ends). */
  renewal?: { termStarts: Date; termEnds: Date };
}

export function mandateTermsText(input: MandateTermsInput): string {
  const { platformName, exclusivityDays, noticeDays } = MANDATE_TERMS;
  // South African time, as everywhere else in the app (the server itself runs on UTC).
  const timeZone = "Africa/Johannesburg";
  const date = input.signedAt.toLocaleDateString("en-ZA", { timeZone, day: "numeric", month: "long", year: "numeric" });
  const time = input.signedAt.toLocaleTimeString("en-ZA", { timeZone, hour: "2-digit", minute: "2-digit" });
  const day = (d: Date) => d.toLocaleDateString("en-ZA", { timeZone, day: "numeric", month: "long", year: "numeric" });
  const { renewal } = input;
  const period = renewal
    ? `for a further period of ${exclusivityDays} days, from ${day(renewal.termStarts)} to ${day(renewal.termEnds)}, renewing the mandate for this listing`
    : `for a period of ${exclusivityDays} days from the date of this mandate`;

  return [
    renewal ? "EXCLUSIVE SALES MANDATE (RENEWAL)" : "EXCLUSIVE SALES MANDATE",
    "",
    `Platform: ${platformName}`,
    `Seller: ${input.sellerName} (${input.sellerEmail})`,
    `Listing: ${input.listingTitle}`,
    `Listing ID: ${input.listingId}`,
    `Date: ${date}`,
    `Time: ${time}`,
    `IP address: ${input.ipAddress}`,
    "",
    `1. Exclusivity. The seller grants ${platformName} the exclusive right to sell the listed item "${input.listingTitle}" ${period}.`,
    "",
    `2. Commission. ${mandateCommissionClause(platformName)}`,
    "",
    `3. Termination. Either party may end this mandate by giving ${noticeDays} days written notice to the other party.`,
    "",
    `4. No other channels. During the mandate the seller may not sell the listed item through any other channel, whether directly, through another agent or dealer, or on any other platform.`,
    "",
    `5. Acceptance. By accepting this mandate electronically the seller confirms that they have read and agree to these terms, and that they are the owner of the listed item or are authorised to sell it.`,
  ].join("\n");
}

/** A signed mandate PDF must be under 10MB (docs/product.md#mandate). */
export const MAX_PDF_BYTES = 10 * 1024 * 1024;
