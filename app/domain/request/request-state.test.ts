import { describe, expect, it } from "vitest";
import {
  allowedRequestMoves,
  allowedRequestStatuses,
  awaitingParty,
  BUYER_REQUEST_KINDS,
  isDeal,
  nextRequestStatus,
  requestMoveTarget,
  requestStatusNotification,
  type BuyerRequestKind,
  type RequestActor,
  type RequestStatus,
} from "./request-state.ts";

describe("buyer request state map", () => {
  it("moves new → contacted → closed", () => {
    expect(nextRequestStatus("new", "contacted")).toBe("contacted");
    expect(nextRequestStatus("contacted", "closed")).toBe("closed");
  });

  it("lets a new request be closed without contacting", () => {
    expect(nextRequestStatus("new", "closed")).toBe("closed");
  });

  it("never goes back, never stays put, and closed is final", () => {
    const all: RequestStatus[] = ["new", "contacted", "closed"];
    expect(nextRequestStatus("contacted", "new")).toBeNull();
    expect(nextRequestStatus("closed", "new")).toBeNull();
    expect(nextRequestStatus("closed", "contacted")).toBeNull();
    for (const s of all) expect(nextRequestStatus(s, s)).toBeNull();
  });

  it("refuses statuses it does not know", () => {
    expect(nextRequestStatus("new", "approved")).toBeNull();
    expect(nextRequestStatus("new", "")).toBeNull();
    expect(nextRequestStatus("new", "constructor")).toBeNull();
  });

  it("lists the allowed moves (the admin's buttons)", () => {
    expect(allowedRequestStatuses("new")).toEqual(["contacted", "closed"]);
    expect(allowedRequestStatuses("contacted")).toEqual(["closed"]);
    expect(allowedRequestStatuses("closed")).toEqual([]);
  });
});

describe("the buyer's notification", () => {
  it("has the type of the request and says the new status", () => {
    expect(requestStatusNotification("offer", "contacted", "CAT 320D Excavator")).toEqual({
      type: "offer_request",
      title: "Your offer request is now Contacted",
      message: 'Our team has picked up your offer request for "CAT 320D Excavator". A representative will contact you soon.',
    });
    expect(requestStatusNotification("purchase", "closed", "Liebherr Crane")).toMatchObject({
      type: "purchase_request",
      title: "Your purchase request is now Closed",
    });
    expect(requestStatusNotification("viewing", "contacted", null).type).toBe("viewing_request");
    expect(requestStatusNotification("quote", "contacted", null)).toMatchObject({
      type: "quote_request",
      message: "Our team has picked up your quote request. A representative will contact you soon.",
    });
  });

  it("covers every kind of request", () => {
    expect(BUYER_REQUEST_KINDS.map((k) => requestStatusNotification(k, "closed", null).type)).toEqual([
      "offer_request",
      "viewing_request",
      "quote_request",
      "purchase_request",
    ]);
  });
});

describe("the request and deal state map, as a table", () => {
  type Row = [kind: BuyerRequestKind, from: RequestStatus, move: string, by: RequestActor, to: RequestStatus | null];
  const allowed: Row[] = [
    ["offer", "new", "counter", "seller", "countered"],
    ["offer", "contacted", "counter", "seller", "countered"],
    ["offer", "new", "accept", "seller", "accepted"],
    ["offer", "new", "decline", "seller", "declined"],
    ["offer", "countered", "reoffer", "buyer", "reoffered"],
    ["offer", "countered", "accept", "buyer", "accepted"],
    ["offer", "countered", "withdraw", "buyer", "withdrawn"],
    ["offer", "reoffered", "counter", "seller", "countered"],
    ["offer", "reoffered", "accept", "seller", "accepted"],
    ["offer", "reoffered", "decline", "seller", "declined"],
    ["offer", "accepted", "sell", "admin", "sold"],
    ["offer", "accepted", "close", "admin", "closed"],
    ["offer", "declined", "close", "admin", "closed"],
    ["offer", "withdrawn", "close", "admin", "closed"],
    ["viewing", "new", "accept", "seller", "accepted"],
    ["viewing", "new", "counter", "seller", "countered"],
    ["viewing", "countered", "accept", "buyer", "accepted"],
    ["viewing", "countered", "withdraw", "buyer", "withdrawn"],
    ["purchase", "new", "accept", "seller", "accepted"],
    ["purchase", "contacted", "decline", "seller", "declined"],
    ["purchase", "accepted", "sell", "admin", "sold"],
    ["purchase", "new", "withdraw", "buyer", "withdrawn"],
    ["quote", "new", "withdraw", "buyer", "withdrawn"],
    ["quote", "new", "contact", "admin", "contacted"],
  ];
  const refused: Row[] = [
    // Each side makes only its own moves.
    ["offer", "new", "counter", "buyer", null],
    ["offer", "new", "accept", "buyer", null],
    ["offer", "countered", "accept", "seller", null],
    ["offer", "countered", "counter", "seller", null],
    ["offer", "new", "withdraw", "seller", null],
    ["offer", "accepted", "sell", "seller", null],
    ["offer", "new", "sell", "admin", null],
    // Only offers take a new offer; only offers and viewings a counter; quotes go to the team.
    ["viewing", "countered", "reoffer", "buyer", null],
    ["purchase", "new", "counter", "seller", null],
    ["quote", "new", "accept", "seller", null],
    ["quote", "new", "counter", "seller", null],
    // A viewing is not a deal: it is not sold.
    ["viewing", "accepted", "sell", "admin", null],
    // Settled is settled.
    ["offer", "accepted", "withdraw", "buyer", null],
    ["offer", "accepted", "decline", "seller", null],
    ["offer", "declined", "accept", "seller", null],
    ["offer", "withdrawn", "accept", "seller", null],
    ["offer", "sold", "close", "admin", null],
    ["offer", "closed", "accept", "seller", null],
    ["offer", "closed", "withdraw", "buyer", null],
    ["purchase", "sold", "sell", "admin", null],
    // Unknown moves.
    ["offer", "new", "approve", "seller", null],
    ["offer", "new", "constructor", "seller", null],
  ];
  it.each(allowed)("%s %s: %s by %s → %s", (kind, status, move, by, to) => {
    expect(requestMoveTarget({ kind, status, move, by })).toBe(to);
  });
  it.each(refused)("%s %s: %s by %s is refused", (kind, status, move, by) => {
    expect(requestMoveTarget({ kind, status, move, by })).toBeNull();
  });

  it("lists each side's buttons", () => {
    expect(allowedRequestMoves({ kind: "offer", status: "new", by: "seller" })).toEqual(["accept", "decline", "counter"]);
    expect(allowedRequestMoves({ kind: "offer", status: "countered", by: "buyer" })).toEqual(["accept", "reoffer", "withdraw"]);
    expect(allowedRequestMoves({ kind: "purchase", status: "new", by: "seller" })).toEqual(["accept", "decline"]);
    expect(allowedRequestMoves({ kind: "offer", status: "countered", by: "seller" })).toEqual([]);
    expect(allowedRequestStatuses("accepted", "offer")).toEqual(["sold", "closed"]);
    expect(allowedRequestStatuses("accepted", "viewing")).toEqual(["closed"]);
  });

  it("makes an accepted offer or purchase request a deal, and says whose turn it is", () => {
    expect(isDeal("offer", "accepted")).toBe(true);
    expect(isDeal("purchase", "accepted")).toBe(true);
    expect(isDeal("viewing", "accepted")).toBe(false);
    expect(isDeal("offer", "countered")).toBe(false);
    expect(awaitingParty("countered")).toBe("buyer");
    expect(awaitingParty("reoffered")).toBe("seller");
    expect(awaitingParty("accepted")).toBeNull();
  });
});
