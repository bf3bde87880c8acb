/**
 * Saved searches and alerts on a real database: a listing matches a saved search exactly when the
 * catalog shows it for that search (each filter, and combinations, checked against the catalog's own
 * WHERE clause); an approval produces one notification and one outbox e-mail per matching instant
 * search and none for the others; digests go once even when two runs race, and leave out a listing
 * no longer public; the unsubscribe link stops only its own alert and refuses a changed token; a
 * watched listing's price drop is told with old and new price; the watchlist keeps a sold machine
 * and says so; another user's saved search is "not found".
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { findMatchingSearches, matchQueuedListings } from "#app/domain/alert/match-saved-searches.server.ts";
import { sendAlerts } from "#app/domain/alert/send-alerts.server.ts";
import { signUnsubscribe } from "#app/domain/alert/unsubscribe-token.server.ts";
import { changeListingPrice } from "#app/domain/listing/change-listing-price.server.ts";
import { searchWhere } from "#app/domain/listing/find-listings.server.ts";
import { parseListingSearch } from "#app/domain/listing/listing-search.ts";
import { manageOwnListing } from "#app/domain/listing/manage-own-listing.server.ts";
import { moderateListing } from "#app/domain/listing/moderate-listing.server.ts";
import { saveSearch } from "#app/domain/saved-search/save-search.server.ts";
import { toggleFavourite } from "#app/domain/favourite/toggle-favourite.server.ts";
import { action as savedSearchesAction, loader as savedSearchesLoader } from "#app/routes/alerts/saved-searches.tsx";
import { loader as openLoader } from "#app/routes/alerts/open-saved-search.ts";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "#app/routes/alerts/unsubscribe.tsx";
import { loader as watchlistLoader } from "#app/routes/buyer/watchlist.tsx";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { formatPrice } from "#app/lib/format.ts";
import {
  BASE,
  dbLabel,
  publicListingRow,
  startTestRuntime,
  type Persona,
  type TestRuntime,
} from "./support/harness.ts";

let h: TestRuntime;
let seller: Persona;
let admin: Viewer;
let secret: string;

beforeAll(async () => {
  h = await startTestRuntime({ rateLimits: false });
  seller = await h.persona("seller");
  admin = await h.createAdmin();
  secret = h.rt.env.SESSION_SECRET;
});
afterAll(() => h.stop());

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const save = (
  p: Persona,
  query: string,
  frequency = "instant",
  name = `Search ${Math.random().toString(36).slice(2, 7)}`,
) =>
  h.call(savedSearchesAction, {
    path: "/saved-searches",
    cookie: p.cookie,
    body: form({ intent: "save", name, frequency, query }),
  });
const searchesOf = (userId: string) => h.rt.db.select().from(s.savedSearches).where(eq(s.savedSearches.userId, userId));
const alertsTo = (email: string, template = "send-search-alert") =>
  h.rt.db
    .select()
    .from(s.emailOutbox)
    .where(and(eq(s.emailOutbox.toAddress, email.toLowerCase()), eq(s.emailOutbox.template, template)));
const notesOf = (userId: string, type: "saved_search" | "price_drop") =>
  h.rt.db
    .select()
    .from(s.notifications)
    .where(and(eq(s.notifications.userId, userId), eq(s.notifications.type, type)));

/** A listing of `seller` waiting for review with its mandate signed (so an admin may approve it). */
async function pendingListing(over: Partial<typeof s.listings.$inferInsert> = {}) {
  const [row] = await h.rt.db
    .insert(s.listings)
    .values(publicListingRow(await h.sellerIdOf(seller.viewer), { status: "pending", adminStatus: "pending", ...over }))
    .returning();
  await h.rt.db.insert(s.mandateAgreements).values({
    listingId: row!.id,
    userId: seller.viewer.userId,
    listingTitle: row!.title,
    termsText: "EXCLUSIVE SALES MANDATE",
    signatureMethod: "checkbox",
    status: "signed",
    userEmail: seller.viewer.email,
    signedAt: new Date(),
  });
  return row!;
}

/** The instant run the job makes (the job may also be running: both are safe together). */
const runInstant = async () => {
  await matchQueuedListings({ db: h.rt.db });
  await sendAlerts({ db: h.rt.db, storage: h.rt.storage, publicUrl: BASE, secret, frequency: "instant" });
};

describe(`matching a listing against saved searches (${dbLabel})`, () => {
  // One listing per shape; each saved search below must match exactly the listings the catalog shows for it.
  const LISTINGS: Record<string, Partial<typeof s.listings.$inferInsert>> = {
    catGauteng: {
      title: "2019 Caterpillar 320D excavator",
      category: "excavators",
      condition: "used",
      price: "1200000",
      location: "Midrand, Gauteng",
      make: "Caterpillar",
      model: "320D",
      year: 2019,
      usage: 4200,
      vat: "exclusive",
      isUrgent: true,
    },
    komatsuCape: {
      title: "Komatsu PC200 excavator",
      category: "excavators",
      condition: "refurbished",
      price: "1800000",
      location: "Cape Town, Western Cape",
      make: "Komatsu",
      model: "PC200-8",
      year: 2015,
      usage: 9000,
      vat: "none",
      isBargain: true,
    },
    generator: {
      title: "Cummins 100 kVA generator, silent",
      description: "Low hours standby generator",
      category: "generators",
      condition: "new",
      price: "250000",
      location: "Durban, KwaZulu-Natal",
      make: "Cummins",
      year: null,
      usage: null,
    },
  };
  const SEARCHES: [string, string][] = [
    ["category", "category=excavators"],
    ["condition", "condition=new"],
    ["min price", "minPrice=1500000"],
    ["max price", "maxPrice=1500000"],
    ["price range", "minPrice=200000&maxPrice=1300000"],
    ["province", "province=Gauteng"],
    ["urgent", "urgent=1"],
    ["bargain", "bargain=1"],
    ["make (alias)", "make=cat"],
    ["model prefix", "model=pc200"],
    ["year from", "yearFrom=2016"],
    ["year to", "yearTo=2016"],
    ["max hours", "maxHours=5000"],
    ["VAT-registered", "vatRegistered=1"],
    ["words", "q=excavator"],
    ["words (stemmed)", "q=generators"],
    ["words, none", "q=bulldozer"],
    ["excavators, Gauteng, under R1.5m", "category=excavators&province=Gauteng&maxPrice=1500000"],
    ["excavators, Western Cape, under R1.5m", "category=excavators&province=Western+Cape&maxPrice=1500000"],
    ["Komatsu 2010–2016, bargain", "make=Komatsu&yearFrom=2010&yearTo=2016&bargain=1"],
    ["words + category + hours", "q=caterpillar&category=excavators&maxHours=5000"],
    ["generator words in the wrong category", "q=generator&category=cranes"],
  ];
  const listingIds: Record<string, string> = {};
  const searchIds: Record<string, string> = {};
  let matcher: Persona;

  beforeAll(async () => {
    matcher = await h.persona("buyer");
    for (const [key, over] of Object.entries(LISTINGS)) {
      const row = await h.createListing({ seller: seller.viewer, title: key, ...over });
      listingIds[key] = row.id;
    }
    for (const [label, query] of SEARCHES) {
      const { id } = await saveSearch({
        db: h.rt.db,
        userId: matcher.viewer.userId,
        role: "buyer",
        name: label,
        frequency: "off",
        query,
      });
      searchIds[label] = id;
    }
  });

  it.each(SEARCHES)("%s: matches exactly the listings the catalog finds", async (label, query) => {
    const search = parseListingSearch(new URLSearchParams(query));
    const expected: string[] = [];
    for (const [key, id] of Object.entries(listingIds)) {
      const [row] = await h.rt.db
        .select({ id: s.listings.id })
        .from(s.listings)
        .where(and(eq(s.listings.id, id), searchWhere(search)));
      if (row) expected.push(key);
      const matched = await findMatchingSearches({ db: h.rt.db, listingId: id });
      expect(matched.includes(searchIds[label]!), `${label} × ${key}`).toBe(Boolean(row));
    }
    // Every shape is worth checking: the table above is not all "no match".
    if (label.endsWith("none") || label.includes("wrong category") || label.includes("Western Cape"))
      expect(expected).toEqual([]);
    else expect(expected.length).toBeGreaterThan(0);
  });

  it("a listing that is not public matches nothing", async () => {
    await h.rt.db.update(s.listings).set({ archived: true }).where(eq(s.listings.id, listingIds.catGauteng!));
    expect(await findMatchingSearches({ db: h.rt.db, listingId: listingIds.catGauteng! })).toEqual([]);
    await h.rt.db.update(s.listings).set({ archived: false }).where(eq(s.listings.id, listingIds.catGauteng!));
  });
});

describe(`alerts when a listing becomes public (${dbLabel})`, () => {
  it("approval: one notification and one e-mail per matching instant search, none for the others; never twice", async () => {
    const buyer = await h.persona("buyer");
    const other = await h.persona("buyer");
    const query = "category=excavators&province=Gauteng&maxPrice=1500000";
    const saved = await save(buyer, query, "instant", "Excavators in Gauteng");
    expect(saved.status).toBe(200);
    expect(await save(other, "category=cranes", "instant")).toMatchObject({ status: 200 });
    const listing = await pendingListing({
      title: "Volvo EC210 excavator",
      location: "Pretoria, Gauteng",
      price: "1400000",
    });
    await moderateListing({ runtime: h.rt, admin, listingId: listing.id, action: "approve" });
    await runInstant();
    await expect.poll(async () => (await alertsTo(buyer.viewer.email)).length, { timeout: 10_000 }).toBe(1);
    const [mail] = await alertsTo(buyer.viewer.email);
    expect(mail!.subject).toBe('1 new machine for your search "Excavators in Gauteng"');
    expect(mail!.html).toContain("Volvo EC210 excavator");
    expect(mail!.html).toContain(`${BASE}/listing/${listing.id}`);
    expect(mail!.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    const notes = await notesOf(buyer.viewer.userId, "saved_search");
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      title: '1 new machine for "Excavators in Gauteng"',
      link: expect.stringMatching(/^\/saved-searches\/.+\/open$/),
    });
    expect(await alertsTo(other.viewer.email)).toHaveLength(0);
    expect(await notesOf(other.viewer.userId, "saved_search")).toHaveLength(0);

    // Withdrawn and relisted: public again, but this search was told about it already.
    await manageOwnListing({ db: h.rt.db, viewer: seller.viewer, listingId: listing.id, action: "withdraw" });
    await manageOwnListing({ db: h.rt.db, viewer: seller.viewer, listingId: listing.id, action: "relist" });
    await runInstant();
    await runInstant();
    expect(await alertsTo(buyer.viewer.email)).toHaveLength(1);

    // The page counts it as new until the search is opened.
    const page = await h.call(savedSearchesLoader, { path: "/saved-searches", method: "GET", cookie: buyer.cookie });
    const row = (page.body as { searches: { id: string; newMatches: number; summary: string }[] }).searches[0]!;
    expect(row).toMatchObject({ newMatches: 1, summary: `Excavators · Gauteng · up to ${formatPrice(1500000)}` });
    const opened = await h.call(openLoader, {
      path: `/saved-searches/${row.id}/open`,
      method: "GET",
      cookie: buyer.cookie,
      params: { id: row.id },
    });
    expect(opened.status).toBe(302);
    expect(opened.location).toBe("/catalog?category=excavators&maxPrice=1500000&province=Gauteng");
    const after = await h.call(savedSearchesLoader, { path: "/saved-searches", method: "GET", cookie: buyer.cookie });
    expect((after.body as { searches: { newMatches: number }[] }).searches[0]!.newMatches).toBe(0);
  });

  it("a price cut that brings a listing under a saved search's limit tells that search", async () => {
    const buyer = await h.persona("buyer");
    await save(buyer, "category=loaders&maxPrice=900000", "instant", "Cheap loaders");
    const listing = await h.createListing({
      seller: seller.viewer,
      title: "Bell L1706E loader",
      category: "loaders",
      price: "950000",
    });
    await changeListingPrice({ db: h.rt.db, viewer: seller.viewer, listingId: listing.id, price: "880000" });
    await runInstant();
    await expect.poll(async () => (await alertsTo(buyer.viewer.email)).length, { timeout: 10_000 }).toBe(1);
  });

  it("digests: everything since the last one in one e-mail, sent once when two runs race, without listings no longer public", async () => {
    const buyer = await h.persona("buyer");
    await save(buyer, "category=compressors", "daily", "Compressors");
    const a = await h.createListing({
      seller: seller.viewer,
      title: "Atlas Copco XAS 185",
      category: "compressors",
      price: "300000",
    });
    const b = await h.createListing({
      seller: seller.viewer,
      title: "Ingersoll Rand 7/41",
      category: "compressors",
      price: "200000",
    });
    const gone = await h.createListing({
      seller: seller.viewer,
      title: "Sullair 185 (sold meanwhile)",
      category: "compressors",
      price: "150000",
    });
    for (const l of [a, b, gone]) await h.rt.db.insert(s.savedSearchMatchQueue).values({ listingId: l.id });
    await runInstant();
    expect(await alertsTo(buyer.viewer.email)).toHaveLength(0); // a daily search waits for its digest
    await h.rt.db.update(s.listings).set({ status: "sold" }).where(eq(s.listings.id, gone.id));

    const run = () => sendAlerts({ db: h.rt.db, storage: h.rt.storage, publicUrl: BASE, secret, frequency: "daily" });
    const [one, two] = await Promise.all([run(), run()]);
    const mails = await alertsTo(buyer.viewer.email);
    expect(mails).toHaveLength(1);
    expect(one.length + two.length).toBeGreaterThanOrEqual(1);
    expect(mails[0]!.subject).toBe('2 new machines for your search "Compressors"');
    expect(mails[0]!.html).toContain("Atlas Copco XAS 185");
    expect(mails[0]!.html).toContain("Ingersoll Rand 7/41");
    expect(mails[0]!.html).not.toContain("Sullair");
    expect(await notesOf(buyer.viewer.userId, "saved_search")).toHaveLength(1);
    // The weekly run and the next daily run have nothing more to say.
    await run();
    await sendAlerts({ db: h.rt.db, storage: h.rt.storage, publicUrl: BASE, secret, frequency: "weekly" });
    expect(await alertsTo(buyer.viewer.email)).toHaveLength(1);
  });

  it("paused searches and 'Stop all alerts' are silent; nothing found meanwhile is sent when they start again", async () => {
    const buyer = await h.persona("buyer");
    await save(buyer, "category=welding_equipment", "instant", "Welders");
    const [search] = await searchesOf(buyer.viewer.userId);
    const act = (intent: string, extra: Record<string, string> = {}) =>
      h.call(savedSearchesAction, { path: "/saved-searches", cookie: buyer.cookie, body: form({ intent, ...extra }) });
    expect((await act("pause", { id: search!.id })).location).toBe("/saved-searches");
    await h
      .createListing({ seller: seller.viewer, title: "Lincoln welder A", category: "welding_equipment" })
      .then((l) => h.rt.db.insert(s.savedSearchMatchQueue).values({ listingId: l.id }));
    await runInstant();
    expect((await act("resume", { id: search!.id })).status).toBe(302);
    expect((await act("stop-all")).status).toBe(302);
    await h
      .createListing({ seller: seller.viewer, title: "Miller welder B", category: "welding_equipment" })
      .then((l) => h.rt.db.insert(s.savedSearchMatchQueue).values({ listingId: l.id }));
    await runInstant();
    expect(await alertsTo(buyer.viewer.email)).toHaveLength(0);
    expect((await act("resume-all")).status).toBe(302);
    await runInstant();
    expect(await alertsTo(buyer.viewer.email)).toHaveLength(0);
    await h
      .createListing({ seller: seller.viewer, title: "ESAB welder C", category: "welding_equipment" })
      .then((l) => h.rt.db.insert(s.savedSearchMatchQueue).values({ listingId: l.id }));
    await runInstant();
    const mails = await alertsTo(buyer.viewer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.html).toContain("ESAB welder C");
    const consents = await h.rt.db.select().from(s.consents).where(eq(s.consents.userId, buyer.viewer.userId));
    expect(consents.map((c) => [c.purpose, c.granted])).toEqual([
      ["search_alerts", true],
      ["search_alerts", false],
      ["watchlist_alerts", false],
      ["search_alerts", true],
      ["watchlist_alerts", true],
    ]);
  });
});

describe(`waiting alerts follow their search (${dbLabel})`, () => {
  it("a daily search changed to weekly goes out with the weekly digest, not the daily one; a search that is off records its matches as passed over", async () => {
    const buyer = await h.persona("buyer");
    await save(buyer, "category=dump_trucks&province=Limpopo", "daily", "Limpopo dumpers");
    await save(buyer, "category=dump_trucks&province=Limpopo&maxPrice=5000000", "off", "Silent dumpers");
    const [weekly, silent] = (await searchesOf(buyer.viewer.userId))
      .sort((a, b) => b.name.localeCompare(a.name))
      .reverse();
    const listing = await h.createListing({
      seller: seller.viewer,
      title: "Bell B30E, Polokwane",
      category: "dump_trucks",
      location: "Polokwane, Limpopo",
      price: "2500000",
    });
    await h.rt.db.insert(s.savedSearchMatchQueue).values({ listingId: listing.id });
    await runInstant();
    const matches = await h.rt.db
      .select()
      .from(s.savedSearchMatches)
      .where(eq(s.savedSearchMatches.listingId, listing.id));
    expect(matches.find((m) => m.savedSearchId === silent!.id)).toMatchObject({
      frequency: "off",
      notifiedAt: expect.any(Date),
    });
    expect(matches.find((m) => m.savedSearchId === weekly!.id)).toMatchObject({ frequency: "daily", notifiedAt: null });
    const changed = await h.call(savedSearchesAction, {
      path: "/saved-searches",
      cookie: buyer.cookie,
      body: form({ intent: "update", id: weekly!.id, name: "Limpopo dumpers", frequency: "weekly" }),
    });
    expect(changed.status).toBe(302);
    const digest = (frequency: "daily" | "weekly") =>
      sendAlerts({ db: h.rt.db, storage: h.rt.storage, publicUrl: BASE, secret, frequency });
    await digest("daily");
    expect(await alertsTo(buyer.viewer.email)).toHaveLength(0);
    await digest("weekly");
    const mails = await alertsTo(buyer.viewer.email);
    expect(mails.map((m) => m.subject)).toEqual(['1 new machine for your search "Limpopo dumpers"']);
  });
});

describe(`matching many saved searches at once (${dbLabel})`, () => {
  it("a listing that 15,000 saved searches match is recorded for each of them (past PostgreSQL's 65,535 parameters)", async () => {
    const buyer = await h.persona("buyer");
    await h.rt.db.execute(sql`
      insert into saved_searches (user_id, name, query, category, frequency)
      select ${buyer.viewer.userId}, 'Cranes ' || i, 'category=cranes&i=' || i, 'cranes', 'weekly'
      from generate_series(1, 15000) i`);
    const listing = await h.createListing({
      seller: seller.viewer,
      title: "Tadano GR-1000XL",
      category: "cranes",
      price: "9000000",
    });
    await h.rt.db.insert(s.savedSearchMatchQueue).values({ listingId: listing.id });
    await runInstant();
    const [row] = (
      await h.rt.db.execute(sql`select count(*)::int as n from saved_search_matches where listing_id = ${listing.id}`)
    ).rows as { n: number }[];
    expect(Number(row!.n)).toBeGreaterThanOrEqual(15000);
    await h.rt.db.execute(sql`delete from saved_searches where user_id = ${buyer.viewer.userId}`);
  });
});

describe(`saving and managing (${dbLabel})`, () => {
  it("records the consent; refuses a blank search, bad input (400, nothing written), a seller (403) and another user's search (404)", async () => {
    const buyer = await h.persona("buyer");
    const stranger = await h.persona("buyer");
    expect((await save(buyer, "make=Bell&yearFrom=2018", "weekly", "Bell, 2018 on")).status).toBe(200);
    const [search] = await searchesOf(buyer.viewer.userId);
    expect(search).toMatchObject({
      make: "Bell",
      yearFrom: 2018,
      frequency: "weekly",
      query: "make=Bell&yearFrom=2018",
    });
    const [consent] = await h.rt.db.select().from(s.consents).where(eq(s.consents.userId, buyer.viewer.userId));
    expect(consent).toMatchObject({
      purpose: "search_alerts",
      granted: true,
      detail: expect.stringContaining('"Bell, 2018 on"'),
    });

    const before = await h.rowCounts();
    expect((await save(buyer, "sort=price_asc")).status).toBe(400);
    expect((await save(buyer, "category=cranes", "hourly")).status).toBe(400);
    expect((await save(buyer, "category=cranes", "daily", "   ")).status).toBe(400);
    expect((await save(buyer, "category=cranes", "daily", "x".repeat(81))).status).toBe(400);
    expect((await save(seller, "category=cranes")).status).toBe(403);
    // The same search twice: the first one is named.
    const again = await save(buyer, "yearFrom=2018&make=bell", "daily", "Bell again");
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain('You saved this search already, as \\"Bell, 2018 on\\"');
    // Alert settings are a buyer's: a seller is refused them.
    for (const intent of ["watchlist-alerts", "stop-all"]) {
      const answer = await h.call(savedSearchesAction, {
        path: "/saved-searches",
        cookie: seller.cookie,
        body: form({ intent, frequency: "instant" }),
      });
      expect(answer.status, intent).toBe(403);
    }
    const visitor = await h.call(savedSearchesAction, {
      path: "/saved-searches",
      body: form({ intent: "save", name: "x", frequency: "daily", query: "category=cranes" }),
    });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/signin/);
    for (const intent of ["update", "pause", "resume", "delete"]) {
      const answer = await h.call(savedSearchesAction, {
        path: "/saved-searches",
        cookie: stranger.cookie,
        body: form({ intent, id: search!.id, name: "Mine now", frequency: "off" }),
      });
      expect(answer.status, intent).toBe(404);
    }
    const open = await h.call(openLoader, {
      path: `/saved-searches/${search!.id}/open`,
      method: "GET",
      cookie: stranger.cookie,
      params: { id: search!.id },
    });
    expect(open.status).toBe(404);
    expect(await h.rowCounts()).toEqual(before);

    const renamed = await h.call(savedSearchesAction, {
      path: "/saved-searches",
      cookie: buyer.cookie,
      body: form({ intent: "update", id: search!.id, name: "Bell ADTs", frequency: "daily" }),
    });
    expect(renamed).toMatchObject({ status: 302, location: "/saved-searches" });
    expect((await searchesOf(buyer.viewer.userId))[0]).toMatchObject({ name: "Bell ADTs", frequency: "daily" });
    expect(
      (
        await h.call(savedSearchesAction, {
          path: "/saved-searches",
          cookie: buyer.cookie,
          body: form({ intent: "delete", id: search!.id }),
        })
      ).status,
    ).toBe(302);
    expect(await searchesOf(buyer.viewer.userId)).toHaveLength(0);
  });
});

describe(`unsubscribe links (${dbLabel})`, () => {
  it("stop one saved search's alerts without signing in; the others carry on; a changed token is refused", async () => {
    const buyer = await h.persona("buyer");
    await save(buyer, "category=cranes", "instant", "Cranes");
    await save(buyer, "category=bulldozers", "daily", "Dozers");
    const [cranes, dozers] = (await searchesOf(buyer.viewer.userId)).sort((x, y) => x.name.localeCompare(y.name));
    const token = signUnsubscribe(secret, { kind: "search", id: cranes!.id });

    for (const bad of [
      `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`,
      signUnsubscribe("another-secret-another-secret-another-secret", { kind: "search", id: cranes!.id }),
      token.replace(cranes!.id, dozers!.id),
      "nonsense",
    ]) {
      const page = await h.call(unsubscribeLoader, {
        path: `/unsubscribe/${bad}`,
        method: "GET",
        params: { token: bad },
      });
      expect(page.status).toBe(400);
      const post = await h.call(unsubscribeAction, {
        path: `/unsubscribe/${bad}`,
        params: { token: bad },
        body: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(post.status).toBe(400);
    }
    expect((await searchesOf(buyer.viewer.userId)).map((x) => x.frequency).sort()).toEqual(["daily", "instant"]);

    // Opening the link only asks; the mail program's one-click POST stops it.
    const page = await h.call(unsubscribeLoader, { path: `/unsubscribe/${token}`, method: "GET", params: { token } });
    expect(page).toMatchObject({
      status: 200,
      body: { target: { what: 'alerts for your saved search "Cranes"', alreadyOff: false } },
    });
    const post = await h.call(unsubscribeAction, {
      path: `/unsubscribe/${token}`,
      params: { token },
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(post.status).toBe(200);
    const after = await searchesOf(buyer.viewer.userId);
    expect(after.find((x) => x.id === cranes!.id)!.frequency).toBe("off");
    expect(after.find((x) => x.id === dozers!.id)!.frequency).toBe("daily");
    const withdrawn = await h.rt.db
      .select()
      .from(s.consents)
      .where(and(eq(s.consents.userId, buyer.viewer.userId), eq(s.consents.granted, false)));
    expect(withdrawn).toEqual([
      expect.objectContaining({ purpose: "search_alerts", source: "e-mail unsubscribe link" }),
    ]);
  });
});

describe(`watchlist and price drops (${dbLabel})`, () => {
  it("a watcher who asked for instant alerts is told old and new price; the watchlist shows the drop and a sold machine", async () => {
    const watcher = await h.persona("buyer");
    const silent = await h.persona("buyer");
    const listing = await h.createListing({
      seller: seller.viewer,
      title: "JCB 3CX backhoe",
      category: "loaders",
      price: "900000",
    });
    const sold = await h.createListing({ seller: seller.viewer, title: "Hitachi ZX200 (sold)", price: "1000000" });
    for (const p of [watcher, silent]) {
      await toggleFavourite({
        db: h.rt.db,
        userId: p.viewer.userId,
        role: "buyer",
        listingId: listing.id,
        favourite: true,
      });
    }
    await toggleFavourite({
      db: h.rt.db,
      userId: watcher.viewer.userId,
      role: "buyer",
      listingId: sold.id,
      favourite: true,
    });
    const set = await h.call(savedSearchesAction, {
      path: "/saved-searches",
      cookie: watcher.cookie,
      body: form({ intent: "watchlist-alerts", frequency: "instant", source: "/watchlist" }),
    });
    expect(set.status).toBe(200);
    await changeListingPrice({ db: h.rt.db, viewer: seller.viewer, listingId: listing.id, price: "950000" }); // up: nothing
    await changeListingPrice({ db: h.rt.db, viewer: seller.viewer, listingId: listing.id, price: "820000" });
    await runInstant();
    await expect
      .poll(async () => (await alertsTo(watcher.viewer.email, "send-price-drop-alert")).length, { timeout: 10_000 })
      .toBe(1);
    const [mail] = await alertsTo(watcher.viewer.email, "send-price-drop-alert");
    expect(mail!.subject).toBe("Price drop: JCB 3CX backhoe");
    expect(mail!.text).toContain(`${formatPrice(820000)} (was ${formatPrice(950000)})`);
    const [note] = await notesOf(watcher.viewer.userId, "price_drop");
    expect(note).toMatchObject({ title: "Price drop: JCB 3CX backhoe", link: `/listing/${listing.id}` });
    // Alerts are opt-in: the other watcher never chose them.
    expect(await alertsTo(silent.viewer.email, "send-price-drop-alert")).toHaveLength(0);
    expect(await notesOf(silent.viewer.userId, "price_drop")).toHaveLength(0);

    await h.rt.db.update(s.listings).set({ status: "sold" }).where(eq(s.listings.id, sold.id));
    const page = await h.call(watchlistLoader, { path: "/watchlist", method: "GET", cookie: watcher.cookie });
    const items = (
      page.body as {
        items: { id: string; state: string; price: number; droppedFrom: number | null; imageUrl: string | null }[];
      }
    ).items;
    expect(items.find((i) => i.id === listing.id)).toMatchObject({
      state: "available",
      price: 820000,
      droppedFrom: 900000,
    });
    expect(items.find((i) => i.id === sold.id)).toMatchObject({ state: "sold", imageUrl: null });

    // The watchlist's unsubscribe link turns price-drop alerts off.
    const token = signUnsubscribe(secret, { kind: "watchlist", userId: watcher.viewer.userId });
    expect(
      (await h.call(unsubscribeAction, { path: `/unsubscribe/${token}`, params: { token }, body: "" })).status,
    ).toBe(200);
    const [prefs] = await h.rt.db
      .select()
      .from(s.alertPreferences)
      .where(eq(s.alertPreferences.userId, watcher.viewer.userId));
    expect(prefs!.watchlistFrequency).toBe("off");
    await changeListingPrice({ db: h.rt.db, viewer: seller.viewer, listingId: listing.id, price: "800000" });
    await runInstant();
    expect(await alertsTo(watcher.viewer.email, "send-price-drop-alert")).toHaveLength(1);
    expect(
      Number(
        (
          await h.rt.db.execute(
            sql`select count(*)::int as n from price_drop_alerts where user_id = ${watcher.viewer.userId}`,
          )
        ).rows[0]!.n,
      ),
    ).toBe(1);
  });
});
