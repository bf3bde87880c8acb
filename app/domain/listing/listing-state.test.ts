import { describe, expect, it } from "vitest";
import {
  allowedActions,
  listingBadge,
  daysUntilExpiry,
  maySellerChangePrice,
  nextListingState,
  nextRevisionStatus,
  nextRenewal,
  nextSellerChange,
  sellerEditOutcome,
  type ListingState,
  type RenewalSubject,
} from "./listing-state.ts";

const S = (status: ListingState["status"], adminStatus: ListingState["adminStatus"]): ListingState => ({
  status,
  adminStatus,
});
/** A listing whose mandate is signed (the normal case for moderation). */
const M = (status: ListingState["status"], adminStatus: ListingState["adminStatus"], mandateSigned = true) => ({
  ...S(status, adminStatus),
  mandateSigned,
});
const future = new Date(Date.now() + 86_400_000);
const past = new Date(Date.now() - 86_400_000);

describe("listing state map", () => {
  it("approves and rejects only while pending", () => {
    expect(nextListingState(M("pending", "pending"), "approve")).toEqual(S("approved", "approved"));
    expect(nextListingState(M("pending", "pending"), "reject")).toEqual(S("pending", "rejected"));
    expect(nextListingState(M("pending", "rejected"), "approve")).toBeNull();
    expect(nextListingState(M("approved", "approved"), "approve")).toBeNull();
    expect(nextListingState(M("approved", "approved"), "reject")).toBeNull();
    expect(nextListingState(M("pending", "rejected"), "reject")).toBeNull();
  });

  it("approves only once the seller has signed the mandate; rejecting needs no mandate", () => {
    expect(nextListingState(M("pending", "pending", false), "approve")).toBeNull();
    expect(nextListingState(M("pending", "pending", false), "reject")).toEqual(S("pending", "rejected"));
    expect(allowedActions(M("pending", "pending", false))).toEqual(["reject", "mark-sold"]);
  });

  it("marks sold from any state except sold", () => {
    expect(nextListingState(M("approved", "approved"), "mark-sold")).toEqual(S("sold", "approved"));
    expect(nextListingState(M("pending", "pending"), "mark-sold")).toEqual(S("sold", "pending"));
    expect(nextListingState(M("sold", "approved"), "mark-sold")).toBeNull();
    expect(nextListingState(M("sold", "pending"), "approve")).toBeNull();
  });

  it("lists the allowed actions (the admin's buttons)", () => {
    expect(allowedActions(M("pending", "pending"))).toEqual(["approve", "reject", "mark-sold"]);
    expect(allowedActions(M("approved", "approved"))).toEqual(["mark-sold"]);
    expect(allowedActions(M("sold", "approved"))).toEqual([]);
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

describe("the seller's own price change", () => {
  it("applies to any listing not sold", () => {
    const cases: [ListingState, boolean][] = [
      [{ status: "pending", adminStatus: "pending" }, true],
      [{ status: "approved", adminStatus: "approved" }, true],
      [{ status: "pending", adminStatus: "rejected" }, true],
      [{ status: "sold", adminStatus: "approved" }, false],
    ];
    for (const [state, allowed] of cases) expect(maySellerChangePrice(state), JSON.stringify(state)).toBe(allowed);
  });
});

describe("the seller's own moves", () => {
  const now = new Date("2026-11-26T10:00:00Z");
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
  const live = { ...S("approved", "approved"), archived: false, withdrawnAt: null };
  it("withdraws a listing on the market, never a sold or withdrawn one", () => {
    expect(nextSellerChange(live, "withdraw", now)).toEqual({ archived: true, withdrawnAt: now });
    expect(nextSellerChange({ ...live, ...S("pending", "pending") }, "withdraw", now)).toEqual({
      archived: true,
      withdrawnAt: now,
    });
    expect(nextSellerChange({ ...live, status: "sold" }, "withdraw", now)).toBeNull();
    expect(nextSellerChange({ ...live, archived: true, withdrawnAt: daysAgo(1) }, "withdraw", now)).toBeNull();
  });
  it("relists a withdrawn listing at once within 30 days, through review after", () => {
    expect(nextSellerChange({ ...live, archived: true, withdrawnAt: daysAgo(29) }, "relist", now)).toEqual({
      archived: false,
      withdrawnAt: null,
    });
    expect(nextSellerChange({ ...live, archived: true, withdrawnAt: daysAgo(31) }, "relist", now)).toEqual({
      archived: false,
      withdrawnAt: null,
      status: "pending",
      adminStatus: "pending",
    });
    // A rejected listing stays rejected when relisted (the seller lists again).
    expect(
      nextSellerChange(
        { ...live, ...S("pending", "rejected"), archived: true, withdrawnAt: daysAgo(40) },
        "relist",
        now,
      ),
    ).toEqual({
      archived: false,
      withdrawnAt: null,
    });
    expect(nextSellerChange(live, "relist", now)).toBeNull();
    expect(
      nextSellerChange({ ...live, status: "sold", archived: true, withdrawnAt: daysAgo(1) }, "relist", now),
    ).toBeNull();
  });
  it("marks sold once", () => {
    expect(nextSellerChange(live, "mark-sold", now)).toEqual({ status: "sold" });
    expect(nextSellerChange({ ...live, archived: true, withdrawnAt: now }, "mark-sold", now)).toEqual({
      status: "sold",
    });
    expect(nextSellerChange({ ...live, status: "sold" }, "mark-sold", now)).toBeNull();
  });
  it("shows a withdrawn listing as Withdrawn on the dashboard", () => {
    expect(
      listingBadge({ ...S("approved", "approved"), archived: true, expiresOn: new Date(Date.now() + 86_400_000) }),
    ).toBe("Withdrawn");
  });
});

describe("the seller's edit", () => {
  it("sends an approved listing's reviewed content to review, updates a pending one, resubmits a rejected one", () => {
    const cases: [ListingState, ReturnType<typeof sellerEditOutcome>][] = [
      [S("approved", "approved"), { kind: "revision" }],
      [S("pending", "pending"), { kind: "update" }],
      [S("approved", "pending"), { kind: "update" }],
      [S("draft", "pending"), { kind: "update" }],
      [S("pending", "rejected"), { kind: "resubmit", next: S("pending", "pending") }],
      [S("sold", "approved"), null],
      [S("sold", "pending"), null],
      [S("sold", "rejected"), null],
    ];
    for (const [state, outcome] of cases) expect(sellerEditOutcome(state), JSON.stringify(state)).toEqual(outcome);
  });

  it("decides a pending revision once: approved, rejected or withdrawn, then nothing", () => {
    const all = ["pending", "approved", "rejected", "withdrawn"] as const;
    const allowed = new Set(["pending>approved", "pending>rejected", "pending>withdrawn"]);
    for (const from of all)
      for (const to of all)
        expect(nextRevisionStatus(from, to), `${from} → ${to}`).toBe(allowed.has(`${from}>${to}`) ? to : null);
  });
});

describe("renewing the mandate", () => {
  const now = new Date("2026-11-26T10:00:00Z");
  const day = 86_400_000;
  const inDays = (d: number) => new Date(now.getTime() + d * day);
  const live: RenewalSubject = { ...S("approved", "approved"), archived: false, expiresOn: inDays(5), mandateSigned: true };
  it("allows it, as a table: which listings may renew", () => {
    const cases: [string, RenewalSubject, string][] = [
      ["live, ends in 5 days", live, "ok"],
      ["live, ends in 30 days", { ...live, expiresOn: inDays(30) }, "ok"],
      ["live, ends in 31 days", { ...live, expiresOn: inDays(31) }, "too-early"],
      ["expired", { ...live, expiresOn: inDays(-10) }, "ok"],
      ["pending review", { ...live, ...S("pending", "pending") }, "ok"],
      ["sold", { ...live, status: "sold" }, "sold"],
      ["rejected", { ...live, ...S("pending", "rejected") }, "rejected"],
      ["withdrawn", { ...live, archived: true }, "withdrawn"],
      ["mandate never signed", { ...live, ...S("pending", "pending"), mandateSigned: false }, "unsigned"],
    ];
    for (const [name, subject, outcome] of cases) {
      const r = nextRenewal(subject, now);
      expect(r.ok ? "ok" : r.refusal, name).toBe(outcome);
    }
  });
  it("starts the new term when the current one ends, without a gap, for 90 days", () => {
    expect(nextRenewal(live, now)).toEqual({ ok: true, termStarts: inDays(5), termEnds: inDays(95) });
  });
  it("starts it now when the listing has already expired", () => {
    expect(nextRenewal({ ...live, expiresOn: inDays(-10) }, now)).toEqual({ ok: true, termStarts: now, termEnds: inDays(90) });
  });
  it("says from when a listing renewed too early may renew", () => {
    expect(nextRenewal({ ...live, expiresOn: inDays(60) }, now)).toEqual({
      ok: false,
      refusal: "too-early",
      renewableFrom: inDays(30),
    });
  });
  it("counts the days left, rounded up", () => {
    expect(daysUntilExpiry(inDays(7), now)).toBe(7);
    expect(daysUntilExpiry(new Date(now.getTime() + 3_600_000), now)).toBe(1);
    expect(daysUntilExpiry(inDays(-2), now)).toBe(-2);
  });
});
