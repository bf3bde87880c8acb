import { describe, expect, it } from "vitest";
import type { SellerDocumentKind, VerificationStatus } from "#db/vocabulary.ts";
import {
  maySubmit,
  missingDocuments,
  nextVerification,
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
