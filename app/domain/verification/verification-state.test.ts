import { describe, expect, it } from "vitest";
import type { SellerDocumentKind, VerificationStatus } from "#db/vocabulary.ts";
import {
  maySubmit,
  missingDocuments,
  nextVerification,
  notAcceptedDocuments,
  requiredDocuments,
  uploadResetsVerification,
  verificationLinkLabel,
  type SellerKind,
  type VerificationActor,
  type VerificationMove,
  type VerificationOutcome,
} from "./verification-state.ts";

const ALL: SellerDocumentKind[] = ["identity", "company_registration", "proof_of_address"];
const ID: SellerDocumentKind[] = ["identity"];

describe("verification state map", () => {
  // status, seller type, documents, move, by, reason → outcome
  const cases: [
    VerificationStatus,
    SellerKind,
    SellerDocumentKind[],
    VerificationMove,
    VerificationActor,
    string | null,
    VerificationOutcome,
  ][] = [
    // An admin verifies only a seller whose required documents are all there (a verified company seller
    // who uploads one new document is waiting for review with the others possibly missing).
    [
      "pending",
      "company",
      ID,
      "verify",
      "admin",
      null,
      { ok: false, refusal: "missing-documents", missing: ["company_registration", "proof_of_address"] },
    ],
    ["pending", "company", ID, "reject", "admin", "Send the CIPC registration.", { ok: true, to: "rejected" }],
    // The seller sends their documents.
    ["unverified", "private", ID, "submit", "seller", null, { ok: true, to: "pending" }],
    ["unverified", null, ID, "submit", "seller", null, { ok: true, to: "pending" }],
    ["unverified", "company", ALL, "submit", "seller", null, { ok: true, to: "pending" }],
    ["rejected", "private", ID, "submit", "seller", null, { ok: true, to: "pending" }],
    [
      "unverified",
      "private",
      [],
      "submit",
      "seller",
      null,
      { ok: false, refusal: "missing-documents", missing: ["identity"] },
    ],
    [
      "unverified",
      "company",
      ID,
      "submit",
      "seller",
      null,
      { ok: false, refusal: "missing-documents", missing: ["company_registration", "proof_of_address"] },
    ],
    [
      "rejected",
      "company",
      ["identity", "proof_of_address"],
      "submit",
      "seller",
      null,
      { ok: false, refusal: "missing-documents", missing: ["company_registration"] },
    ],
    ["pending", "private", ID, "submit", "seller", null, { ok: false, refusal: "not-allowed" }],
    ["verified", "private", ID, "submit", "seller", null, { ok: false, refusal: "not-allowed" }],
    // Uploading: only a verified seller's upload changes the state.
    ["verified", "private", ID, "upload", "seller", null, { ok: true, to: "pending" }],
    ["unverified", "private", [], "upload", "seller", null, { ok: true, to: "unverified" }],
    ["pending", "private", ID, "upload", "seller", null, { ok: true, to: "pending" }],
    ["rejected", "private", ID, "upload", "seller", null, { ok: true, to: "rejected" }],
    // The admin decides a pending seller only.
    ["pending", "private", ID, "verify", "admin", null, { ok: true, to: "verified" }],
    ["pending", "private", ID, "reject", "admin", "The photo is unreadable", { ok: true, to: "rejected" }],
    ["pending", "private", ID, "reject", "admin", null, { ok: false, refusal: "reason-required" }],
    ["pending", "private", ID, "reject", "admin", "   ", { ok: false, refusal: "reason-required" }],
    ["verified", "private", ID, "verify", "admin", null, { ok: false, refusal: "not-allowed" }],
    ["rejected", "private", ID, "verify", "admin", null, { ok: false, refusal: "not-allowed" }],
    ["unverified", "private", ID, "verify", "admin", null, { ok: false, refusal: "not-allowed" }],
    ["verified", "private", ID, "reject", "admin", "Too late", { ok: false, refusal: "not-allowed" }],
    ["rejected", "private", ID, "reject", "admin", "Again", { ok: false, refusal: "not-allowed" }],
    // Nobody makes the other side's moves.
    ["pending", "private", ID, "verify", "seller", null, { ok: false, refusal: "not-allowed" }],
    ["pending", "private", ID, "reject", "seller", "No", { ok: false, refusal: "not-allowed" }],
    ["unverified", "private", ID, "submit", "admin", null, { ok: false, refusal: "not-allowed" }],
    ["verified", "private", ID, "upload", "admin", null, { ok: false, refusal: "not-allowed" }],
  ];
  it.each(cases)("%s (%s, %j): %s by %s, reason %j", (status, sellerType, documents, move, by, reason, outcome) => {
    expect(nextVerification({ status, sellerType, documents }, move, by, { reason })).toEqual(outcome);
  });

  // After a rejection, sending again needs at least one document uploaded since: the rest were not accepted.
  const afterRejection: [SellerKind, SellerDocumentKind[], SellerDocumentKind[], VerificationOutcome][] = [
    ["private", ID, ID, { ok: false, refusal: "nothing-new", notAccepted: ID }],
    ["private", ID, [], { ok: true, to: "pending" }],
    ["company", ALL, ALL, { ok: false, refusal: "nothing-new", notAccepted: ALL }],
    ["company", ALL, ["identity", "company_registration"], { ok: true, to: "pending" }],
    // A missing document is named first.
    [
      "company",
      ["identity", "proof_of_address"],
      ["identity"],
      { ok: false, refusal: "missing-documents", missing: ["company_registration"] },
    ],
  ];
  it.each(afterRejection)(
    "rejected (%s, %j, not accepted %j): submit by seller",
    (sellerType, documents, notAccepted, outcome) => {
      const subject = { status: "rejected" as const, sellerType, documents, notAccepted };
      expect(nextVerification(subject, "submit", "seller")).toEqual(outcome);
      expect(maySubmit(subject)).toBe(outcome.ok);
    },
  );

  it("an unverified seller's documents are never counted as not accepted", () => {
    expect(
      nextVerification(
        { status: "unverified", sellerType: "private", documents: ID, notAccepted: ID },
        "submit",
        "seller",
      ),
    ).toEqual({ ok: true, to: "pending" });
  });
});

describe("documents not accepted", () => {
  const decidedAt = new Date("2026-11-20T10:00:00Z");
  const documents = [
    { kind: "identity" as const, uploadedAt: new Date("2026-11-19T08:00:00Z") },
    { kind: "company_registration" as const, uploadedAt: "2026-11-20T10:00:00.000Z" },
    { kind: "proof_of_address" as const, uploadedAt: new Date("2026-11-21T09:00:00Z") },
  ];
  it("are the ones uploaded up to the rejection, for a rejected seller only", () => {
    expect(notAcceptedDocuments({ status: "rejected", decidedAt, documents })).toEqual([
      "identity",
      "company_registration",
    ]);
    expect(notAcceptedDocuments({ status: "rejected", decidedAt: decidedAt.toISOString(), documents })).toEqual([
      "identity",
      "company_registration",
    ]);
    for (const status of ["unverified", "pending", "verified"] as const) {
      expect(notAcceptedDocuments({ status, decidedAt, documents }), status).toEqual([]);
    }
    expect(notAcceptedDocuments({ status: "rejected", decidedAt: null, documents })).toEqual([]);
  });
});

describe("required documents", () => {
  it("asks everyone for an identity document, a company also for its CIPC registration and a proof of address", () => {
    expect(requiredDocuments("private")).toEqual(["identity"]);
    expect(requiredDocuments(null)).toEqual(["identity"]);
    expect(requiredDocuments("company")).toEqual(["identity", "company_registration", "proof_of_address"]);
    expect(missingDocuments("company", ["proof_of_address"])).toEqual(["identity", "company_registration"]);
    expect(missingDocuments("private", ["proof_of_address"])).toEqual(["identity"]);
  });

  it("offers Send for verification only when the seller may submit", () => {
    expect(maySubmit({ status: "unverified", sellerType: "private", documents: ID })).toBe(true);
    expect(maySubmit({ status: "unverified", sellerType: "company", documents: ID })).toBe(false);
    expect(maySubmit({ status: "pending", sellerType: "private", documents: ID })).toBe(false);
    expect(maySubmit({ status: "verified", sellerType: "private", documents: ID })).toBe(false);
    expect(maySubmit({ status: "rejected", sellerType: "private", documents: ID })).toBe(true);
  });

  it("warns a verified seller only that an upload takes the badge away", () => {
    const cases: [VerificationStatus, boolean][] = [
      ["verified", true],
      ["pending", false],
      ["unverified", false],
      ["rejected", false],
    ];
    for (const [status, resets] of cases) expect(uploadResetsVerification(status), status).toBe(resets);
  });

  it("labels the dashboard's link by the status", () => {
    expect(verificationLinkLabel("unverified")).toBe("Get verified");
    expect(verificationLinkLabel("pending")).toBe("Verification pending");
    expect(verificationLinkLabel("verified")).toBe("Verified seller");
  });
});
