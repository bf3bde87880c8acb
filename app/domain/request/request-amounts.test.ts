import { describe, expect, it } from "vitest";
import { formatRequestAmounts, requestAmounts } from "./request-amounts.ts";

describe("what a request amounts to", () => {
  it("adds the 2.5% buyer commission to the offer or the listing price", () => {
    expect(requestAmounts({ kind: "offer", listingPrice: 500_000, offerAmount: 400_000 })).toEqual({
      label: "Your offer",
      amount: 400_000,
      commission: 10_000,
      vatAdded: 0,
      total: 410_000,
    });
    expect(requestAmounts({ kind: "viewing", listingPrice: 500_000 })).toMatchObject({
      label: "Listing price",
      total: 512_500,
    });
  });

  it("adds 15% VAT to the total when the listing's price excludes it, as the listing page does", () => {
    const offer = requestAmounts({ kind: "offer", listingPrice: 1_000_000, offerAmount: 950_000, vat: "exclusive" })!;
    expect(offer).toMatchObject({ commission: 23_750, vatAdded: 142_500, total: 1_116_250 });
    expect(formatRequestAmounts(offer).vat).toMatch(/^R\s142\s500$/);
    // Included or not registered: nothing is added.
    expect(requestAmounts({ kind: "offer", listingPrice: 1, offerAmount: 950_000, vat: "inclusive" })).toMatchObject({
      vatAdded: 0,
      total: 973_750,
    });
    expect(
      formatRequestAmounts(requestAmounts({ kind: "purchase", listingPrice: 250_000, vat: "none" })!).vat,
    ).toBeNull();
  });

  it("has nothing to show without an amount", () => {
    expect(requestAmounts({ kind: "offer", listingPrice: 500_000, offerAmount: null })).toBeNull();
    expect(requestAmounts({ kind: "quote", listingPrice: null })).toBeNull();
  });
});
