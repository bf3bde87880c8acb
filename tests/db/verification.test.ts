/**
 * Seller verification on a real database (docs/product.md#verified-sellers), through the real route
 * actions and loaders: uploads are judged by their content (a real PNG named ".pdf" is a PNG; an HTML
 * page named ".pdf", a "%PDF-" header over junk and a file of 10 MB + 1 byte are refused with 400, and
 * a refusal leaves no row and no file); a new document replaces the old one, whose file goes; "Send for
 * verification" needs the identity document, and a company seller also the CIPC registration and a proof
 * of address; the state map's moves and refusals; verifying and rejecting each write the audit row, the
 * seller's notification and the outbox e-mail in one transaction (a failure in the last step leaves
 * nothing); a second admin's stale decision gets 409 and changes nothing; a verified seller's new
 * document sends them back to review (the page names each required document still missing), a seller not
 * accepted sends again only with a new document (the old ones are marked as not accepted); the private
 * download answers the owner and admins (as an attachment, private, no-store) and everyone else with the
 * 404 page; uploads are rate-limited per user.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { findAdminListings } from "#app/domain/listing/find-admin-listings.server.ts";
import { decideVerification } from "#app/domain/verification/decide-verification.server.ts";
import { findVerificationQueue } from "#app/domain/verification/find-verifications.server.ts";
import { submitVerification } from "#app/domain/verification/submit-verification.server.ts";
import { uploadSellerDocument } from "#app/domain/verification/upload-seller-document.server.ts";
import { MAX_DOCUMENT_BYTES, VERIFICATION_MESSAGES } from "#app/domain/verification/verification-schemas.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { TOO_MANY, USER_LIMITS } from "#app/lib/rate-limit.server.ts";
import { action as sellerAction, loader as sellerLoader } from "#app/routes/account/seller-verification.tsx";
import { loader as documentLoader } from "#app/routes/account/verification-document.ts";
import { action as adminAction, loader as adminLoader } from "#app/routes/admin/admin-verifications.tsx";
import type { SellerDocumentKind } from "#db/vocabulary.ts";
import { BASE, dbLabel, refusal, startTestRuntime, type Persona, type TestRuntime } from "./support/harness.ts";

let h: TestRuntime;
let admin: Persona;
let otherAdmin: Persona;
let buyer: Persona;
let pdf: Buffer;
let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  h = await startTestRuntime();
  admin = await adminPersona();
  otherAdmin = await adminPersona();
  buyer = await h.persona("buyer");
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText("Identity document");
  pdf = Buffer.from(await doc.save());
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 90, b: 10 } } })
    .jpeg()
    .toBuffer();
});
afterAll(() => h.stop());

/** An active admin with a buyer account, signed in. */
async function adminPersona(): Promise<Persona> {
  const viewer = await h.createAdmin();
  return { viewer, cookie: await h.cookieFor(viewer.email) };
}

/** A fresh seller, signed in; a company seller when asked. */
async function sellerPersona(type: "private" | "company" = "private"): Promise<Persona> {
  const viewer = await h.createSeller({ fullName: `Seller ${randomUUID().slice(0, 8)}` });
  await h.rt.db.update(s.sellers).set({ sellerType: type }).where(eq(s.sellers.userId, viewer.userId));
  return { viewer, cookie: await h.cookieFor(viewer.email) };
}

const uploadForm = (kind: string, file?: { name: string; bytes: Buffer; type?: string }) => {
  const f = new FormData();
  f.set("intent", "upload");
  f.set("kind", kind);
  if (file)
    f.set("document", new File([new Uint8Array(file.bytes)], file.name, { type: file.type ?? "application/pdf" }));
  return f;
};
const upload = (p: Persona, kind: SellerDocumentKind | string, file?: { name: string; bytes: Buffer; type?: string }) =>
  h.call(sellerAction, { path: "/account/verification", cookie: p.cookie, body: uploadForm(kind, file) });
const submit = (p: Persona) => {
  const f = new FormData();
  f.set("intent", "submit");
  return h.call(sellerAction, { path: "/account/verification", cookie: p.cookie, body: f });
};
const decide = (p: Persona, fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return h.call(adminAction, { path: "/admin/verifications", cookie: p.cookie, body: f });
};
const sellerRow = async (userId: string) =>
  (await h.rt.db.select().from(s.sellers).where(eq(s.sellers.userId, userId)))[0]!;
const documentsOf = (userId: string) =>
  h.rt.db.select().from(s.sellerDocuments).where(eq(s.sellerDocuments.userId, userId));
const filesOf = (userId: string) => {
  const dir = path.join(h.uploads, "private", "verification", userId);
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
};
/** The version the admin's queue shows for a seller (what a decision carries back). */
const versionOf = async (userId: string) => {
  const queue = await findVerificationQueue({ db: h.rt.db, admin: admin.viewer });
  return queue.pending.find((r) => r.userId === userId)?.version ?? "none";
};
const countsWithoutLimits = async () => ({ ...(await h.rowCounts()), rate_limits: 0 });
const messageOf = (answer: { body: unknown }) => JSON.stringify(answer.body);

/** A private seller whose identity document is uploaded and sent: waiting for review. */
async function pendingSeller() {
  const p = await sellerPersona();
  expect((await upload(p, "identity", { name: "id.pdf", bytes: pdf })).status).toBe(302);
  expect((await submit(p)).status).toBe(302);
  return p;
}

describe(`uploads are judged by their content (${dbLabel})`, () => {
  it("stores a real PDF privately, with its type, size and name", async () => {
    const p = await sellerPersona();
    const answer = await upload(p, "identity", { name: "My ID.pdf", bytes: pdf });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/account/verification");
    const [doc] = await documentsOf(p.viewer.userId);
    expect(doc).toMatchObject({
      kind: "identity",
      contentType: "application/pdf",
      fileName: "My ID.pdf",
      sizeBytes: pdf.length,
    });
    expect(doc!.storageKey).toMatch(new RegExp(`^private/verification/${p.viewer.userId}/[0-9a-f-]{36}\\.pdf$`));
    expect(fs.readFileSync(path.join(h.uploads, doc!.storageKey)).equals(pdf)).toBe(true);
    // Uploading changes nothing about the status: the seller sends when ready.
    expect((await sellerRow(p.viewer.userId)).verificationStatus).toBe("unverified");
  });

  it("takes a real PNG named .pdf as the PNG it is, and a JPEG", async () => {
    const p = await sellerPersona("company");
    expect((await upload(p, "identity", { name: "passport.pdf", bytes: png, type: "application/pdf" })).status).toBe(
      302,
    );
    expect((await upload(p, "proof_of_address", { name: "bill.JPG", bytes: jpeg, type: "text/html" })).status).toBe(
      302,
    );
    const docs = await documentsOf(p.viewer.userId);
    const identity = docs.find((d) => d.kind === "identity")!;
    expect(identity).toMatchObject({ contentType: "image/png", fileName: "passport.png" });
    expect(identity.storageKey).toMatch(/\.png$/);
    expect(docs.find((d) => d.kind === "proof_of_address")).toMatchObject({
      contentType: "image/jpeg",
      fileName: "bill.jpg",
    });
  });

  const refused: [string, () => { name: string; bytes: Buffer; type?: string } | undefined, string][] = [
    [
      "an HTML page named .pdf",
      () => ({
        name: "id.pdf",
        bytes: Buffer.from("<!doctype html><script>alert(1)</script>"),
        type: "application/pdf",
      }),
      VERIFICATION_MESSAGES.wrongType,
    ],
    [
      "a %PDF- header over junk",
      () => ({ name: "id.pdf", bytes: Buffer.from("%PDF-1.7\nnot really a pdf at all") }),
      VERIFICATION_MESSAGES.wrongType,
    ],
    [
      "a PNG signature over junk",
      () => ({
        name: "id.png",
        bytes: Buffer.concat([png.subarray(0, 8), Buffer.from("junk junk junk")]),
        type: "image/png",
      }),
      VERIFICATION_MESSAGES.wrongType,
    ],
    [
      "a WebP (not one of the formats)",
      () => ({ name: "id.webp", bytes: Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 ") }),
      VERIFICATION_MESSAGES.wrongType,
    ],
    [
      "a file of 10 MB + 1 byte",
      () => ({ name: "big.pdf", bytes: Buffer.concat([pdf, Buffer.alloc(MAX_DOCUMENT_BYTES + 1 - pdf.length)]) }),
      VERIFICATION_MESSAGES.tooLarge,
    ],
    ["no file", () => undefined, VERIFICATION_MESSAGES.noFile],
  ];
  it.each(refused)("refuses %s with 400 and writes no row and no file", async (_what, file, message) => {
    const p = await sellerPersona();
    const before = await countsWithoutLimits();
    const answer = await upload(p, "identity", file());
    expect(answer.status).toBe(400);
    expect(messageOf(answer)).toContain(message);
    expect(await countsWithoutLimits()).toEqual(before);
    expect(filesOf(p.viewer.userId)).toEqual([]);
  });

  it("accepts exactly 10 MB", async () => {
    const p = await sellerPersona();
    // A real PNG padded to the limit (bytes after the PNG's end are ignored by readers).
    const bytes = Buffer.concat([png, Buffer.alloc(MAX_DOCUMENT_BYTES - png.length)]);
    expect((await upload(p, "identity", { name: "scan.png", bytes, type: "image/png" })).status).toBe(302);
    expect((await documentsOf(p.viewer.userId))[0]!.sizeBytes).toBe(MAX_DOCUMENT_BYTES);
  });

  it("refuses an unknown kind with 400", async () => {
    const p = await sellerPersona();
    const answer = await upload(p, "bank_statement", { name: "id.pdf", bytes: pdf });
    expect(answer.status).toBe(400);
    expect(messageOf(answer)).toContain(VERIFICATION_MESSAGES.kind);
    expect(await documentsOf(p.viewer.userId)).toEqual([]);
  });

  it("removes the written file when the transaction fails", async () => {
    const p = await sellerPersona();
    const failing = {
      ...h.rt,
      db: { transaction: async () => Promise.reject(new Error("database went away")) } as unknown as typeof h.rt.db,
    };
    await expect(
      uploadSellerDocument({
        runtime: failing,
        viewer: p.viewer,
        kind: "identity",
        file: { name: "id.pdf", bytes: pdf },
      }),
    ).rejects.toThrow("database went away");
    expect(filesOf(p.viewer.userId)).toEqual([]);
  });

  it("a buyer has no verification: the page and the upload send them home", async () => {
    const page = await h.call(sellerLoader, { path: "/account/verification", method: "GET", cookie: buyer.cookie });
    expect(page.status).toBe(302);
    expect(page.location).toBe("/");
    const answer = await upload(buyer, "identity", { name: "id.pdf", bytes: pdf });
    expect(answer.location).toBe("/");
    expect(await documentsOf(buyer.viewer.userId)).toEqual([]);
    const visitor = await h.call(sellerLoader, { path: "/account/verification", method: "GET" });
    expect(visitor.location).toMatch(/^\/signin\?redirectTo=/);
  });
});

describe("replacing a document", () => {
  it("keeps one document per kind: the new row replaces the old, whose file is deleted", async () => {
    const p = await sellerPersona();
    await upload(p, "identity", { name: "old.pdf", bytes: pdf });
    const [old] = await documentsOf(p.viewer.userId);
    expect(filesOf(p.viewer.userId)).toEqual([path.basename(old!.storageKey)]);
    expect((await upload(p, "identity", { name: "new.png", bytes: png, type: "image/png" })).status).toBe(302);
    const docs = await documentsOf(p.viewer.userId);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ fileName: "new.png", contentType: "image/png" });
    expect(docs[0]!.id).not.toBe(old!.id);
    expect(filesOf(p.viewer.userId)).toEqual([path.basename(docs[0]!.storageKey)]);
    const audit = await h.rt.db
      .select()
      .from(s.auditEvents)
      .where(and(eq(s.auditEvents.entityId, p.viewer.userId), eq(s.auditEvents.action, "seller.document-replace")));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.data).toMatchObject({ before: { fileName: "old.pdf" }, after: { fileName: "new.png" } });
  });

  it("a refused replacement keeps the old document and its file", async () => {
    const p = await sellerPersona();
    await upload(p, "identity", { name: "old.pdf", bytes: pdf });
    const before = await documentsOf(p.viewer.userId);
    expect((await upload(p, "identity", { name: "x.pdf", bytes: Buffer.from("<html></html>") })).status).toBe(400);
    expect(await documentsOf(p.viewer.userId)).toEqual(before);
    expect(filesOf(p.viewer.userId)).toEqual([path.basename(before[0]!.storageKey)]);
  });
});

describe("sending for verification", () => {
  it("a private seller needs the identity document; then every admin is told", async () => {
    const p = await sellerPersona();
    const early = await submit(p);
    expect(early.status).toBe(400);
    expect(messageOf(early)).toContain("Please upload these documents first: Identity document.");
    expect((await sellerRow(p.viewer.userId)).verificationStatus).toBe("unverified");

    await upload(p, "identity", { name: "id.pdf", bytes: pdf });
    expect((await submit(p)).status).toBe(302);
    const row = await sellerRow(p.viewer.userId);
    expect(row.verificationStatus).toBe("pending");
    expect(row.isVerified).toBe(false);
    expect(row.verificationSubmittedAt).toBeInstanceOf(Date);
    for (const a of [admin, otherAdmin]) {
      const notes = await h.rt.db
        .select()
        .from(s.notifications)
        .where(and(eq(s.notifications.userId, a.viewer.userId), eq(s.notifications.type, "verification")));
      expect(notes.some((n) => n.title.includes(p.viewer.fullName!) && n.link === "/admin/verifications")).toBe(true);
    }
    // Sent already: a second send is refused with 409.
    const again = await submit(p);
    expect(again.status).toBe(409);
    expect(messageOf(again)).toContain("wait for our team's review");
  });

  it("a company seller also needs the CIPC registration and a proof of address", async () => {
    const p = await sellerPersona("company");
    await upload(p, "identity", { name: "id.pdf", bytes: pdf });
    const early = await submit(p);
    expect(early.status).toBe(400);
    expect(messageOf(early)).toContain("Company registration (CIPC), Proof of address");
    await upload(p, "company_registration", { name: "cipc.pdf", bytes: pdf });
    expect((await submit(p)).status).toBe(400);
    await upload(p, "proof_of_address", { name: "bill.jpg", bytes: jpeg, type: "image/jpeg" });
    expect((await submit(p)).status).toBe(302);
    expect((await sellerRow(p.viewer.userId)).verificationStatus).toBe("pending");
  });

  it("the seller's page says where they stand and offers Send only when ready", async () => {
    const p = await sellerPersona("company");
    const page = async () =>
      (
        (await h.call(sellerLoader, { path: "/account/verification", method: "GET", cookie: p.cookie })).body as {
          verification: {
            status: string;
            maySubmit: boolean;
            missing: string[];
            kinds: string[];
            documents: { url: string }[];
          };
        }
      ).verification;
    expect(await page()).toMatchObject({
      status: "unverified",
      maySubmit: false,
      missing: ["identity", "company_registration", "proof_of_address"],
      kinds: ["identity", "company_registration", "proof_of_address"],
    });
    for (const kind of ["identity", "company_registration", "proof_of_address"]) {
      await upload(p, kind, { name: `${kind}.pdf`, bytes: pdf });
    }
    const ready = await page();
    expect(ready).toMatchObject({ maySubmit: true, missing: [] });
    expect(ready.documents.every((d) => /^\/verification-documents\/[0-9a-f-]{36}$/.test(d.url))).toBe(true);
  });
});

describe("the admin's decisions", () => {
  it("lists the waiting sellers oldest first, with their documents and version", async () => {
    const first = await pendingSeller();
    const second = await pendingSeller();
    const page = (await h.call(adminLoader, { path: "/admin/verifications", method: "GET", cookie: admin.cookie }))
      .body as {
      pending: { userId: string; documents: unknown[]; version: string }[];
    };
    const ids = page.pending.map((r) => r.userId);
    expect(ids.indexOf(first.viewer.userId)).toBeLessThan(ids.indexOf(second.viewer.userId));
    expect(page.pending.find((r) => r.userId === first.viewer.userId)!.documents).toHaveLength(1);
  });

  it("verify: the status, the audit row, the seller's notification and the e-mail, together", async () => {
    const p = await pendingSeller();
    const answer = await decide(admin, {
      intent: "verify",
      sellerUserId: p.viewer.userId,
      version: await versionOf(p.viewer.userId),
    });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/admin/verifications");
    const row = await sellerRow(p.viewer.userId);
    expect(row).toMatchObject({
      verificationStatus: "verified",
      isVerified: true,
      verificationDecidedBy: admin.viewer.userId,
    });
    const [audit] = await h.rt.db
      .select()
      .from(s.auditEvents)
      .where(and(eq(s.auditEvents.entityId, p.viewer.userId), eq(s.auditEvents.action, "seller.verify")));
    expect(audit).toMatchObject({ actorUserId: admin.viewer.userId, entity: "seller" });
    expect(audit!.data).toMatchObject({ before: { status: "pending" }, after: { status: "verified" } });
    const notes = await h.rt.db
      .select()
      .from(s.notifications)
      .where(and(eq(s.notifications.userId, p.viewer.userId), eq(s.notifications.type, "verification")));
    expect(notes.map((n) => n.title)).toEqual(["You are a verified seller"]);
    const mail = await h.rt.db
      .select()
      .from(s.emailOutbox)
      .where(
        and(eq(s.emailOutbox.toAddress, p.viewer.email), eq(s.emailOutbox.template, "send-verification-decision")),
      );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe("You are a verified seller");
    expect(mail[0]!.text).toContain(`${BASE}/account/verification`);
  });

  it("reject: a reason is required; with one, the seller reads it on their page, in the notification and the e-mail", async () => {
    const p = await pendingSeller();
    const version = await versionOf(p.viewer.userId);
    const before = await countsWithoutLimits();
    const blank = await decide(admin, { intent: "reject", sellerUserId: p.viewer.userId, version, reason: "   " });
    expect(blank.status).toBe(400);
    expect(messageOf(blank)).toContain(VERIFICATION_MESSAGES.reason);
    expect(await countsWithoutLimits()).toEqual(before);

    const reason = "The ID photo is too blurred to read";
    expect((await decide(admin, { intent: "reject", sellerUserId: p.viewer.userId, version, reason })).status).toBe(
      302,
    );
    expect(await sellerRow(p.viewer.userId)).toMatchObject({
      verificationStatus: "rejected",
      verificationReason: reason,
      isVerified: false,
    });
    const [audit] = await h.rt.db
      .select()
      .from(s.auditEvents)
      .where(and(eq(s.auditEvents.entityId, p.viewer.userId), eq(s.auditEvents.action, "seller.reject")));
    expect(audit!.data).toMatchObject({ before: { status: "pending" }, after: { status: "rejected", reason } });
    const [note] = await h.rt.db
      .select()
      .from(s.notifications)
      .where(and(eq(s.notifications.userId, p.viewer.userId), eq(s.notifications.type, "verification")));
    expect(note!.message).toContain(reason);
    const [mail] = await h.rt.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, p.viewer.email));
    expect(mail!.text).toContain(`Reason: ${reason}`);
    const pageOf = async () =>
      (
        (await h.call(sellerLoader, { path: "/account/verification", method: "GET", cookie: p.cookie })).body as {
          verification: { status: string; reason: string; maySubmit: boolean; notAccepted: string[] };
        }
      ).verification;
    // The document the admin saw is shown as not accepted, not as ready to send; sending it again is refused.
    expect(await pageOf()).toMatchObject({ status: "rejected", reason, maySubmit: false, notAccepted: ["identity"] });
    const before2 = await countsWithoutLimits();
    const same = await submit(p);
    expect(same.status).toBe(400);
    expect(messageOf(same)).toContain(VERIFICATION_MESSAGES.nothingNew);
    expect(await countsWithoutLimits()).toEqual(before2);

    // A new copy: ready to send again.
    expect((await upload(p, "identity", { name: "sharper-id.pdf", bytes: pdf })).status).toBe(302);
    expect(await pageOf()).toMatchObject({ status: "rejected", maySubmit: true, notAccepted: [] });
    // The seller sends again: waiting once more, the old reason gone.
    expect((await submit(p)).status).toBe(302);
    expect(await sellerRow(p.viewer.userId)).toMatchObject({ verificationStatus: "pending", verificationReason: null });
    expect(await pageOf()).toMatchObject({ status: "pending", notAccepted: [] });

    // The admin's queue keeps the story: the earlier rejection and its reason on the waiting seller, the
    // new copy marked as new since, and the decision still listed under "Decided lately", with where the
    // seller stands now.
    const queue = await findVerificationQueue({ db: h.rt.db, admin: admin.viewer });
    const waiting = queue.pending.find((r) => r.userId === p.viewer.userId)!;
    expect(waiting.history).toEqual([
      { kind: "rejected", at: expect.any(String), byName: admin.viewer.fullName, reason },
    ]);
    expect(waiting.documents.map((d) => [d.fileName, d.newSinceDecision])).toEqual([["sharper-id.pdf", true]]);
    const decided = queue.recent.filter((r) => r.userId === p.viewer.userId);
    expect(decided.map((r) => [r.status, r.reason, r.nowStatus])).toEqual([["rejected", reason, "pending"]]);
    // The decision lists only the documents it was made on: the new copy replaced the one it saw.
    expect(decided[0]!.documents).toEqual([]);
    expect(decided[0]!.replacedSince).toEqual(["identity"]);
  });

  it("a company seller not accepted sends again with one new document; the others are marked as sent before", async () => {
    const p = await sellerPersona("company");
    for (const kind of ["identity", "company_registration", "proof_of_address"] as const) {
      expect((await upload(p, kind, { name: `${kind}.pdf`, bytes: pdf })).status).toBe(302);
    }
    expect((await submit(p)).status).toBe(302);
    const reason = "The proof of address is older than three months";
    const version = await versionOf(p.viewer.userId);
    expect((await decide(admin, { intent: "reject", sellerUserId: p.viewer.userId, version, reason })).status).toBe(
      302,
    );
    const row = await sellerRow(p.viewer.userId);
    // The decision's time is the database's, as the documents' are: each was uploaded before it.
    for (const d of await documentsOf(p.viewer.userId))
      expect(+d.uploadedAt).toBeLessThanOrEqual(+row.verificationDecidedAt!);
    expect((await submit(p)).status).toBe(400);
    expect((await upload(p, "proof_of_address", { name: "new-bill.pdf", bytes: pdf })).status).toBe(302);
    const page = (await h.call(sellerLoader, { path: "/account/verification", method: "GET", cookie: p.cookie }))
      .body as { verification: { maySubmit: boolean; notAccepted: string[]; missing: string[] } };
    expect(page.verification).toMatchObject({
      maySubmit: true,
      notAccepted: ["identity", "company_registration"],
      missing: [],
    });
    expect((await submit(p)).status).toBe(302);
  });

  it("the e-mail, notification and audit row are in the decision's transaction: a failure in the last step leaves nothing", async () => {
    const p = await pendingSeller();
    const version = await versionOf(p.viewer.userId);
    const before = await countsWithoutLimits();
    const runtime = {
      ...h.rt,
      queueEmail: async (...args: Parameters<typeof h.rt.queueEmail>) => {
        await h.rt.queueEmail(...args);
        throw new Error("outbox refused");
      },
    };
    await expect(
      decideVerification({ runtime, admin: admin.viewer, sellerUserId: p.viewer.userId, decision: "verify", version }),
    ).rejects.toThrow("outbox refused");
    expect(await countsWithoutLimits()).toEqual(before);
    expect((await sellerRow(p.viewer.userId)).verificationStatus).toBe("pending");
  });

  it("a second admin's stale decision gets 409 and changes nothing", async () => {
    const p = await pendingSeller();
    const version = await versionOf(p.viewer.userId);
    expect((await decide(admin, { intent: "verify", sellerUserId: p.viewer.userId, version })).status).toBe(302);
    const before = await countsWithoutLimits();
    const decided = await sellerRow(p.viewer.userId);
    const lateDecisions: Record<string, string>[] = [
      { intent: "reject", reason: "Looks wrong to me" },
      { intent: "verify" },
    ];
    for (const late of lateDecisions) {
      const answer = await decide(otherAdmin, { ...late, sellerUserId: p.viewer.userId, version });
      expect(answer.status).toBe(409);
      expect(messageOf(answer)).toContain("no longer waiting for review");
    }
    expect(await countsWithoutLimits()).toEqual(before);
    expect(await sellerRow(p.viewer.userId)).toEqual(decided);
  });

  it("a decision on documents that changed since the admin looked gets 409", async () => {
    const p = await pendingSeller();
    const version = await versionOf(p.viewer.userId);
    // The seller replaces the document while waiting: still pending, but not what the admin saw.
    await upload(p, "identity", { name: "clearer.png", bytes: png, type: "image/png" });
    expect((await sellerRow(p.viewer.userId)).verificationStatus).toBe("pending");
    const before = await countsWithoutLimits();
    const stale = await decide(admin, { intent: "verify", sellerUserId: p.viewer.userId, version });
    expect(stale.status).toBe(409);
    expect(messageOf(stale)).toContain("sent or changed documents since you opened the list");
    expect(await countsWithoutLimits()).toEqual(before);
    const fresh = await decide(admin, {
      intent: "verify",
      sellerUserId: p.viewer.userId,
      version: await versionOf(p.viewer.userId),
    });
    expect(fresh.status).toBe(302);
  });

  it("refuses what the map does not allow, and an admin's own seller account", async () => {
    const p = await sellerPersona();
    const notSent = await decide(admin, { intent: "verify", sellerUserId: p.viewer.userId, version: "0-0" });
    expect(notSent.status).toBe(409);
    const unknown = await decide(admin, { intent: "verify", sellerUserId: "no-such-user", version: "0-0" });
    expect(unknown.status).toBe(404);
    // The harness's admin persona is a seller with admin access: not their own decision.
    const sellerAdmin = await h.persona("admin");
    await upload(sellerAdmin, "identity", { name: "id.pdf", bytes: pdf });
    await submit(sellerAdmin);
    const own = await refusal(
      decideVerification({
        runtime: h.rt,
        admin: sellerAdmin.viewer,
        sellerUserId: sellerAdmin.viewer.userId,
        decision: "verify",
        version: await versionOf(sellerAdmin.viewer.userId),
      }),
    );
    expect(own.status).toBe(403);
    // Nobody but an admin decides.
    const seller = await sellerPersona();
    const notAdmin = await decide(seller, { intent: "verify", sellerUserId: p.viewer.userId, version: "0-0" });
    expect(notAdmin.status).toBe(302);
    expect(notAdmin.location).toBe("/");
    expect(
      (
        await refusal(
          decideVerification({
            runtime: h.rt,
            admin: seller.viewer,
            sellerUserId: p.viewer.userId,
            decision: "verify",
            version: "0-0",
          }),
        )
      ).status,
    ).toBe(403);
  });

  it("a verified seller's new document takes the badge away until an admin checks again", async () => {
    const p = await pendingSeller();
    await decide(admin, { intent: "verify", sellerUserId: p.viewer.userId, version: await versionOf(p.viewer.userId) });
    const page = (await h.call(sellerLoader, { path: "/account/verification", method: "GET", cookie: p.cookie }))
      .body as {
      verification: { uploadResets: boolean };
    };
    expect(page.verification.uploadResets).toBe(true);
    const answer = await upload(p, "identity", { name: "renewed-id.pdf", bytes: pdf });
    expect(answer.status).toBe(302);
    expect(await sellerRow(p.viewer.userId)).toMatchObject({ verificationStatus: "pending", isVerified: false });
    const notes = await h.rt.db
      .select()
      .from(s.notifications)
      .where(and(eq(s.notifications.userId, admin.viewer.userId), eq(s.notifications.type, "verification")));
    expect(notes.some((n) => n.title === `Seller verification to check again: ${p.viewer.fullName}`)).toBe(true);
    expect((await findVerificationQueue({ db: h.rt.db, admin: admin.viewer })).pending.map((r) => r.userId)).toContain(
      p.viewer.userId,
    );
  });

  it("a verified company seller's one new document: back in the queue, and the page names each document still needed", async () => {
    // Verified as a private seller (the identity document only), a company seller since.
    const p = await pendingSeller();
    await decide(admin, { intent: "verify", sellerUserId: p.viewer.userId, version: await versionOf(p.viewer.userId) });
    await h.rt.db.update(s.sellers).set({ sellerType: "company" }).where(eq(s.sellers.userId, p.viewer.userId));
    const pageOf = async () =>
      (
        (await h.call(sellerLoader, { path: "/account/verification", method: "GET", cookie: p.cookie })).body as {
          verification: { status: string; missing: string[]; uploadResets: boolean; maySubmit: boolean };
        }
      ).verification;
    // Before the upload the page already knows what would still be missing.
    expect(await pageOf()).toMatchObject({
      status: "verified",
      uploadResets: true,
      missing: ["company_registration", "proof_of_address"],
    });
    const uploaded = await uploadSellerDocument({
      runtime: h.rt,
      viewer: p.viewer,
      kind: "identity",
      file: { name: "renewed-id.pdf", bytes: pdf },
    });
    expect(uploaded).toMatchObject({ backToReview: true, missing: ["company_registration", "proof_of_address"] });
    expect(await pageOf()).toMatchObject({
      status: "pending",
      maySubmit: false,
      missing: ["company_registration", "proof_of_address"],
    });
    const notes = await h.rt.db
      .select()
      .from(s.notifications)
      .where(and(eq(s.notifications.userId, admin.viewer.userId), eq(s.notifications.type, "verification")));
    expect(notes.map((n) => n.message)).toContainEqual(
      expect.stringContaining("Still missing: company registration (CIPC) and proof of address."),
    );
    // The admin cannot verify until they are there.
    const early = await decide(admin, {
      intent: "verify",
      sellerUserId: p.viewer.userId,
      version: await versionOf(p.viewer.userId),
    });
    expect(early.status).toBe(409);
    expect(messageOf(early)).toContain("Documents missing");
    // Once every one is uploaded, nothing is still needed and the admin can verify.
    await upload(p, "company_registration", { name: "cipc.pdf", bytes: pdf });
    await upload(p, "proof_of_address", { name: "bill.pdf", bytes: pdf });
    expect(await pageOf()).toMatchObject({ status: "pending", missing: [] });
    const done = await decide(admin, {
      intent: "verify",
      sellerUserId: p.viewer.userId,
      version: await versionOf(p.viewer.userId),
    });
    expect(done.status).toBe(302);
    expect(await sellerRow(p.viewer.userId)).toMatchObject({ verificationStatus: "verified" });
  });

  it("the admin's listing queue says whether the seller is verified", async () => {
    const verified = await pendingSeller();
    await decide(admin, {
      intent: "verify",
      sellerUserId: verified.viewer.userId,
      version: await versionOf(verified.viewer.userId),
    });
    const unverified = await sellerPersona();
    const a = await h.createListing({
      seller: verified.viewer,
      status: "pending",
      adminStatus: "pending",
      title: "Verified seller's grader",
    });
    const b = await h.createListing({
      seller: unverified.viewer,
      status: "pending",
      adminStatus: "pending",
      title: "Unverified seller's grader",
    });
    const { listings } = await findAdminListings({ db: h.rt.db, storage: h.rt.storage, filter: "pending" });
    expect(listings.find((l) => l.id === a.id)!.sellerVerified).toBe(true);
    expect(listings.find((l) => l.id === b.id)!.sellerVerified).toBe(false);
  });
});

describe("the private download", () => {
  let owner: Persona;
  let documentId: string;
  beforeAll(async () => {
    owner = await sellerPersona();
    await upload(owner, "identity", { name: 'ID «copy» "1".pdf', bytes: pdf });
    documentId = (await documentsOf(owner.viewer.userId))[0]!.id;
  });

  const download = async (cookie: string | undefined, id = documentId) => {
    const request = new Request(`${BASE}/verification-documents/${id}`, { headers: cookie ? { cookie } : {} });
    try {
      return await documentLoader({ request, params: { id }, context: {} } as never);
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
  };

  it("answers the owner and admins with the file as an attachment", async () => {
    for (const who of [owner, admin, otherAdmin]) {
      const res = await download(who.cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toBe('attachment; filename="ID_copy_1.pdf"');
      // nosniff comes from the server for every response (server.js): the route does not add a second one.
      expect(res.headers.get("x-content-type-options")).toBeNull();
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
    }
  });

  it("404s another seller and a buyer, as for a document that does not exist; a visitor signs in first", async () => {
    const other = await sellerPersona();
    const unknown = await download(owner.cookie, "00000000-0000-0000-0000-000000000000");
    expect(unknown.status).toBe(404);
    const notFoundPage = await unknown.text();
    // The 404 page (HTML), the same for someone else's document as for one that does not exist.
    expect(unknown.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(notFoundPage).toContain("File not found");
    for (const who of [other, buyer]) {
      const res = await download(who.cookie);
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(await res.text()).toBe(notFoundPage);
    }
    expect((await download(owner.cookie, "not-a-uuid")).status).toBe(404);
    const visitor = await download(undefined);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/signin\?redirectTo=%2Fverification-documents%2F/);
  });

  it("a former admin gets 404", async () => {
    const former = await h.makeViewer({ role: "buyer", admin: "inactive" });
    expect((await download(await h.cookieFor(former.email))).status).toBe(404);
  });
});

describe("upload rate limit", () => {
  it(`a seller may upload ${USER_LIMITS.upload.limit} documents an hour; the next is refused with 429 and writes nothing`, async () => {
    const p = await sellerPersona();
    for (let i = 0; i < USER_LIMITS.upload.limit; i++) {
      expect(
        (await upload(p, "identity", { name: `id-${i}.png`, bytes: png, type: "image/png" })).status,
        `upload ${i + 1}`,
      ).toBe(302);
    }
    const before = await countsWithoutLimits();
    const files = filesOf(p.viewer.userId);
    const refused = await upload(p, "identity", { name: "one-more.png", bytes: png, type: "image/png" });
    expect(refused.status).toBe(429);
    expect(messageOf(refused)).toContain(TOO_MANY);
    expect(await countsWithoutLimits()).toEqual(before);
    expect(filesOf(p.viewer.userId)).toEqual(files);
  });
});

describe("submitting through the domain", () => {
  it("refuses a user without a seller row with 404", async () => {
    const v: Pick<Viewer, "userId"> = { userId: buyer.viewer.userId };
    expect((await refusal(submitVerification({ db: h.rt.db, viewer: v }))).status).toBe(404);
  });
});
