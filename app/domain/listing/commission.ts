/** The platform's split commission (spec §1, §9): 2.5% from each side. */
export const BUYER_COMMISSION_RATE = 0.025;
export const SELLER_COMMISSION_RATE = 0.025;

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
