/**
 * An admin deletes a user with all their data (docs/product.md#forms,
 * #roles-and-accounts), on a real database. The proof is generic: every foreign
 * key and every user-ish column is read from information_schema, the rows the
 * user owns are followed through the cascading keys before the deletion, and
 * afterwards none of them — and no reference to them — is left, nor the e-mails
 * to their address or the messages they sent, nor their address in an audit
 * record. Their files go too; other people's data stays. Refused: a wrong
 * phrase, deleting yourself, the last active admin.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, sql, type SQL } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { createListing } from "#app/domain/listing/create-listing.server.ts";
import { deleteOwnListing } from "#app/domain/listing/moderate-listing.server.ts";
import { deleteUser } from "#app/domain/user/delete-user.server.ts";
import { INVALID_DELETE_CONFIRMATION } from "#app/domain/user/delete-user-phrase.ts";
import { findUsers, getUserDetails } from "#app/domain/user/find-users.server.ts";
import { requestPasswordReset, signInWithPassword } from "#app/domain/user/sign-in.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { PASSWORD, refusal, startTestRuntime, type TestRuntime } from "./support/harness.ts";

const ADMIN = { isAdmin: true };

let rt: Runtime;
let h: TestRuntime;
let uploads: string;

const photo = (r: number) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g: 90, b: 20 } } })
    .jpeg()
    .toBuffer();

async function makeListing(seller: Viewer, title: string, publish = true) {
  const { listingId } = await createListing({
    runtime: rt,
    viewer: seller,
    input: {
      title,
      description: "Well maintained.",
      category: "excavators",
      condition: "used",
      price: "950000",
      location: "Pretoria, Gauteng",
      isUrgent: false,
      isBargain: true,
    },
    images: [
      { name: "a.jpg", bytes: await photo(200) },
      { name: "b.jpg", bytes: await photo(40) },
    ],
  });
  if (publish) {
    await rt.db
      .update(s.listings)
      .set({ status: "approved", adminStatus: "approved" })
      .where(eq(s.listings.id, listingId));
  }
  return listingId;
}

const idOf = async (table: typeof s.sellers | typeof s.buyers, userId: string) =>
  (await rt.db.select({ id: table.id }).from(table).where(eq(table.userId, userId)))[0]!.id;

const exists = (key: string) => fs.existsSync(path.join(uploads, key));
const hashed = (value: string) => createHash("sha256").update(value).digest("base64url");

async function rows<T>(query: SQL) {
  return (await rt.db.execute(query)).rows as T[];
}

// ------------------------------------------------------------ generic discovery

type ForeignKey = { table: string; column: string; refTable: string; refColumn: string; deleteRule: string };

/** Every foreign key in the public schema, from information_schema. */
async function foreignKeys() {
  return rows<ForeignKey>(sql`
    select kcu.table_name as "table", kcu.column_name as "column",
           ccu.table_name as "refTable", ccu.column_name as "refColumn", rc.delete_rule as "deleteRule"
    from information_schema.referential_constraints rc
    join information_schema.key_column_usage kcu
      on kcu.constraint_schema = rc.constraint_schema and kcu.constraint_name = rc.constraint_name
    join information_schema.constraint_column_usage ccu
      on ccu.constraint_schema = rc.constraint_schema and ccu.constraint_name = rc.constraint_name
    where rc.constraint_schema = 'public'`);
}

/** Columns that hold a user id by their name, with or without a foreign key (viewer_key…). */
async function userColumns() {
  return rows<{ table: string; column: string }>(sql`
    select table_name as "table", column_name as "column"
    from information_schema.columns
    where table_schema = 'public'
      and (column_name in ('user_id', 'viewer_key')
           or column_name like '%\_user\_id' or column_name like '%\_by')`);
}

/** A row's id, or the whole row as text for a table without one (alert_preferences, saved_search_matches). */
const rowKey = sql`coalesce(to_jsonb(t) ->> 'id', t::text)`;

const inList = (ids: Iterable<string>) =>
  sql.join(
    [...ids].map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The rows a user owns: their user row, then every row reaching it through
 * ON DELETE CASCADE keys, transitively (profile, sellers → listings →
 * images, views, transactions, mandates…). Table → ids.
 */
async function ownedRows(userId: string) {
  const fks = (await foreignKeys()).filter((fk) => fk.deleteRule === "CASCADE" && fk.refColumn === "id");
  const owned = new Map<string, Set<string>>([["user", new Set([userId])]]);
  for (let changed = true; changed;) {
    changed = false;
    for (const fk of fks) {
      const parents = owned.get(fk.refTable);
      if (!parents?.size) continue;
      const found = await rows<{ id: string }>(
        sql`select ${rowKey} as id from ${sql.identifier(fk.table)} t where t.${sql.identifier(fk.column)}::text in (${inList(parents)})`,
      );
      const set = owned.get(fk.table) ?? new Set<string>();
      for (const r of found) {
        if (!set.has(r.id)) {
          set.add(r.id);
          changed = true;
        }
      }
      if (set.size) owned.set(fk.table, set);
    }
  }
  return owned;
}

const count = async (query: SQL) =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from (${query}) as q`))[0]!.n;

/** Every trace left of `owned` (expected: none), as readable strings. */
async function leftovers(userId: string, email: string, owned: Map<string, Set<string>>) {
  const found: string[] = [];
  for (const [table, ids] of owned) {
    const n = await count(sql`select 1 from ${sql.identifier(table)} t where ${rowKey} in (${inList(ids)})`);
    if (n) found.push(`${n} ${table} row(s)`);
  }
  // Any key, whatever its delete rule, still pointing at an owned row (SET NULL keys must be null now).
  for (const fk of await foreignKeys()) {
    const ids = owned.get(fk.refTable);
    if (!ids?.size) continue;
    const n = await count(
      sql`select 1 from ${sql.identifier(fk.table)} where ${sql.identifier(fk.column)}::text in (${inList(ids)})`,
    );
    if (n) found.push(`${n} ${fk.table}.${fk.column} → ${fk.refTable}`);
  }
  for (const c of await userColumns()) {
    const n = await count(
      sql`select 1 from ${sql.identifier(c.table)} where ${sql.identifier(c.column)}::text = ${userId}`,
    );
    if (n) found.push(`${n} ${c.table}.${c.column} = user`);
  }
  const verifications = await count(
    sql`select 1 from ${s.verification} where ${s.verification.value} = ${userId} or ${s.verification.identifier} in (${email}, ${hashed(email)})`,
  );
  if (verifications) found.push(`${verifications} verification row(s)`);
  const invitations = await count(
    sql`select 1 from ${s.pendingInvitations} where lower(${s.pendingInvitations.email}) = ${email}`,
  );
  if (invitations) found.push(`${invitations} invitation(s)`);
  return found;
}

// ------------------------------------------------------------ the world

let admin: Viewer;
let other: Viewer; // another seller, whose data must survive
let seller: Viewer;
let buyer: Viewer;
let bystander: Viewer; // a buyer with dealings on the seller's listings
let otherListing: string;
let sellerListings: string[];
let goneMandatePdf: string;
let sellerKyc: string;

beforeAll(async () => {
  h = await startTestRuntime();
  rt = h.rt;
  uploads = h.uploads;

  admin = await h.createAdmin({ email: "admin@example.co.za", adminNotes: "Test admin" });
  other = await h.createSeller({ email: "other.seller@example.co.za" });
  seller = await h.createSeller({ email: "sanele.seller@example.co.za", fullName: "Sanele Seller" });
  buyer = await h.createBuyer({ email: "bongi.buyer@example.co.za", fullName: "Bongi Buyer" });
  bystander = await h.createBuyer({ email: "bystander@example.co.za" });
  await rt.db.update(s.buyers).set({ commissionAccepted: true }).where(eq(s.buyers.userId, buyer.userId));

  otherListing = await makeListing(other, "Other seller's loader");
  sellerListings = [
    await makeListing(seller, "Seller's excavator"),
    await makeListing(seller, "Seller's crane", false),
  ];
  const [l1] = sellerListings as [string, string];
  const sellerId = await idOf(s.sellers, seller.userId);
  const otherSellerId = await idOf(s.sellers, other.userId);
  const buyerId = await idOf(s.buyers, buyer.userId);
  const bystanderId = await idOf(s.buyers, bystander.userId);

  // The seller: a listing they deleted themselves (an audit row with them as actor), a signed mandate PDF,
  // KYC document, approval, notifications, a favourite and a view of someone else's listing, feedback,
  // a contact message, a session, a password-reset token, a hashed e-mail verification row, an invitation.
  const gone = await makeListing(seller, "Seller's old generator");
  // Its signed mandate outlives it (listing_id set null), PDF included, until the account goes.
  goneMandatePdf = `private/mandates/${gone}/signed.pdf`;
  await rt.storage.put(goneMandatePdf, Buffer.from("%PDF-1.4 signed, listing deleted"), "application/pdf");
  await rt.db.insert(s.mandateAgreements).values({
    listingId: gone,
    userId: seller.userId,
    listingTitle: "Seller's old generator",
    termsText: "Terms",
    signatureMethod: "uploaded_pdf",
    userEmail: seller.email,
    signedPdfKey: goneMandatePdf,
    signedAt: new Date(),
  });
  await deleteOwnListing({ runtime: rt, viewer: seller, listingId: gone });
  const pdfKey = `private/mandates/${l1}/signed.pdf`;
  await rt.storage.put(pdfKey, Buffer.from("%PDF-1.4 signed"), "application/pdf");
  await rt.db.insert(s.mandateAgreements).values({
    listingId: l1,
    userId: seller.userId,
    listingTitle: "Seller's excavator",
    termsText: "Terms",
    signatureMethod: "uploaded_pdf",
    userEmail: seller.email,
    signedPdfKey: pdfKey,
    signedAt: new Date(),
  });
  sellerKyc = `private/verification/${seller.userId}/identity.pdf`;
  await rt.storage.put(sellerKyc, Buffer.from("%PDF-1.4 kyc"), "application/pdf");
  await rt.db.insert(s.sellerDocuments).values({
    userId: seller.userId,
    kind: "identity",
    storageKey: sellerKyc,
    fileName: "id.pdf",
    contentType: "application/pdf",
    sizeBytes: 12,
  });
  await rt.db
    .update(s.sellers)
    .set({ verificationStatus: "verified", sellerType: "company", sellerRole: "direct" })
    .where(eq(s.sellers.id, sellerId));
  await rt.db.insert(s.approvedSellers).values({ userId: seller.userId, approvedBy: admin.userId });

  for (const v of [seller, buyer]) {
    await rt.db
      .insert(s.notifications)
      .values({ userId: v.userId, title: "Hello", message: "A message", type: "generic" });
    await rt.db
      .insert(s.feedback)
      .values({ userId: v.userId, userType: v.role as "buyer" | "seller", rating: 4, comments: "Good" });
    await rt.db
      .insert(s.contactMessages)
      .values({ name: v.name, email: v.email, subject: "Hi", message: "Question", userId: v.userId });
    await rt.auth.api.signInEmail({ body: { email: v.email, password: PASSWORD } });
    await requestPasswordReset({ runtime: rt, email: v.email });
    await rt.db.insert(s.verification).values({
      id: `v-${v.userId}`,
      identifier: hashed(v.email),
      value: "otp",
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await rt.db.insert(s.pendingInvitations).values({
      tokenHash: `token-${v.userId}`,
      email: v.email.toUpperCase(),
      invitedBy: admin.userId,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
  }
  await rt.db.insert(s.favourites).values({ userId: seller.userId, listingId: otherListing });
  await rt.db.insert(s.listingViews).values({ listingId: otherListing, viewerKey: seller.userId });

  // The buyer: purchase requests (one on the seller's listing, one on the other's), offers, favourites, views.
  await rt.db.insert(s.transactions).values([
    { buyerId, sellerId, listingId: l1, amount: "950000" },
    { buyerId, sellerId: otherSellerId, listingId: otherListing, amount: "950000" },
    { buyerId: bystanderId, sellerId, listingId: l1, amount: "950000" },
  ]);
  await rt.db.insert(s.userRequests).values([
    { userId: buyer.userId, requestType: "offer", offerAmount: "800000", listingId: otherListing },
    { userId: buyer.userId, requestType: "quote", quoteType: "consultation", details: "Need a quote", listingId: l1 },
    { userId: bystander.userId, requestType: "offer", offerAmount: "700000", listingId: l1 },
  ]);
  await rt.db.insert(s.favourites).values([
    { userId: buyer.userId, listingId: l1 },
    { userId: buyer.userId, listingId: otherListing },
    { userId: bystander.userId, listingId: l1 },
  ]);
  // Saved searches and alerts: a search with a match, alert settings, a consent, a price drop.
  const [search] = await rt.db
    .insert(s.savedSearches)
    .values({ userId: buyer.userId, name: "Excavators", query: "category=excavators", category: "excavators", frequency: "daily" })
    .returning();
  await rt.db.insert(s.savedSearchMatches).values({ savedSearchId: search!.id, listingId: otherListing, frequency: "daily" });
  await rt.db.insert(s.alertPreferences).values({ userId: buyer.userId, watchlistFrequency: "instant" });
  await rt.db.insert(s.consents).values({ userId: buyer.userId, purpose: "search_alerts", granted: true, detail: "Alerts", source: "test" });
  await rt.db.insert(s.priceDropAlerts).values({ userId: buyer.userId, listingId: otherListing, oldPrice: "900000", newPrice: "800000" });
  await rt.db.insert(s.listingViews).values([
    { listingId: l1, viewerKey: buyer.userId },
    { listingId: otherListing, viewerKey: buyer.userId },
    { listingId: l1, viewerKey: bystander.userId },
  ]);
});

afterAll(() => h.stop());

const userExists = async (userId: string) =>
  (await rt.db.select({ id: s.user.id }).from(s.user).where(eq(s.user.id, userId))).length === 1;

describe("the admin's user list and details", () => {
  it("lists users newest first, 25 a page, and searches name or e-mail case-insensitively, wildcards escaped", async () => {
    const all = await findUsers({ db: rt.db, admin: ADMIN });
    expect(all.users.map((u) => u.email).slice(0, 2)).toEqual([bystander.email, buyer.email]);
    expect(all.users.find((u) => u.email === seller.email)).toMatchObject({
      role: "seller",
      isSeller: true,
      isBuyer: false,
      emailVerified: true,
    });
    expect(all.users.find((u) => u.email === admin.email)).toMatchObject({ isAdmin: true });
    expect((await findUsers({ db: rt.db, admin: ADMIN, q: "BONGI.BUYER@" })).users.map((u) => u.email)).toEqual([buyer.email]);
    expect((await findUsers({ db: rt.db, admin: ADMIN, q: "sanele sell" })).users.map((u) => u.email)).toEqual([seller.email]);
    expect((await findUsers({ db: rt.db, admin: ADMIN, q: "%" })).users).toEqual([]);
    expect((await findUsers({ db: rt.db, admin: ADMIN, q: "_" })).users).toEqual([]);
    const paged = await findUsers({ db: rt.db, admin: ADMIN, pageSize: 2, page: 2 });
    expect(paged).toMatchObject({ page: 2, hasPrevious: true, hasNext: true });
    expect(paged.users.map((u) => u.email)).toEqual([seller.email, other.email]);
  });

  it("shows every detail with the spec's fallbacks, and 404s an unknown id", async () => {
    const details = await getUserDetails({ db: rt.db, admin: ADMIN, userId: seller.userId });
    expect(details).toMatchObject({
      email: seller.email,
      fullName: "Sanele Seller",
      role: "seller",
      phone: "082 000 0000",
      company: null,
      website: null,
      admin: null,
      seller: { sellerType: "company", sellerRole: "direct", isVerified: true, verificationStatus: "verified", documentCount: 1 },
      buyer: null,
      counts: { listings: 2, transactions: 2 },
    });
    expect(details!.sellerApproval?.approvedAt).toBeInstanceOf(Date);
    expect(await getUserDetails({ db: rt.db, admin: ADMIN, userId: buyer.userId })).toMatchObject({
      buyer: { commissionAccepted: true },
      seller: null,
      counts: { listings: 0, transactions: 2 },
    });
    expect(await getUserDetails({ db: rt.db, admin: ADMIN, userId: admin.userId })).toMatchObject({ admin: { notes: "Test admin" } });
    expect(await getUserDetails({ db: rt.db, admin: ADMIN, userId: "no-such-user" })).toBeNull();
  });
});

describe("deleting a user", () => {
  it("refuses a wrong phrase (400) and changes nothing", async () => {
    for (const typed of [
      `delete ${buyer.email}`,
      `DELETE ${buyer.email.toUpperCase()}`,
      `DELETE ${buyer.email} `,
      buyer.email,
      "",
    ]) {
      const error = await refusal(deleteUser({ runtime: rt, admin, userId: buyer.userId, confirmation: typed }));
      expect(error.status).toBe(400);
      expect(error.message).toBe(INVALID_DELETE_CONFIRMATION);
    }
    expect(await userExists(buyer.userId)).toBe(true);
    expect(await rt.db.select().from(s.auditEvents).where(eq(s.auditEvents.action, "user.delete"))).toHaveLength(0);
  });

  it("refuses deleting yourself, an unknown user, and a non-admin", async () => {
    const self = await refusal(
      deleteUser({ runtime: rt, admin, userId: admin.userId, confirmation: `DELETE ${admin.email}` }),
    );
    expect(self.status).toBe(403);
    expect(self.message).toBe("You cannot delete your own account.");
    expect(await userExists(admin.userId)).toBe(true);
    const unknown = await refusal(
      deleteUser({ runtime: rt, admin, userId: "no-such-user", confirmation: "DELETE x@y.z" }),
    );
    expect(unknown.status).toBe(404);
    const byBuyer = await refusal(
      deleteUser({ runtime: rt, admin: buyer, userId: bystander.userId, confirmation: `DELETE ${bystander.email}` }),
    );
    expect(byBuyer.status).toBe(403);
    expect(await userExists(bystander.userId)).toBe(true);
  });

  it("deletes a seller: every row of theirs, every reference to them and their files; others' data stays", async () => {
    const owned = await ownedRows(seller.userId);
    // The discovery found what was seeded (so an empty result afterwards means something).
    expect([...owned.keys()].sort()).toEqual(
      expect.arrayContaining([
        "account",
        "approved_sellers",
        "favourites",
        "feedback",
        "listing_images",
        "listing_views",
        "listings",
        "mandate_agreements",
        "notifications",
        "profiles",
        "sellers",
        "session",
        "transactions",
        "user",
      ]),
    );
    expect(owned.get("listings")).toEqual(new Set(sellerListings));
    expect(await leftovers(seller.userId, seller.email, owned)).not.toEqual([]);
    for (const id of sellerListings) expect(exists(`public/listings/${id}`)).toBe(true);
    expect(exists(`private/mandates/${sellerListings[0]}/signed.pdf`)).toBe(true);
    expect(exists(sellerKyc)).toBe(true);
    expect(exists(goneMandatePdf)).toBe(true);
    const mailTo = () => rt.db.select().from(s.emailOutbox).where(sql`lower(${s.emailOutbox.toAddress}) = ${seller.email}`);
    expect(await mailTo()).not.toEqual([]); // the password-reset e-mail

    const result = await deleteUser({
      runtime: rt,
      admin,
      userId: seller.userId,
      confirmation: `DELETE ${seller.email}`,
    });
    expect(result.email).toBe(seller.email);
    expect(new Set(result.listingIds)).toEqual(new Set(sellerListings));

    expect(await leftovers(seller.userId, seller.email, owned)).toEqual([]);
    for (const id of sellerListings) {
      expect(exists(`public/listings/${id}`)).toBe(false);
      expect(exists(`private/mandates/${id}`)).toBe(false);
    }
    expect(exists(sellerKyc)).toBe(false);
    expect(exists(goneMandatePdf)).toBe(false);

    // Others keep their accounts, the other seller's listing and files, and their own rows.
    for (const v of [admin, other, buyer, bystander]) expect(await userExists(v.userId)).toBe(true);
    expect(exists(`public/listings/${otherListing}`)).toBe(true);
    expect(await rt.db.select().from(s.listings).where(eq(s.listings.id, otherListing))).toHaveLength(1);
    // The bystander's offer on the deleted listing stays, without the listing.
    const offers = await rt.db.select().from(s.userRequests).where(eq(s.userRequests.userId, bystander.userId));
    expect(offers).toMatchObject([{ listingId: null }]);
    // The e-mails addressed to them leave the outbox; the messages they sent the team go too (docs/privacy.md).
    expect(await mailTo()).toEqual([]);
    expect(await rt.db.select().from(s.contactMessages).where(eq(s.contactMessages.email, seller.email))).toEqual([]);
    // The admin who approved the seller still has their own rows.
    expect(await rt.db.select().from(s.adminAccess).where(eq(s.adminAccess.userId, admin.userId))).toHaveLength(1);

    const [audit] = await rt.db
      .select()
      .from(s.auditEvents)
      .where(and(eq(s.auditEvents.action, "user.delete"), eq(s.auditEvents.entityId, seller.userId)));
    expect(audit).toMatchObject({ actorUserId: admin.userId, entity: "user" });
    // The deletion's record names the account by its id and role only (docs/privacy.md#audit-records).
    expect(audit!.data).toEqual({ before: { role: "seller", listings: 2, wasAdmin: false, mandatesKept: 0 }, after: null });
    expect(JSON.stringify(await rt.db.select().from(s.auditEvents)).toLowerCase()).not.toContain(seller.email);

    const signIn = await refusal(
      signInWithPassword({ runtime: rt,
        email: seller.email,
        password: PASSWORD,
        request: new Request("http://localhost/signin"),
      }),
    );
    expect(signIn.title).toBe("Invalid Credentials");
  });

  it("deletes a buyer the same way", async () => {
    const owned = await ownedRows(buyer.userId);
    expect([...owned.keys()]).toEqual(
      expect.arrayContaining([
        "account",
        "buyers",
        "favourites",
        "feedback",
        "notifications",
        "profiles",
        "session",
        "transactions",
        "user",
        "user_requests",
        "saved_searches",
        "saved_search_matches",
        "alert_preferences",
        "consents",
        "price_drop_alerts",
      ]),
    );
    expect(await leftovers(buyer.userId, buyer.email, owned)).not.toEqual([]);
    await deleteUser({ runtime: rt, admin, userId: buyer.userId, confirmation: `DELETE ${buyer.email}` });
    expect(await leftovers(buyer.userId, buyer.email, owned)).toEqual([]);
    // The other seller's listing, and its favourites and views by others, stay.
    expect(await rt.db.select().from(s.listings).where(eq(s.listings.id, otherListing))).toHaveLength(1);
    expect(await userExists(bystander.userId)).toBe(true);
    const signIn = await refusal(
      signInWithPassword({ runtime: rt,
        email: buyer.email,
        password: PASSWORD,
        request: new Request("http://localhost/signin"),
      }),
    );
    expect(signIn.title).toBe("Invalid Credentials");
  });
});

describe("admins", () => {
  it("may delete another admin, but never the last active one", async () => {
    const second = await h.createAdmin({ email: "second.admin@example.co.za", adminNotes: "Test admin" });
    // The second admin's grant is revoked while their request is under way: they still look like an admin.
    await rt.db.update(s.adminAccess).set({ isActive: false }).where(eq(s.adminAccess.userId, second.userId));
    const last = await refusal(
      deleteUser({ runtime: rt, admin: second, userId: admin.userId, confirmation: `DELETE ${admin.email}` }),
    );
    expect(last.status).toBe(409);
    expect(last.message).toBe("You cannot delete the last active admin.");
    const revoked = await refusal(
      deleteUser({ runtime: rt, admin: second, userId: bystander.userId, confirmation: `DELETE ${bystander.email}` }),
    );
    expect(revoked.status).toBe(403);
    expect(await userExists(admin.userId)).toBe(true);
    expect(await userExists(bystander.userId)).toBe(true);

    await deleteUser({ runtime: rt, admin, userId: second.userId, confirmation: `DELETE ${second.email}` });
    expect(await userExists(second.userId)).toBe(false);
  });

  it("two admins deleting each other at once: exactly one wins, one admin remains", async () => {
    const x = await h.createAdmin({ email: "x.admin@example.co.za", adminNotes: "Test admin" });
    const y = await h.createAdmin({ email: "y.admin@example.co.za", adminNotes: "Test admin" });
    // Only these two are active now.
    await rt.db.update(s.adminAccess).set({ isActive: false }).where(eq(s.adminAccess.userId, admin.userId));
    const results = await Promise.allSettled([
      deleteUser({ runtime: rt, admin: x, userId: y.userId, confirmation: `DELETE ${y.email}` }),
      deleteUser({ runtime: rt, admin: y, userId: x.userId, confirmation: `DELETE ${x.email}` }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failure = results.find((r) => r.status === "rejected")!.reason as AppError;
    expect(failure).toBeInstanceOf(AppError);
    expect([403, 409]).toContain(failure.status);
    const active = await rt.db.select().from(s.adminAccess).where(eq(s.adminAccess.isActive, true));
    expect(active).toHaveLength(1);
    expect([x.userId, y.userId]).toContain(active[0]!.userId);
    await rt.db.update(s.adminAccess).set({ isActive: true }).where(eq(s.adminAccess.userId, admin.userId));
  });
});
