/**
 * A seller's public page on a real database: its facts (display name, Verified seller, the provinces of the
 * public listings, member since, machines sold), only public listings, a page at a time through the
 * catalogue's keyset query; the app's 404 for a malformed, unknown or banned seller's id; no e-mail address
 * or phone number anywhere in what the page sends. The Verified seller flag reaches the catalogue's cards,
 * /parts, home's featured machines, the watchlist and the listing page for verified sellers only, read in
 * the page query's join on `sellers` by primary key (no query per row).
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { getSellerPage, SELLER_PAGE_SIZE } from "#app/domain/seller/get-seller-page.server.ts";
import { listingsPageQuery } from "#app/domain/listing/find-listings.server.ts";
import { toggleFavourite } from "#app/domain/favourite/toggle-favourite.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { loader as sellerPageLoader } from "#app/routes/sellers/seller-page.tsx";
import { loader as catalogLoader } from "#app/routes/catalog/catalog.tsx";
import { loader as partsLoader } from "#app/routes/catalog/parts.tsx";
import { loader as listingLoader } from "#app/routes/catalog/listing-detail.tsx";
import { loader as homeLoader } from "#app/routes/home.tsx";
import { loader as watchlistLoader } from "#app/routes/buyer/watchlist.tsx";
import { dbLabel, startTestRuntime, type Persona, type TestRuntime } from "./support/harness.ts";

let h: TestRuntime;
let verified: Viewer;
let verifiedSellerId: string;
let plain: Viewer;
let plainSellerId: string;
let banned: Viewer;
let bannedSellerId: string;
let buyer: Persona;
/** The verified seller's public listings, newest first. */
let publicIds: string[];
let plainListingId: string;

const COMPANY = "Zwane Earthmoving (Pty) Ltd";
const PHONE = "082 000 0000";
const DAY = 86_400_000;

beforeAll(async () => {
  h = await startTestRuntime({ rateLimits: false });
  verified = await h.createSeller({ fullName: "Sibusiso Zwane" });
  plain = await h.createSeller({ fullName: "Karin Private" });
  banned = await h.createSeller({ fullName: "Banned Barry" });
  buyer = await h.persona("buyer");
  verifiedSellerId = await h.sellerIdOf(verified);
  plainSellerId = await h.sellerIdOf(plain);
  bannedSellerId = await h.sellerIdOf(banned);
  await h.rt.db
    .update(s.sellers)
    .set({ verificationStatus: "verified", sellerType: "company" })
    .where(eq(s.sellers.id, verifiedSellerId));
  await h.rt.db
    .update(s.profiles)
    .set({ companyName: COMPANY, sellerType: "company" })
    .where(eq(s.profiles.userId, verified.userId));
  // A private seller's company name is not their public name.
  await h.rt.db.update(s.profiles).set({ companyName: "Not Shown Trading" }).where(eq(s.profiles.userId, plain.userId));
  await h.rt.db.update(s.user).set({ banned: true }).where(eq(s.user.id, banned.userId));

  // 15 public listings in Gauteng and KwaZulu-Natal, a minute apart, two sharing one creation time (a tie).
  const now = Date.now();
  const created: { id: string; at: number }[] = [];
  for (let i = 0; i < 15; i++) {
    const at = i === 14 ? now - 13 * 60_000 : now - i * 60_000;
    const row = await h.createListing({
      seller: verified,
      title: `Zwane machine ${i}`,
      location: i % 2 ? "Durban, KwaZulu-Natal" : "Midrand, Gauteng",
      isBargain: i === 0,
      createdOn: new Date(at),
    });
    created.push({ id: row.id, at });
  }
  publicIds = created.sort((a, b) => b.at - a.at || (b.id > a.id ? 1 : -1)).map((r) => r.id);
  // Not public, each in a province of its own: pending, rejected, archived, expired (flag and date), sold twice.
  await h.createListing({
    seller: verified,
    location: "Cape Town, Western Cape",
    status: "pending",
    adminStatus: "pending",
  });
  await h.createListing({ seller: verified, location: "Polokwane, Limpopo", adminStatus: "rejected" });
  await h.createListing({ seller: verified, location: "Kimberley, Northern Cape", archived: true });
  await h.createListing({ seller: verified, location: "Bloemfontein, Free State", expired: true });
  await h.createListing({ seller: verified, location: "Mbombela, Mpumalanga", expiresOn: new Date(now - DAY) });
  await h.createListing({ seller: verified, location: "Rustenburg, North West", status: "sold" });
  await h.createListing({ seller: verified, location: "Gqeberha, Eastern Cape", status: "sold" });
  plainListingId = (
    await h.createListing({
      seller: plain,
      title: "Karin compressor",
      location: "Paarl, Western Cape",
      isBargain: true,
    })
  ).id;
  await h.createListing({ seller: banned, title: "Barry loader", location: "Pretoria, Gauteng" });
});
afterAll(() => h.stop());

const get = (path: string, params: Record<string, string>, cookie?: string) =>
  h.call(sellerPageLoader, { path, method: "GET", params, cookie });

type PageBody = {
  seller: {
    id: string;
    name: string;
    verified: boolean;
    memberSince: string;
    provinces: string[];
    soldCount: number;
  };
  page: { items: { id: string; sellerVerified: boolean; sellerName: string | null }[]; nextCursor: string | null };
};

describe(`a seller's page (${dbLabel})`, () => {
  it("says who the seller is: company name, Verified seller, provinces of public listings only, member since, machines sold", async () => {
    const found = (await getSellerPage({ db: h.rt.db, storage: h.rt.storage, id: verifiedSellerId }))!;
    const [account] = await h.rt.db
      .select({ createdAt: s.user.createdAt })
      .from(s.user)
      .where(eq(s.user.id, verified.userId));
    expect(found.seller).toEqual({
      id: verifiedSellerId,
      name: COMPANY,
      isVerified: true,
      memberSince: account!.createdAt.toISOString(),
      provinces: ["Gauteng", "KwaZulu-Natal"],
      soldCount: 2,
    });
    const answer = await get(`/sellers/${verifiedSellerId}`, { id: verifiedSellerId });
    expect(answer.status).toBe(200);
    const body = answer.body as PageBody;
    const month = new Intl.DateTimeFormat("en-ZA", { timeZone: "Africa/Johannesburg", month: "long", year: "numeric" });
    expect(body.seller).toMatchObject({
      name: COMPANY,
      verified: true,
      memberSince: month.format(account!.createdAt),
      soldCount: 2,
    });
  });

  it("a private seller goes by their own name, without the badge", async () => {
    const found = (await getSellerPage({ db: h.rt.db, storage: h.rt.storage, id: plainSellerId }))!;
    expect(found.seller).toMatchObject({
      name: "Karin Private",
      isVerified: false,
      provinces: ["Western Cape"],
      soldCount: 0,
    });
    expect(found.page.items.map((l) => l.id)).toEqual([plainListingId]);
    expect(found.page.items[0]!.sellerVerified).toBe(false);
  });

  it("lists only the seller's public listings, newest first, 12 a page, each once, through the catalogue's cursor", async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 5; i++) {
      const path = `/sellers/${verifiedSellerId}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`;
      const body = (await get(path, { id: verifiedSellerId })).body as PageBody;
      if (i === 0) expect(body.page.items).toHaveLength(SELLER_PAGE_SIZE);
      seen.push(...body.page.items.map((l) => l.id));
      for (const l of body.page.items) expect(l).toMatchObject({ sellerVerified: true, sellerName: COMPANY });
      if (!body.page.nextCursor) break;
      cursor = body.page.nextCursor;
    }
    expect(seen).toEqual(publicIds);
    // A cursor that is not one (or too long to be one) is the first page, not a failure.
    for (const bad of ["not-a-cursor", "x".repeat(500)]) {
      const body = (await get(`/sellers/${verifiedSellerId}?cursor=${bad}`, { id: verifiedSellerId })).body as PageBody;
      expect(body.page.items.map((l) => l.id)).toEqual(publicIds.slice(0, SELLER_PAGE_SIZE));
    }
  });

  it("Load more keeps its state in the address: ?shown=24 shows the first 24 again (Back, reload)", async () => {
    const path = `/sellers/${verifiedSellerId}`;
    const first = (await get(path, { id: verifiedSellerId })).body as PageBody & { page: { shown: number } };
    expect(first.page).toMatchObject({ shown: SELLER_PAGE_SIZE });
    expect(first.page.nextCursor).not.toBeNull();
    const more = (await get(`${path}?shown=24`, { id: verifiedSellerId })).body as PageBody & {
      page: { shown: number };
    };
    // All 15 public listings from the first, in order; nothing more to load.
    expect(more.page.shown).toBe(24);
    expect(more.page.items.map((l) => l.id)).toEqual(publicIds);
    expect(more.page.nextCursor).toBeNull();
    // An address that asks for too many, or nonsense, gets a page's worth at most what one page reads.
    for (const [query, shown] of [
      ["shown=100000", 60],
      ["shown=abc", SELLER_PAGE_SIZE],
      ["shown=-5", SELLER_PAGE_SIZE],
    ] as const) {
      const body = (await get(`${path}?${query}`, { id: verifiedSellerId })).body as PageBody & {
        page: { shown: number };
      };
      expect(body.page.shown, query).toBe(shown);
    }
  });

  it("answers the app's 404 for an id that is not a uuid, an unknown seller, a buyer's id and a banned seller", async () => {
    const [buyerRow] = await h.rt.db
      .select({ id: s.buyers.id })
      .from(s.buyers)
      .where(eq(s.buyers.userId, buyer.viewer.userId));
    for (const id of [
      "abc",
      "1 or 1=1",
      `${verifiedSellerId}x`,
      randomUUID(),
      buyerRow!.id,
      bannedSellerId,
      verified.userId,
    ]) {
      const answer = await get(`/sellers/${encodeURIComponent(id)}`, { id });
      expect(answer.status, id).toBe(404);
    }
    expect(await getSellerPage({ db: h.rt.db, storage: h.rt.storage, id: bannedSellerId })).toBeNull();
    // Signed in makes no difference.
    expect((await get(`/sellers/${bannedSellerId}`, { id: bannedSellerId }, buyer.cookie)).status).toBe(404);
  });

  it("sends no e-mail address or phone number, to a visitor or a buyer", async () => {
    for (const cookie of [undefined, buyer.cookie]) {
      const answer = await get(`/sellers/${verifiedSellerId}`, { id: verifiedSellerId }, cookie);
      const text = JSON.stringify(answer.body);
      expect(text).not.toContain(verified.email);
      expect(text).not.toContain(PHONE);
      expect(text).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
      expect(text).not.toContain(verified.userId);
    }
  });

  it("reads the page with the seller's index, never a sort of the whole table", async () => {
    const plan = await h.rt.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const query = listingsPageQuery({
        db: tx,
        search: { sellerId: verifiedSellerId, sort: "newest" },
        limit: 12,
      }).getSQL();
      const result = await tx.execute(sql`explain ${query}`);
      return (result.rows as Record<string, string>[]).map((r) => Object.values(r)[0]).join("\n");
    });
    expect(plan).toMatch(/listings_(seller|public)_idx/);
    expect(plan).not.toMatch(/Seq Scan on listings/);
  });
});

describe(`the Verified seller flag (${dbLabel})`, () => {
  it("is on the catalogue's cards for a verified seller's listings only", async () => {
    for (const [q, expected] of [
      ["Zwane", true],
      ["Karin", false],
    ] as const) {
      const body = (await h.call(catalogLoader, { path: `/equipment?q=${q}`, method: "GET" })).body as PageBody;
      expect(body.page.items.length, q).toBeGreaterThan(0);
      for (const l of body.page.items) expect(l.sellerVerified, q).toBe(expected);
    }
  });

  it("is on /parts, home's featured machines and the watchlist, for verified sellers only", async () => {
    const parts = (await h.call(partsLoader, { path: "/parts", method: "GET" })).body as PageBody;
    const featured = (
      (await h.call(homeLoader, { path: "/", method: "GET" })).body as {
        featured: { id: string; sellerVerified: boolean }[];
      }
    ).featured;
    await toggleFavourite({
      db: h.rt.db,
      userId: buyer.viewer.userId,
      listingId: publicIds[0]!,
      favourite: true,
      role: "buyer",
    });
    await toggleFavourite({
      db: h.rt.db,
      userId: buyer.viewer.userId,
      listingId: plainListingId,
      favourite: true,
      role: "buyer",
    });
    const watched = (
      (await h.call(watchlistLoader, { path: "/watchlist", method: "GET", cookie: buyer.cookie })).body as {
        items: { id: string; sellerVerified: boolean }[];
      }
    ).items;
    for (const list of [parts.page.items, featured, watched]) {
      const flags = new Map(list.map((l) => [l.id, l.sellerVerified]));
      expect(flags.get(plainListingId)).toBe(false);
      expect([...flags].filter(([id]) => publicIds.includes(id)).every(([, v]) => v)).toBe(true);
      expect([...flags].some(([id]) => publicIds.includes(id))).toBe(true);
    }
  });

  it("is on the listing page with the seller's page link; a banned seller's name has no link", async () => {
    const read = async (id: string) =>
      (await h.call(listingLoader, { path: `/listing/${id}`, method: "GET", params: { id } })).body as {
        listing: { seller: { id: string; name: string; isVerified: boolean; hasPage: boolean } };
      };
    expect((await read(publicIds[0]!)).listing.seller).toEqual({
      id: verifiedSellerId,
      name: COMPANY,
      isVerified: true,
      hasPage: true,
    });
    expect((await read(plainListingId)).listing.seller).toEqual({
      id: plainSellerId,
      name: "Karin Private",
      isVerified: false,
      hasPage: true,
    });
    const [barry] = await h.rt.db
      .select({ id: s.listings.id })
      .from(s.listings)
      .where(eq(s.listings.sellerId, bannedSellerId));
    expect((await read(barry!.id)).listing.seller).toMatchObject({ hasPage: false, isVerified: false });
  });

  it("follows the seller's verification: taken away, the badge goes from every card at once", async () => {
    await h.rt.db.update(s.sellers).set({ verificationStatus: "unverified" }).where(eq(s.sellers.id, verifiedSellerId));
    try {
      const body = (await h.call(catalogLoader, { path: "/equipment?q=Zwane", method: "GET" })).body as PageBody;
      expect(body.page.items.every((l) => l.sellerVerified === false)).toBe(true);
      const page = (await get(`/sellers/${verifiedSellerId}`, { id: verifiedSellerId })).body as PageBody;
      expect(page.seller.verified).toBe(false);
    } finally {
      await h.rt.db.update(s.sellers).set({ verificationStatus: "verified" }).where(eq(s.sellers.id, verifiedSellerId));
    }
  });

  it("is read in the page query's join on sellers by primary key, not a query per row", async () => {
    const text = listingsPageQuery({ db: h.rt.db, search: { sort: "newest" }, limit: 12 }).toSQL().sql;
    expect(text).toMatch(/inner join "sellers" on "sellers"\."id" = "listings"\."seller_id"/);
    expect(text).toContain('"sellers"."is_verified"');
    // One join, no subquery: the flag costs nothing per row beyond the join the seller's name already needs.
    expect(text.match(/select/gi)).toHaveLength(1);
  });
});
