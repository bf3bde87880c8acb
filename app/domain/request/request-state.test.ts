import { describe, expect, it } from "vitest";
import {
  allowedRequestStatuses,
  BUYER_REQUEST_KINDS,
  nextRequestStatus,
  requestStatusNotification,
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
