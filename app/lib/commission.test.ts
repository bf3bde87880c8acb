import { describe, expect, it } from "vitest";
import { priceBreakdown, SELLER_COMMISSION_NOTE } from "#app/lib/commission.ts";

describe("price breakdown", () => {
  it("adds 2.5% for the buyer and keeps 97.5% for the seller", () => {
    expect(priceBreakdown(1_000_000)).toEqual({
      price: 1_000_000,
      buyerCommission: 25_000,
      buyerPays: 1_025_000,
      sellerCommission: 25_000,
      sellerReceives: 975_000,
    });
  });
  it("rounds to whole rand", () => {
    const b = priceBreakdown(1_450_001);
    expect(b.buyerCommission).toBe(36_250);
    expect(b.buyerPays).toBe(1_486_251);
    expect(b.sellerReceives).toBe(1_413_751);
  });
  it("is zero for a zero price", () => {
    expect(priceBreakdown(0)).toMatchObject({ buyerPays: 0, sellerReceives: 0 });
  });
});

describe("commission words", () => {
  it("say 2.5% from each side and 97.5% for the seller", () => {
    expect(SELLER_COMMISSION_NOTE).toBe(
      "Our commission is 2.5% from each side: your 2.5% is deducted from the sale price, so you receive 97.5%; the buyer's 2.5% is added to the price they pay.",
    );
  });
});
