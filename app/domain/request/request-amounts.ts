/**
 * What a buyer's request amounts to, shown in the confirmation dialog and in
 * the receipt e-mail from the same numbers (`priceBreakdownWithVat`, the one
 * source of the 2.5% buyer commission and the VAT a price leaves out): an
 * offer counts the offered amount, every other request the listing price;
 * a listing priced without VAT adds 15% to the total, as its page does.
 */
import { priceBreakdownWithVat } from "#app/lib/commission.ts";
import type { VatMode } from "#db/vocabulary.ts";
import type { BuyerRequestKind } from "./request-state.ts";
import { formatOfferAmount } from "./request-schemas.ts";

export type RequestAmounts = { label: string; amount: number; commission: number; vatAdded: number; total: number };

export function requestAmounts(options: {
  kind: BuyerRequestKind;
  listingPrice: number | null;
  offerAmount?: number | null;
  /** How the listing's price stands to VAT (an offer is on the same terms). */
  vat?: VatMode | null;
}): RequestAmounts | null {
  const { kind, listingPrice, offerAmount } = options;
  const base = kind === "offer" ? offerAmount : listingPrice;
  if (base == null || !Number.isFinite(base) || base <= 0) return null;
  const b = priceBreakdownWithVat(base, options.vat ?? null);
  return {
    label: kind === "offer" ? "Your offer" : "Listing price",
    amount: b.price,
    commission: b.buyerCommission,
    vatAdded: b.vatAdded,
    // Cents of an offer stay cents: add in whole cents so 0.1 + 0.2 is not 0.30000000000000004.
    total: Math.round((b.price + b.buyerCommission + b.vatAdded) * 100) / 100,
  };
}

/** The same amounts as text (an offer may carry cents). */
export function formatRequestAmounts(amounts: RequestAmounts) {
  return {
    label: amounts.label,
    amount: formatOfferAmount(amounts.amount),
    commission: formatOfferAmount(amounts.commission),
    /** Null when the price leaves no VAT out. */
    vat: amounts.vatAdded > 0 ? formatOfferAmount(amounts.vatAdded) : null,
    total: formatOfferAmount(amounts.total),
  };
}
