/**
 * "Delete my account" on a real database (docs/privacy.md#deleting-your-account).
 *
 * The same cascade as an admin's deletion: two identical worlds (a seller with listings, a sold
 * machine's mandate, documents, a copy of their data, messages, e-mails, audit records; a buyer with
 * requests, alerts and a watchlist on that seller's machines) — in one an admin deletes the people, in
 * the other they delete themselves — and every table changes by exactly the same number of rows, with
 * the same rows kept. The signed mandate of a completed sale is kept anonymised for five years (no
 * user, e-mail, address, PDF or name in its text) and then removed by the daily job; the others go.
 * The deletion's audit record names the account by id and role only, and no audit record keeps the
 * address.
 *
 * Refused, with nothing changed (but the count of wrong passwords): a wrong or missing password, a
 * wrong phrase (the answer says what to type), the last active admin, too many wrong passwords (even
 * the right one waits). With two-factor sign-in on, a code too: none, a wrong one or one already used
 * is refused (counted like other wrong codes); a backup code in any case will do. An account that
 * signs in only with Google confirms with the phrase alone. Through the page: signed out and home
 * with a toast; the password no longer signs in.
 */
import fs from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { requestDataExport } from "#app/domain/export/request-data-export.server.ts";
import {
  CODE_REQUIRED,
  deleteOwnAccount,
  getAccountDeletionFacts,
  LAST_ADMIN_SELF,
  PASSWORD_REQUIRED,
  WRONG_PASSWORD,
} from "#app/domain/user/delete-own-account.server.ts";
import { confirmTwoFactorSetup, getTwoFactorState, startTwoFactorSetup } from "#app/domain/user/two-factor.server.ts";
import { TWO_FACTOR_MESSAGES } from "#app/domain/user/two-factor-schemas.ts";
import { deleteConfirmationPhrase, deleteOwnPhraseMismatch } from "#app/domain/user/delete-user-phrase.ts";
import {
  ANONYMISED,
  deleteUser,
  MANDATE_RETENTION_YEARS,
  removeExpiredMandateRecords,
} from "#app/domain/user/delete-user.server.ts";
import { requestPasswordReset, signInWithPassword } from "#app/domain/user/sign-in.server.ts";
import { checkCurrentPassword } from "#app/domain/user/change-password.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { TOO_MANY } from "#app/lib/rate-limit.server.ts";
import { action as deleteAction, loader as deleteLoader } from "#app/routes/account/account-delete.tsx";
import { getViewer } from "#app/server/get-viewer.server.ts";
import { authenticatorApp } from "../unit/totp.ts";
import { BASE, dbLabel, PASSWORD, refusal, startTestRuntime, type TestRuntime } from "./support/harness.ts";

let h: TestRuntime;
let admin: Viewer;

beforeAll(async () => {
  h = await startTestRuntime();
  admin = await h.createAdmin({ email: "the.admin@example.co.za" });
});
afterAll(() => h.stop());

const exists = (key: string) => fs.existsSync(path.join(h.uploads, key));
const phrase = (v: Viewer) => deleteConfirmationPhrase(v.email);

type World = {
  seller: Viewer;
  buyer: Viewer;
  soldListing: string;
  liveListing: string;
  soldPdf: string;
  livePdf: string;
  exportKey: string;
};

/** A seller and a buyer with a row in nearly every table, their files, and dealings with each other. */
async function makeWorld(tag: string): Promise<World> {
  const { db, storage } = h.rt;
  const seller = await h.createSeller({ email: `seller.${tag}@example.co.za`, fullName: `Seller ${tag}` });
  const buyer = await h.createBuyer({ email: `buyer.${tag}@example.co.za`, commissionAccepted: true });
  const sellerId = await h.sellerIdOf(seller);
  const [buyerRow] = await db.select().from(s.buyers).where(eq(s.buyers.userId, buyer.userId));

  const sold = await h.createListing({ seller, title: `Sold loader ${tag}`, status: "sold" });
  const live = await h.createListing({ seller, title: `Live crane ${tag}` });
  const mandate = async (listing: typeof sold, key: string) => {
    await storage.put(key, Buffer.from("%PDF-1.4 signed"), "application/pdf");
    await db.insert(s.mandateAgreements).values({
      listingId: listing.id,
      userId: seller.userId,
      listingTitle: listing.title,
      termsText: `EXCLUSIVE SALES MANDATE\n\nSeller: Seller ${tag} (${seller.email})\nListing: ${listing.title}\nIP address: 196.25.1.1\n\nSigned by ${seller.email.toUpperCase()}.`,
      signatureMethod: "uploaded_pdf",
      userEmail: seller.email,
      ipAddress: "196.25.1.1",
      signedPdfKey: key,
      signedAt: new Date(),
    });
  };
  const soldPdf = `private/mandates/${sold.id}/signed.pdf`;
  const livePdf = `private/mandates/${live.id}/signed.pdf`;
  await mandate(sold, soldPdf);
  await mandate(live, livePdf);
  await storage.put(`public/listings/${live.id}/p1-full.webp`, Buffer.from("webp"), "image/webp");
  await db
    .insert(s.listingImages)
    .values({ listingId: live.id, position: 0, storageKey: `public/listings/${live.id}/p1` });
  await db
    .insert(s.listingPriceChanges)
    .values({ listingId: live.id, oldPrice: "2000000", newPrice: "1900000", changedBy: seller.userId });
  const kyc = `private/verification/${seller.userId}/identity.pdf`;
  await storage.put(kyc, Buffer.from("%PDF-1.4 id"), "application/pdf");
  await db.insert(s.sellerDocuments).values({
    userId: seller.userId,
    kind: "identity",
    storageKey: kyc,
    fileName: "id.pdf",
    contentType: "application/pdf",
    sizeBytes: 11,
  });
  await db.insert(s.approvedSellers).values({ userId: seller.userId, approvedBy: admin.userId });
  await recordAudit({
    db,
    actorUserId: admin.userId,
    action: "user.password-reset",
    entity: "user",
    entityId: seller.userId,
    after: { email: seller.email },
  });
  await recordAudit({
    db,
    actorUserId: seller.userId,
    action: "listing.price-change",
    entity: "listing",
    entityId: live.id,
  });

  // The buyer's dealings on the seller's machines, and the buyer's own things.
  const [purchase] = await db
    .insert(s.transactions)
    .values({ buyerId: buyerRow!.id, sellerId, listingId: live.id, amount: "1900000" })
    .returning();
  await db.insert(s.requestEvents).values({
    transactionId: purchase!.id,
    actorUserId: seller.userId,
    actorRole: "seller",
    move: "counter",
    fromStatus: "new",
    toStatus: "countered",
    amount: "1950000",
  });
  await db
    .insert(s.userRequests)
    .values({ userId: buyer.userId, requestType: "offer", offerAmount: "1800000", listingId: live.id });
  await db.insert(s.favourites).values({ userId: buyer.userId, listingId: live.id });
  await db.insert(s.listingViews).values({ listingId: live.id, viewerKey: buyer.userId });
  const [search] = await db
    .insert(s.savedSearches)
    .values({ userId: buyer.userId, name: "Cranes", query: "category=cranes", category: "cranes" })
    .returning();
  await db.insert(s.savedSearchMatches).values({ savedSearchId: search!.id, listingId: live.id, frequency: "daily" });
  await db.insert(s.alertPreferences).values({ userId: buyer.userId, watchlistFrequency: "daily" });
  await db
    .insert(s.consents)
    .values({ userId: buyer.userId, purpose: "search_alerts", granted: true, detail: "Cranes", source: "test" });
  await db
    .insert(s.priceDropAlerts)
    .values({ userId: buyer.userId, listingId: live.id, oldPrice: "2000000", newPrice: "1900000" });

  for (const v of [seller, buyer]) {
    await db.insert(s.notifications).values({ userId: v.userId, title: "Hello", message: "Hi", type: "generic" });
    await db.insert(s.feedback).values({ userId: v.userId, userType: v.role as "buyer" | "seller", rating: 4 });
    // One message signed in, one from the contact page with their address in capitals.
    await db.insert(s.contactMessages).values([
      { name: v.name, email: v.email, subject: "Hi", message: "Signed in", userId: v.userId },
      { name: v.name, email: v.email.toUpperCase(), subject: "Hi", message: "From the contact page" },
    ]);
    await signInWithPassword({
      runtime: h.rt,
      email: v.email,
      password: PASSWORD,
      request: new Request(`${BASE}/signin`),
    });
    await requestPasswordReset({ runtime: h.rt, email: v.email });
    await db.insert(s.pendingInvitations).values({
      tokenHash: `token-${v.userId}`,
      email: v.email,
      invitedBy: admin.userId,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
  }
  // A prepared copy of the seller's data, file included (the job is not waited for: the row and a file are enough).
  const { id: exportId } = await requestDataExport({ db, userId: seller.userId });
  const exportKey = `private/exports/${seller.userId}/${exportId}.zip`;
  await storage.put(exportKey, Buffer.from("PK zip"), "application/zip");
  await db
    .update(s.dataExports)
    .set({ status: "ready", storageKey: exportKey, readyAt: new Date(), expiresAt: new Date(Date.now() + 86_400_000) })
    .where(eq(s.dataExports.id, exportId));
  return { seller, buyer, soldListing: sold.id, liveListing: live.id, soldPdf, livePdf, exportKey };
}

/** Row counts of every table but the rate-limit counters (refusals count wrong passwords). */
async function counts() {
  const { rate_limits: _counters, ...rest } = await h.rowCounts();
  return rest;
}

function delta(before: Record<string, number>, after: Record<string, number>) {
  return Object.fromEntries(
    Object.keys(before)
      .map((t) => [t, after[t]! - before[t]!])
      .filter(([, d]) => d !== 0),
  );
}

/** A kept mandate, without what differs between two worlds (ids, names, times). */
const keptShape = (m: typeof s.mandateAgreements.$inferSelect, tag: string) => ({
  ...m,
  id: "id",
  listingTitle: m.listingTitle.replace(tag, "TAG"),
  termsText: m.termsText.replaceAll(tag, "TAG"),
  signedAt: "at",
  createdAt: "at",
  anonymisedAt: "at",
  retainUntil: "at",
});

describe(`deleting one's own account removes what an admin's deletion removes (${dbLabel})`, () => {
  let byAdmin: World;
  let bySelf: World;
  beforeAll(async () => {
    // The export job must not replace the copies made by hand: stop its worker.
    await h.rt.boss.offWork("export-user-data");
    byAdmin = await makeWorld("one");
    bySelf = await makeWorld("two");
  });

  it("the seller: every table changes by the same rows, files go, a sold machine's mandate stays anonymised", async () => {
    const t0 = await counts();
    await deleteUser({ runtime: h.rt, admin, userId: byAdmin.seller.userId, confirmation: phrase(byAdmin.seller) });
    const t1 = await counts();
    const result = await deleteOwnAccount({
      runtime: h.rt,
      viewer: bySelf.seller,
      password: PASSWORD,
      confirmation: phrase(bySelf.seller),
    });
    const t2 = await counts();
    expect(result).toEqual({ email: bySelf.seller.email, mandatesKept: 1 });
    expect(delta(t1, t2)).toEqual(delta(t0, t1));
    // What went, in numbers: the user, both listings, one of two mandates…
    expect(delta(t0, t1)).toMatchObject({
      user: -1,
      listings: -2,
      mandate_agreements: -1,
      data_exports: -1,
      contact_messages: -2,
    });

    const now = Date.now();
    for (const [w, tag] of [
      [byAdmin, "one"],
      [bySelf, "two"],
    ] as const) {
      for (const key of [w.soldPdf, w.livePdf, w.exportKey, `private/verification/${w.seller.userId}/identity.pdf`]) {
        expect(exists(key), key).toBe(false);
      }
      expect(exists(`public/listings/${w.liveListing}`)).toBe(false);
      const kept = await h.rt.db
        .select()
        .from(s.mandateAgreements)
        .where(eq(s.mandateAgreements.listingTitle, `Sold loader ${tag}`));
      expect(kept).toHaveLength(1);
      const [m] = kept;
      expect(m).toMatchObject({
        userId: null,
        listingId: null,
        userEmail: ANONYMISED,
        ipAddress: "Unknown",
        signedPdfKey: null,
      });
      expect(m!.termsText).not.toMatch(new RegExp(w.seller.email, "i"));
      expect(m!.termsText).not.toContain(`Seller ${tag}`);
      expect(m!.termsText).not.toContain("196.25.1.1");
      expect(m!.termsText).toContain(`Seller: ${ANONYMISED}`);
      expect(m!.termsText).toContain(`Listing: Sold loader ${tag}`);
      expect(Math.abs(m!.anonymisedAt!.getTime() - now)).toBeLessThan(60_000);
      const years = (m!.retainUntil!.getTime() - m!.anonymisedAt!.getTime()) / (365.25 * 86_400_000);
      expect(years).toBeCloseTo(MANDATE_RETENTION_YEARS, 1);
      expect(
        await h.rt.db
          .select()
          .from(s.mandateAgreements)
          .where(eq(s.mandateAgreements.listingTitle, `Live crane ${tag}`)),
      ).toEqual([]);
      // Nothing keyed by their address is left: e-mails, messages, invitations, tokens; no audit record holds it.
      const email = w.seller.email;
      expect(
        await h.rt.db
          .select()
          .from(s.emailOutbox)
          .where(sql`lower(${s.emailOutbox.toAddress}) = ${email}`),
      ).toEqual([]);
      expect(
        await h.rt.db
          .select()
          .from(s.contactMessages)
          .where(sql`lower(${s.contactMessages.email}) = ${email}`),
      ).toEqual([]);
      expect(
        await h.rt.db
          .select()
          .from(s.pendingInvitations)
          .where(sql`lower(${s.pendingInvitations.email}) = ${email}`),
      ).toEqual([]);
      const audits = await h.rt.db.select().from(s.auditEvents);
      expect(JSON.stringify(audits).toLowerCase()).not.toContain(email);
    }
    const shapes = await Promise.all(
      (["one", "two"] as const).map(async (tag) =>
        (
          await h.rt.db
            .select()
            .from(s.mandateAgreements)
            .where(eq(s.mandateAgreements.listingTitle, `Sold loader ${tag}`))
        ).map((m) => keptShape(m, tag)),
      ),
    );
    expect(shapes[1]).toEqual(shapes[0]);

    // The deletion's own record: the account's id and role, by the admin or by no one (the account itself is gone).
    const records = await h.rt.db
      .select()
      .from(s.auditEvents)
      .where(and(eq(s.auditEvents.entity, "user"), sql`${s.auditEvents.action} in ('user.delete', 'user.delete-own')`));
    expect(records.map((r) => ({ actor: r.actorUserId, action: r.action, id: r.entityId, data: r.data }))).toEqual(
      expect.arrayContaining([
        {
          actor: admin.userId,
          action: "user.delete",
          id: byAdmin.seller.userId,
          data: { before: { role: "seller", listings: 2, wasAdmin: false, mandatesKept: 1 }, after: null },
        },
        {
          actor: null,
          action: "user.delete-own",
          id: bySelf.seller.userId,
          data: { before: { role: "seller", listings: 2, wasAdmin: false, mandatesKept: 1 }, after: null },
        },
      ]),
    );
  });

  it("the buyer: the same rows go either way", async () => {
    const t0 = await counts();
    await deleteUser({ runtime: h.rt, admin, userId: byAdmin.buyer.userId, confirmation: phrase(byAdmin.buyer) });
    const t1 = await counts();
    await deleteOwnAccount({
      runtime: h.rt,
      viewer: bySelf.buyer,
      password: PASSWORD,
      confirmation: phrase(bySelf.buyer),
    });
    const t2 = await counts();
    expect(delta(t1, t2)).toEqual(delta(t0, t1));
    // (Their watchlist entry went with the seller's listing; their offer stays until now, without the listing.)
    expect(delta(t0, t1)).toMatchObject({ user: -1, buyers: -1, user_requests: -1, saved_searches: -1 });
  });

  it("the daily job removes an anonymised mandate once its five years are over, and not before", async () => {
    const kept = () =>
      h.rt.db
        .select()
        .from(s.mandateAgreements)
        .where(sql`${s.mandateAgreements.anonymisedAt} is not null`);
    const [first] = await kept();
    expect(
      await removeExpiredMandateRecords({ db: h.rt.db, now: new Date(first!.retainUntil!.getTime() - 86_400_000) }),
    ).toBe(0);
    expect(await kept()).toHaveLength(2);
    expect(
      await removeExpiredMandateRecords({ db: h.rt.db, now: new Date(first!.retainUntil!.getTime() + 86_400_000) }),
    ).toBe(2);
    expect(await kept()).toEqual([]);
  });
});

describe(`refusals change nothing (${dbLabel})`, () => {
  it("a wrong or missing password, a wrong phrase: refused with the reason", async () => {
    const v = await h.createBuyer();
    const before = await counts();
    const wrong = await refusal(
      deleteOwnAccount({ runtime: h.rt, viewer: v, password: "Not-The-Password-1", confirmation: phrase(v) }),
    );
    expect(wrong).toMatchObject({ status: 401, message: WRONG_PASSWORD, fieldErrors: { password: [WRONG_PASSWORD] } });
    const missing = await refusal(deleteOwnAccount({ runtime: h.rt, viewer: v, confirmation: phrase(v) }));
    expect(missing).toMatchObject({ status: 400, message: PASSWORD_REQUIRED });
    for (const typed of [`delete ${v.email}`, v.email, `DELETE ${v.email} `, `DELETE ${admin.email}`, ""]) {
      const error = await refusal(
        deleteOwnAccount({ runtime: h.rt, viewer: v, password: PASSWORD, confirmation: typed }),
      );
      // It says what is expected.
      expect(error).toMatchObject({
        status: 400,
        message: `That does not match. Type DELETE in capital letters, one space, then your e-mail address: "DELETE ${v.email}".`,
        fieldErrors: { confirmation: [deleteOwnPhraseMismatch(v.email)] },
      });
    }
    expect(await counts()).toEqual(before);
  });

  it("the last active admin, even with the right password and phrase", async () => {
    // Only this admin is active for now.
    const last = await h.createAdmin({ role: "seller" });
    await h.rt.db.update(s.adminAccess).set({ isActive: false }).where(eq(s.adminAccess.userId, admin.userId));
    try {
      expect(await getAccountDeletionFacts({ db: h.rt.db, userId: last.userId })).toMatchObject({ isLastAdmin: true });
      const before = await counts();
      const error = await refusal(
        deleteOwnAccount({ runtime: h.rt, viewer: last, password: PASSWORD, confirmation: phrase(last) }),
      );
      expect(error).toMatchObject({ status: 409, message: LAST_ADMIN_SELF });
      expect(await counts()).toEqual(before);
    } finally {
      await h.rt.db.update(s.adminAccess).set({ isActive: true }).where(eq(s.adminAccess.userId, admin.userId));
    }
    // With another active admin, an admin may leave.
    expect(await getAccountDeletionFacts({ db: h.rt.db, userId: last.userId })).toMatchObject({ isLastAdmin: false });
  });

  it("ten wrong passwords, and then even the right one waits", async () => {
    const v = await h.createBuyer();
    for (let i = 0; i < 10; i++) {
      await refusal(
        deleteOwnAccount({
          runtime: h.rt,
          viewer: v,
          password: `Wrong-${i}-password`,
          confirmation: phrase(v),
          ip: "10.1.2.3",
        }),
      );
    }
    const before = await counts();
    const waited = await refusal(
      deleteOwnAccount({ runtime: h.rt, viewer: v, password: PASSWORD, confirmation: phrase(v), ip: "10.1.2.3" }),
    );
    expect(waited).toMatchObject({ status: 429, message: TOO_MANY });
    expect(await counts()).toEqual(before);
    // One counter for the account's pages: the e-mail change's password check waits too, from any address.
    const elsewhere = await refusal(
      checkCurrentPassword({
        runtime: h.rt,
        userId: v.userId,
        password: PASSWORD,
        ip: "10.9.9.9",
        title: "E-mail Not Changed",
      }),
    );
    expect(elsewhere).toMatchObject({ status: 429, message: TOO_MANY });
  });

  it("an account that signs in only with Google confirms with the phrase alone", async () => {
    const v = await h.createBuyer();
    await h.rt.db.update(s.account).set({ providerId: "google", password: null }).where(eq(s.account.userId, v.userId));
    expect(await getAccountDeletionFacts({ db: h.rt.db, userId: v.userId })).toMatchObject({ hasPassword: false });
    await refusal(deleteOwnAccount({ runtime: h.rt, viewer: v, confirmation: "DELETE" }));
    await deleteOwnAccount({ runtime: h.rt, viewer: v, confirmation: phrase(v) });
    expect(await h.rt.db.select().from(s.user).where(eq(s.user.id, v.userId))).toEqual([]);
  });
});

describe(`with two-factor sign-in on (${dbLabel})`, () => {
  /** A signed-in buyer who turned two-factor sign-in on: their authenticator app and backup codes. */
  async function withTwoFactor() {
    const p = await h.persona("buyer");
    const request = new Request(`${BASE}/account/two-factor`, {
      method: "POST",
      headers: { cookie: p.cookie, origin: BASE },
    });
    await startTwoFactorSetup({ runtime: h.rt, viewer: p.viewer, password: PASSWORD, request });
    const { setup } = await getTwoFactorState({ runtime: h.rt, viewer: p.viewer });
    const app = authenticatorApp(setup!.uri);
    const { backupCodes } = await confirmTwoFactorSetup({ runtime: h.rt, viewer: p.viewer, code: await app.next() });
    return { ...p, app, backupCodes };
  }
  const wrongCodes = async (userId: string) =>
    Number(
      (
        (await h.rt.db.execute(sql`select count from rate_limits where key = ${`two-factor:account:${userId}`}`))
          .rows as { count: number }[]
      )[0]?.count ?? 0,
    );

  it("asks for a code as well: none, a wrong one and one already used are refused, and nothing is deleted", async () => {
    const p = await withTwoFactor();
    const v = p.viewer;
    expect(await getAccountDeletionFacts({ db: h.rt.db, userId: v.userId })).toMatchObject({ twoFactorEnabled: true });
    const before = await counts();
    const attempt = (code?: string) =>
      refusal(deleteOwnAccount({ runtime: h.rt, viewer: v, password: PASSWORD, confirmation: phrase(v), code }));

    expect(await attempt()).toMatchObject({
      status: 400,
      message: CODE_REQUIRED,
      fieldErrors: { code: [CODE_REQUIRED] },
    });
    const setupCode = p.app.codeOf(p.app.lastStep);
    const wrong = setupCode === "000000" ? "111111" : "000000";
    expect(await attempt(wrong)).toMatchObject({
      status: 400,
      message: TWO_FACTOR_MESSAGES.codeWrong,
      fieldErrors: { code: [TWO_FACTOR_MESSAGES.codeWrong] },
    });
    expect(await attempt("ABCDE-FGHJK")).toMatchObject({ status: 400, message: TWO_FACTOR_MESSAGES.backupCodeWrong });
    // The code that turned it on cannot be used again.
    expect(await attempt(setupCode)).toMatchObject({ status: 400, message: TWO_FACTOR_MESSAGES.codeReused });
    // A wrong password is refused before the code is looked at (and uses up nothing).
    const next = await p.app.next();
    expect(
      await refusal(
        deleteOwnAccount({
          runtime: h.rt,
          viewer: v,
          password: "Wrong-1-password",
          confirmation: phrase(v),
          code: next,
        }),
      ),
    ).toMatchObject({ status: 401, message: WRONG_PASSWORD });
    // Counted like other wrong codes.
    expect(await wrongCodes(v.userId)).toBe(3);
    expect(await counts()).toEqual(before);
    expect(await h.rt.db.select().from(s.user).where(eq(s.user.id, v.userId))).toHaveLength(1);

    // The right code (typed "123 456"): deleted.
    await deleteOwnAccount({
      runtime: h.rt,
      viewer: v,
      password: PASSWORD,
      confirmation: phrase(v),
      code: `${next.slice(0, 3)} ${next.slice(3)}`,
    });
    expect(await h.rt.db.select().from(s.user).where(eq(s.user.id, v.userId))).toEqual([]);
    expect(await h.rt.db.select().from(s.twoFactor).where(eq(s.twoFactor.userId, v.userId))).toEqual([]);
  });

  it("a backup code will do, typed in any case", async () => {
    const p = await withTwoFactor();
    await deleteOwnAccount({
      runtime: h.rt,
      viewer: p.viewer,
      password: PASSWORD,
      confirmation: phrase(p.viewer),
      code: p.backupCodes[3]!.toLowerCase(),
    });
    expect(await h.rt.db.select().from(s.user).where(eq(s.user.id, p.viewer.userId))).toEqual([]);
  });

  it("through the page: the code's field, and its refusal on that field (the code is not sent back)", async () => {
    const p = await withTwoFactor();
    const page = await h.call(deleteLoader, { path: "/account/delete", method: "GET", cookie: p.cookie });
    expect(page.body).toMatchObject({ twoFactorEnabled: true, hasPassword: true });
    const body = new FormData();
    for (const [k, val] of Object.entries({
      intent: "delete",
      password: PASSWORD,
      confirmation: phrase(p.viewer),
      code: p.app.codeOf(p.app.lastStep),
    }))
      body.set(k, val);
    const refused = (await deleteAction({
      request: new Request(`${BASE}/account/delete`, { method: "POST", body, headers: { cookie: p.cookie } }),
      params: {},
      context: { clientIp: "127.0.0.1" },
    } as never)) as {
      data: { result: { error: Record<string, string[]>; initialValue: Record<string, string> } };
      init: { status: number };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.result.error).toMatchObject({ code: [TWO_FACTOR_MESSAGES.codeReused] });
    expect(refused.data.result.initialValue.code).toBeUndefined();
    expect(await h.rt.db.select().from(s.user).where(eq(s.user.id, p.viewer.userId))).toHaveLength(1);
  });
});

describe(`through the page (${dbLabel})`, () => {
  const post = (cookie: string, fields: Record<string, string>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    return deleteAction({
      request: new Request(`${BASE}/account/delete`, { method: "POST", body, headers: { cookie } }),
      params: {},
      context: { clientIp: "127.0.0.1" },
    } as never).catch((thrown: unknown) => thrown);
  };

  it("shows what goes and asks for the password; a wrong one is refused on its field and not sent back", async () => {
    const p = await h.persona("seller");
    const page = await h.call(deleteLoader, { path: "/account/delete", method: "GET", cookie: p.cookie });
    expect(page.body).toMatchObject({
      email: p.viewer.email,
      hasPassword: true,
      listings: 0,
      completedSales: 0,
      isLastAdmin: false,
    });
    const refused = (await post(p.cookie, {
      intent: "delete",
      password: "Wrong-password-1",
      confirmation: phrase(p.viewer),
    })) as {
      type: string;
      data: {
        result: { error: Record<string, string[]>; initialValue: Record<string, string> };
        toast: { title: string };
      };
      init: { status: number };
    };
    expect(refused.init.status).toBe(401);
    expect(refused.data.result.error).toMatchObject({ password: [WRONG_PASSWORD] });
    expect(refused.data.result.initialValue.password).toBeUndefined();
    expect(refused.data.result.initialValue.confirmation).toBe(phrase(p.viewer));
    expect(refused.data.toast.title).toBe("Account Not Deleted");
    expect(await getViewer(new Request(`${BASE}/`, { headers: { cookie: p.cookie } }))).not.toBeNull();
  });

  it("deletes, signs out and goes home with a toast; the password no longer signs in", async () => {
    const p = await h.persona("buyer");
    const res = (await post(p.cookie, {
      intent: "delete",
      password: PASSWORD,
      confirmation: phrase(p.viewer),
    })) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    const cookies = res.headers.getSetCookie();
    expect(cookies).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^better-auth\.session_token=; Path=\/; Max-Age=0/),
        expect.stringMatching(/^mm_toast=/),
      ]),
    );
    expect(await getViewer(new Request(`${BASE}/`, { headers: { cookie: p.cookie } }))).toBeNull();
    expect(await h.rt.db.select().from(s.session).where(eq(s.session.userId, p.viewer.userId))).toEqual([]);
    const signIn = await refusal(
      signInWithPassword({
        runtime: h.rt,
        email: p.viewer.email,
        password: PASSWORD,
        request: new Request(`${BASE}/signin`),
      }),
    );
    expect(signIn.title).toBe("Invalid Credentials");
  });
});

describe(`an account that changed its e-mail address (${dbLabel})`, () => {
  it("takes the e-mails sent to its earlier addresses with it, and the audit names none of them", async () => {
    const p = await h.persona("buyer");
    const earlier = `earlier-${Date.now().toString(36)}@example.test`;
    const asked = `asked-${Date.now().toString(36)}@example.test`;
    await recordAudit({
      db: h.rt.db,
      actorUserId: p.viewer.userId,
      action: "account.email_change_requested",
      entity: "user",
      entityId: p.viewer.userId,
      before: { email: earlier },
      after: { requested: asked },
    });
    await recordAudit({
      db: h.rt.db,
      actorUserId: p.viewer.userId,
      action: "account.email_changed",
      entity: "user",
      entityId: p.viewer.userId,
      before: { email: earlier },
      after: { email: p.viewer.email },
    });
    for (const to of [earlier, asked]) {
      await h.rt.db
        .insert(s.emailOutbox)
        .values({ toAddress: to, subject: "Hi", text: "Hi", html: "<p>Hi</p>", template: "t" });
    }
    await deleteOwnAccount({
      runtime: h.rt,
      viewer: p.viewer,
      password: PASSWORD,
      confirmation: deleteConfirmationPhrase(p.viewer.email),
    });
    const left = await h.rt.db
      .select({ to: s.emailOutbox.toAddress })
      .from(s.emailOutbox)
      .where(sql`${s.emailOutbox.toAddress} in (${earlier}, ${asked})`);
    expect(left).toEqual([]);
    const naming = await h.rt.db.execute(
      sql`select id from audit_events where position(${earlier} in lower(data::text)) > 0 or position(${asked} in lower(data::text)) > 0`,
    );
    expect(naming.rows).toEqual([]);
  });
});
