/**
 * The platform's split commission (docs/product.md#commission): 2.5% from each side, 5% in
 * all. The seller's share is deducted from the sale price (the seller
 * receives 97.5%); the buyer's share is added to the price the buyer pays.
 * Every page, the mandate, its PDF and its e-mails take these numbers and
 * words from here.
 */
export const BUYER_COMMISSION_PERCENT = 2.5;
export const SELLER_COMMISSION_PERCENT = 2.5;
/** The two shares together: what the mandate calls the commission on the final sale price. */
export const TOTAL_COMMISSION_PERCENT = BUYER_COMMISSION_PERCENT + SELLER_COMMISSION_PERCENT;
/** What the seller keeps of the sale price. */
export const SELLER_PAYOUT_PERCENT = 100 - SELLER_COMMISSION_PERCENT;

export const BUYER_COMMISSION_RATE = BUYER_COMMISSION_PERCENT / 100;
export const SELLER_COMMISSION_RATE = SELLER_COMMISSION_PERCENT / 100;

/** "2.5%", "97.5%", "5%". */
export function percent(value: number) {
  return `${value}%`;
}

/** The commission, said to the seller (dashboard, create form). */
export const SELLER_COMMISSION_NOTE = `Our commission is ${percent(SELLER_COMMISSION_PERCENT)} from each side: your ${percent(SELLER_COMMISSION_PERCENT)} is deducted from the sale price, so you receive ${percent(SELLER_PAYOUT_PERCENT)}; the buyer's ${percent(BUYER_COMMISSION_PERCENT)} is added to the price they pay.`;

/** The commission in one sentence, for the mandate page, the PDF's heading and the mandate e-mails. */
export const MANDATE_COMMISSION_SUMMARY =
  `Commission: ${percent(TOTAL_COMMISSION_PERCENT)} of the final sale price in total, made up of two ${percent(SELLER_COMMISSION_PERCENT)} shares: ` +
  `the seller's ${percent(SELLER_COMMISSION_PERCENT)} is deducted from the sale price (the seller receives ${percent(SELLER_PAYOUT_PERCENT)}) ` +
  `and the buyer's ${percent(BUYER_COMMISSION_PERCENT)} is added to the price the buyer pays.`;

/** Breakdown in whole rand (prices are shown without decimals), rounded half up. */
export function priceBreakdown(price: number) {
  const buyerCommission = Math.round(price * BUYER_COMMISSION_RATE);
  const sellerCommission = Math.round(price * SELLER_COMMISSION_RATE);
  return {
    price,
    buyerCommission,
    buyerPays: price + buyerCommission,
    sellerCommission,
    sellerReceives: price - sellerCommission,
  };
}

/** South African VAT. */
export const VAT_RATE_PERCENT = 15;
/** The line a price without VAT adds to what the buyer pays. */
export const VAT_ADDED_LABEL = `VAT (${VAT_RATE_PERCENT}%)`;

/**
 * The breakdown with VAT, as the listing's price stands to it: a price that excludes VAT has 15% added
 * to what the buyer pays; a price that includes it shows the VAT it holds. Commission is on the listed price.
 */
export function priceBreakdownWithVat(price: number, vat: "none" | "inclusive" | "exclusive" | null) {
  const base = priceBreakdown(price);
  const vatAdded = vat === "exclusive" ? Math.round((price * VAT_RATE_PERCENT) / 100) : 0;
  const vatIncluded = vat === "inclusive" ? Math.round((price * VAT_RATE_PERCENT) / (100 + VAT_RATE_PERCENT)) : 0;
  return { ...base, vat, vatAdded, vatIncluded, buyerPays: base.buyerPays + vatAdded };
}
