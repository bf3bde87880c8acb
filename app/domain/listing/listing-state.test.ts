import { describe, expect, it } from "vitest";
import { allowedActions, listingBadge, nextListingState, type ListingState } from "./listing-state.ts";

const S = (status: ListingState["status"], adminStatus: ListingState["adminStatus"]): ListingState => ({ status, adminStatus });
const future = new Date(Date.now() + 86_400_000);
const past = new Date(Date.now() - 86_400_000);

describe("listing state map", () => {
  it("approves and rejects only while pending", () => {
    expect(nextListingState(S("pending", "pending"), "approve")).toEqual(S("approved", "approved"));
    expect(nextListingState(S("pending", "pending"), "reject")).toEqual(S("pending", "rejected"));
    expect(nextListingState(S("pending", "rejected"), "approve")).toBeNull();
    expect(nextListingState(S("approved", "approved"), "approve")).toBeNull();
    expect(nextListingState(S("approved", "approved"), "reject")).toBeNull();
    expect(nextListingState(S("pending", "rejected"), "reject")).toBeNull();
  });

  it("marks sold from any state except sold", () => {
    expect(nextListingState(S("approved", "approved"), "mark-sold")).toEqual(S("sold", "approved"));
    expect(nextListingState(S("pending", "pending"), "mark-sold")).toEqual(S("sold", "pending"));
    expect(nextListingState(S("sold", "approved"), "mark-sold")).toBeNull();
    expect(nextListingState(S("sold", "pending"), "approve")).toBeNull();
  });

  it("lists the allowed actions (the admin's buttons)", () => {
    expect(allowedActions(S("pending", "pending"))).toEqual(["approve", "reject", "mark-sold"]);
    expect(allowedActions(S("approved", "approved"))).toEqual(["mark-sold"]);
    expect(allowedActions(S("sold", "approved"))).toEqual([]);
  });

  it("maps to the dashboard badge", () => {
    expect(listingBadge({ ...S("approved", "approved"), expiresOn: future })).toBe("Active");
    expect(listingBadge({ ...S("pending", "pending"), expiresOn: future })).toBe("Pending");
    expect(listingBadge({ ...S("approved", "pending"), expiresOn: future })).toBe("Pending");
    expect(listingBadge({ ...S("pending", "rejected"), expiresOn: future })).toBe("Rejected");
    expect(listingBadge({ ...S("sold", "approved"), expiresOn: future })).toBe("Sold");
    expect(listingBadge({ ...S("approved", "approved"), expiresOn: past })).toBe("Expired");
    expect(listingBadge({ ...S("draft", "approved"), expiresOn: future })).toBe("Draft");
  });
});
