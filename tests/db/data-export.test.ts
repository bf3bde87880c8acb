/**
 * "Download my data" on a real database (docs/privacy.md#downloading-your-data).
 *
 * Completeness, from the database itself: every table that holds data about a person — reaching a
 * user through its foreign keys (directly or through sellers, buyers, listings, saved searches…) or
 * keeping an address or user id in a column of its own — is in the copy or on the list of tables left
 * out with a reason (app/domain/export/export-coverage.ts); a new such table fails here until it is
 * one or the other. Then one user with a row in every exported table gets a copy holding a row from
 * each, with their files, and without any secret.
 *
 * End to end: the row, the job (woken by the commit), the ZIP read back with fflate, the notification
 * and the e-mail; the download for its owner only, as an attachment that is never cached; at most one
 * copy in preparation and three a day; a copy that fails says so and may be tried again; after 24
 * hours the file and the row are gone, and the download answers 410.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { and, eq, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as s from "#db/schema.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { EXPORTS_PER_DAY, TOO_MANY_EXPORTS, ALREADY_PREPARING } from "#app/domain/export/data-export-rules.ts";
import {
  DATA_JSON_KEYS,
  EXPORTED_TABLES,
  TABLES_LEFT_OUT,
  TABLES_WITHOUT_PERSONAL_DATA,
} from "#app/domain/export/export-coverage.ts";
import { prepareDataExports, removeExpiredDataExports } from "#app/domain/export/prepare-data-exports.server.ts";
import { EXPORT_USER_DATA_JOB, requestDataExport } from "#app/domain/export/request-data-export.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { logger } from "#app/lib/logger.server.ts";
import type { Storage } from "#app/lib/storage.server.ts";
import { action as dataAction, loader as dataLoader } from "#app/routes/account/account-data.tsx";
import { loader as downloadLoader } from "#app/routes/account/data-export-download.ts";
import { BASE, dbLabel, refusal, startTestRuntime, type Persona, type TestRuntime } from "./support/harness.ts";

let h: TestRuntime;

beforeAll(async () => {
  h = await startTestRuntime({ rateLimits: false });
});
afterAll(() => h.stop());

const rows = async <T>(query: ReturnType<typeof sql>) => (await h.rt.db.execute(query)).rows as T[];

/** Waits for the job to prepare the user's waiting copy (it runs in the background, woken by the request). */
async function readyExport(userId: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [row] = await h.rt.db
      .select()
      .from(s.dataExports)
      .where(and(eq(s.dataExports.userId, userId), sql`${s.dataExports.status} <> 'pending'`))
      .orderBy(sql`${s.dataExports.requestedAt} desc`)
      .limit(1);
    if (row) return row;
    if (Date.now() > deadline) throw new Error("the export job did not finish");
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** What the job does, run here (the job's worker is stopped for the later tests). */
const prepare = () => prepareDataExports({ db: h.rt.db, storage: h.rt.storage, publicUrl: BASE });

const readZip = (bytes: Uint8Array) => {
  const files = unzipSync(bytes);
  return { files, data: JSON.parse(strFromU8(files["data.json"]!)) as Record<string, unknown> };
};

/** The items at a data.json path: "a" (an object counts as one item), "a[].b" (inside each item of a). */
function itemsAt(data: Record<string, unknown>, at: string): unknown[] {
  const asList = (v: unknown) => (Array.isArray(v) ? v : v === null || v === undefined ? [] : [v]);
  let items: unknown[] = [data];
  for (const part of at.split("[].")) {
    items = items.flatMap((item) => asList((item as Record<string, unknown>)[part]));
  }
  return items;
}

// ------------------------------------------------------------ the schema, read from the database

type ForeignKey = { table: string; column: string; refTable: string };

async function publicTables() {
  return (
    await rows<{ table: string }>(
      sql`select table_name as "table" from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )
  ).map((r) => r.table);
}

/**
 * The tables holding data about a person: the user table, every table whose foreign key reaches one of
 * them (so sellers, buyers, listings, saved searches… and what hangs off those), and every table with a
 * column that keeps an address or a user id without a key (email, to_address, viewer_key, *_by, …).
 */
async function tablesWithPersonalData() {
  const fks = await rows<ForeignKey>(sql`
    select kcu.table_name as "table", kcu.column_name as "column", ccu.table_name as "refTable"
    from information_schema.referential_constraints rc
    join information_schema.key_column_usage kcu
      on kcu.constraint_schema = rc.constraint_schema and kcu.constraint_name = rc.constraint_name
    join information_schema.constraint_column_usage ccu
      on ccu.constraint_schema = rc.constraint_schema and ccu.constraint_name = rc.constraint_name
    where rc.constraint_schema = 'public'`);
  const named = await rows<{ table: string }>(sql`
    select distinct table_name as "table" from information_schema.columns
    where table_schema = 'public'
      and (column_name in ('user_id', 'email', 'user_email', 'to_address', 'viewer_key', 'ip_address', 'phone', 'phone_number')
           or column_name like '%\_user\_id' or column_name like '%\_email' or column_name like '%\_by')`);
  const found = new Set<string>(["user", ...named.map((r) => r.table)]);
  for (let changed = true; changed;) {
    changed = false;
    for (const fk of fks) {
      if (found.has(fk.refTable) && !found.has(fk.table)) {
        found.add(fk.table);
        changed = true;
      }
    }
  }
  return found;
}

describe(`what the copy covers (${dbLabel})`, () => {
  it("classifies every table of db/schema.ts, and only those", async () => {
    const inSchema = (Object.values(s) as unknown[])
      .filter((v): v is PgTable => is(v, PgTable))
      .map((t) => getTableName(t));
    expect(new Set(await publicTables())).toEqual(new Set(inSchema));
    const lists = [
      Object.keys(EXPORTED_TABLES),
      Object.keys(TABLES_LEFT_OUT),
      Object.keys(TABLES_WITHOUT_PERSONAL_DATA),
    ];
    const classified = lists.flat();
    expect(classified.length, "a table is on two lists").toBe(new Set(classified).size);
    expect(new Set(classified)).toEqual(new Set(inSchema));
    for (const [table, reason] of Object.entries({ ...TABLES_LEFT_OUT, ...TABLES_WITHOUT_PERSONAL_DATA })) {
      expect(reason.length, `the reason ${table} is not exported`).toBeGreaterThan(20);
    }
    // Every place named for a table is a documented key of data.json.
    for (const places of Object.values(EXPORTED_TABLES)) {
      for (const place of places) expect(Object.keys(DATA_JSON_KEYS)).toContain(place.split("[].")[0]);
    }
  });

  it("every table holding data about a person is exported or left out with its reason", async () => {
    const personal = await tablesWithPersonalData();
    // The discovery is not empty-handed: it reaches through sellers and listings to their children.
    expect([...personal]).toEqual(
      expect.arrayContaining(["user", "sellers", "listings", "listing_images", "request_events", "email_outbox"]),
    );
    const covered = new Set([...Object.keys(EXPORTED_TABLES), ...Object.keys(TABLES_LEFT_OUT)]);
    const missing = [...personal].filter((t) => !covered.has(t));
    expect(missing, "tables with personal data that are neither exported nor left out with a reason").toEqual([]);
    const mislabelled = Object.keys(TABLES_WITHOUT_PERSONAL_DATA).filter((t) => personal.has(t));
    expect(mislabelled, "tables said to hold no personal data that do").toEqual([]);
  });
});

// ------------------------------------------------------------ one user, a row in every exported table

let me: Persona;
let other: Viewer;
let listingId: string;
const SECRETS = { totp: "TOTP-SECRET-never-exported", token: "ONE-TIME-TOKEN-never-exported" };

/** A seller who also buys, with admin access: one row (at least) in every table EXPORTED_TABLES names. */
async function fillEveryTable() {
  const { db, storage } = h.rt;
  me = await h.persona("seller");
  const userId = me.viewer.userId;
  const email = me.viewer.email;
  other = await h.createSeller({ email: `other-${randomUUID().slice(0, 6)}@example.co.za` });
  const onlooker = await h.createBuyer();

  const [buyer] = await db
    .insert(s.buyers)
    .values({ userId, phoneNumber: "082 111 2222", commissionAccepted: true })
    .returning();
  await db.insert(s.approvedSellers).values({ userId });
  await db.insert(s.adminAccess).values({ userId, notes: "Helps with moderation" });
  const kycKey = `private/verification/${userId}/identity.pdf`;
  await storage.put(kycKey, Buffer.from("%PDF-1.4 identity"), "application/pdf");
  await db.insert(s.sellerDocuments).values({
    userId,
    kind: "identity",
    storageKey: kycKey,
    fileName: "my id.pdf",
    contentType: "application/pdf",
    sizeBytes: 17,
  });
  await db.insert(s.twoFactor).values({ id: randomUUID(), userId, secret: SECRETS.totp, backupCodes: "codes" });
  await db.update(s.user).set({ twoFactorEnabled: true }).where(eq(s.user.id, userId));
  await db
    .insert(s.verification)
    .values({ id: randomUUID(), identifier: email, value: SECRETS.token, expiresAt: new Date(Date.now() + 3600_000) });

  // Their listing: a photo (with its file), a price change, a pending edit, a visit by someone else, a mandate with its PDF.
  const listing = await h.createListing({ seller: me.viewer, title: "Export test excavator", status: "sold" });
  listingId = listing.id;
  const photoKey = `public/listings/${listingId}/abc123`;
  await storage.put(`${photoKey}-full.webp`, Buffer.from("RIFF....WEBPfull"), "image/webp");
  await db.insert(s.listingImages).values({ listingId, position: 0, storageKey: photoKey, width: 1600, height: 1200 });
  await db
    .insert(s.listingPriceChanges)
    .values({ listingId, oldPrice: "1500000", newPrice: "1450000", changedBy: userId });
  await db.insert(s.listingRevisions).values({
    listingId,
    content: {
      title: "Export test excavator, serviced",
      description: "",
      category: "excavators",
      condition: "used",
      make: null,
      model: null,
      year: null,
      usage: null,
      serial: null,
      weightKg: null,
      powerKw: null,
      attachments: [],
      vat: null,
    },
    photos: [{ storageKey: photoKey, width: 1600, height: 1200 }],
    submittedBy: userId,
  });
  await db.insert(s.listingViews).values({ listingId, viewerKey: onlooker.userId });
  const pdfKey = `private/mandates/${listingId}/signed.pdf`;
  await storage.put(pdfKey, Buffer.from("%PDF-1.4 signed mandate"), "application/pdf");
  await db.insert(s.mandateAgreements).values({
    listingId,
    userId,
    listingTitle: listing.title,
    termsText: `EXCLUSIVE SALES MANDATE\nSeller: Test seller (${email})`,
    signatureMethod: "uploaded_pdf",
    userEmail: email,
    ipAddress: "196.25.1.1",
    signedPdfKey: pdfKey,
    signedAt: new Date(),
  });

  // As a buyer, on the other seller's machine: a view, the watchlist, a purchase request with its history, an offer.
  const theirs = await h.createListing({ seller: other, title: "Someone else's crane" });
  await db.insert(s.listingViews).values({ listingId: theirs.id, viewerKey: userId });
  await db.insert(s.favourites).values({ userId, listingId: theirs.id, savedPrice: "1450000" });
  const [purchase] = await db
    .insert(s.transactions)
    .values({
      buyerId: buyer!.id,
      sellerId: await h.sellerIdOf(other),
      listingId: theirs.id,
      amount: "1400000",
      message: "Cash buyer",
    })
    .returning();
  await db.insert(s.requestEvents).values({
    transactionId: purchase!.id,
    actorUserId: userId,
    actorRole: "buyer",
    move: "withdraw",
    fromStatus: "new",
    toStatus: "withdrawn",
  });
  await db
    .insert(s.userRequests)
    .values({ userId, requestType: "offer", offerAmount: "1300000", listingId: theirs.id });
  const [search] = await db
    .insert(s.savedSearches)
    .values({ userId, name: "Cranes", query: "category=cranes", category: "cranes" })
    .returning();
  await db.insert(s.savedSearchMatches).values({ savedSearchId: search!.id, listingId: theirs.id, frequency: "daily" });
  await db.insert(s.priceDropAlerts).values({ userId, listingId: theirs.id, oldPrice: "1500000", newPrice: "1450000" });
  await db.insert(s.alertPreferences).values({ userId, watchlistFrequency: "daily" });
  await db
    .insert(s.consents)
    .values({ userId, purpose: "search_alerts", granted: true, detail: "Cranes, daily", source: "/saved-searches" });

  // What the team holds: a notification, feedback, a contact message, an e-mail, an audit record, an invitation.
  await db.insert(s.notifications).values({ userId, title: "Welcome", message: "Hello", type: "generic" });
  await db.insert(s.feedback).values({ userId, userType: "seller", rating: 5, comments: "Works well" });
  await db
    .insert(s.contactMessages)
    .values({ name: "Me", email, subject: "Question", message: "How do I renew?", userId, ipAddress: "196.25.1.1" });
  await h.rt.sendEmail({
    to: email,
    subject: "A message for you",
    text: "Hi",
    html: "<p>Hi</p>",
    template: "verify-email",
  });
  await recordAudit({
    db,
    actorUserId: userId,
    action: "listing.price-change",
    entity: "listing",
    entityId: listingId,
    before: { price: "1500000" },
    after: { price: "1450000" },
  });
  await db.insert(s.pendingInvitations).values({
    tokenHash: `hash-${userId}`,
    email,
    role: "seller",
    customMessage: "Welcome aboard",
    expiresAt: new Date(Date.now() + 86_400_000),
  });
}

describe(`a copy of everything (${dbLabel})`, () => {
  let data: Record<string, unknown>;
  let files: Record<string, Uint8Array>;
  let exportRow: typeof s.dataExports.$inferSelect;

  beforeAll(async () => {
    await fillEveryTable();
    // Prepared by the job the request wakes when it commits (nothing here runs it).
    await requestDataExport({ db: h.rt.db, userId: me.viewer.userId });
    exportRow = await readyExport(me.viewer.userId);
    expect(exportRow).toMatchObject({
      status: "ready",
      storageKey: `private/exports/${me.viewer.userId}/${exportRow.id}.zip`,
    });
    const zip = await h.rt.storage.get(exportRow.storageKey!);
    expect(zip?.length).toBe(exportRow.sizeBytes);
    ({ data, files } = readZip(zip!));
  });

  it("holds a row from every exported table", async () => {
    const counts = await Promise.all(
      Object.keys(EXPORTED_TABLES).map(
        async (table) =>
          [table, (await rows<{ n: number }>(sql.raw(`select count(*)::int as n from "${table}"`)))[0]!.n] as const,
      ),
    );
    for (const [table] of counts) {
      const places = EXPORTED_TABLES[table as keyof typeof EXPORTED_TABLES];
      const found = places.reduce((n, at) => n + itemsAt(data, at).length, 0);
      expect(found, `${table} (in ${places.join(" or ")})`).toBeGreaterThan(0);
    }
    expect(data.format).toBe("dealequip-data-export/1");
    expect(Object.keys(data.keys as object).sort()).toEqual(Object.keys(DATA_JSON_KEYS).sort());
    // Every key it documents is there, and nothing undocumented.
    expect(Object.keys(data).sort()).toEqual(Object.keys(DATA_JSON_KEYS).sort());
  });

  it("says what it holds in the user's own terms, dates in ISO 8601", () => {
    expect(data.account).toMatchObject({ id: me.viewer.userId, email: me.viewer.email, twoFactorEnabled: true });
    expect(String((data.account as { createdAt: string }).createdAt)).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
    );
    expect(data.signInMethods).toEqual([expect.objectContaining({ provider: "credential (e-mail and password)" })]);
    expect(data.sessions).toEqual([
      expect.objectContaining({ ipAddress: expect.anything(), browser: expect.anything() }),
    ]);
    const [listing] = data.listings as {
      id: string;
      price: number;
      views: { visits: number }[];
      images: { file: string }[];
    }[];
    expect(listing).toMatchObject({ id: listingId, price: 1_450_000, views: [expect.objectContaining({ visits: 1 })] });
    expect(data.purchaseRequests).toEqual([
      expect.objectContaining({
        side: "buyer",
        amount: 1_400_000,
        message: "Cash buyer",
        events: [expect.objectContaining({ byYou: true, move: "withdraw" })],
      }),
    ]);
    expect(data.emails).toEqual(expect.arrayContaining([expect.objectContaining({ subject: "A message for you" })]));
  });

  it("puts the user's own files beside data.json, as data.json says", () => {
    const listed = (data.files as { path: string }[]).map((f) => f.path).sort();
    expect(listed).toEqual(
      [
        "files/listings/" + listingId + "/photo-1.webp",
        `files/mandates/${(data.mandateAgreements as { id: string }[])[0]!.id}.pdf`,
        "files/verification/identity-my_id.pdf",
      ].sort(),
    );
    for (const p of listed) expect(files[p], p).toBeDefined();
    expect(strFromU8(files["files/verification/identity-my_id.pdf"]!)).toBe("%PDF-1.4 identity");
    expect(Object.keys(files).sort()).toEqual(["README.txt", "data.json", ...listed].sort());
  });

  it("holds no secret and names no one else", async () => {
    const json = strFromU8(files["data.json"]!);
    const [credential] = await h.rt.db.select().from(s.account).where(eq(s.account.userId, me.viewer.userId));
    const sessions = await h.rt.db.select().from(s.session).where(eq(s.session.userId, me.viewer.userId));
    for (const secret of [
      SECRETS.totp,
      SECRETS.token,
      credential!.password!,
      ...sessions.map((x) => x.token),
      `hash-${me.viewer.userId}`,
    ]) {
      expect(json).not.toContain(secret);
    }
    expect(json).not.toContain(other.email);
    expect(json).not.toContain(other.userId);
  });

  it("tells the user it is ready: a notification and the e-mail, both leading to /account/data", async () => {
    const notes = await h.rt.db
      .select()
      .from(s.notifications)
      .where(
        and(eq(s.notifications.userId, me.viewer.userId), eq(s.notifications.title, "Your data is ready to download")),
      );
    expect(notes).toEqual([expect.objectContaining({ type: "generic", link: "/account/data" })]);
    const mails = await h.rt.db
      .select()
      .from(s.emailOutbox)
      .where(and(eq(s.emailOutbox.toAddress, me.viewer.email), eq(s.emailOutbox.template, "send-data-export-ready")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${BASE}/account/data`);
    expect(mails[0]!.attachments).toBeNull();
  });

  it("downloads for its owner only, as an attachment never cached; others and strangers get 404", async () => {
    const download = (cookie: string | undefined, id = exportRow.id) =>
      downloadLoader({
        request: new Request(`${BASE}/account/data/${id}/download`, { headers: cookie ? { cookie } : {} }),
        params: { id },
        context: {},
      } as never).catch((thrown: unknown) => thrown as Response);
    const res = await download(me.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="dealequip-data-\d{4}-\d\d-\d\d\.zip"$/,
    );
    // nosniff comes from the server for every response (server.js): the route does not add a second one.
    expect(res.headers.get("x-content-type-options")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const { data: downloaded } = readZip(new Uint8Array(await res.arrayBuffer()));
    expect((downloaded.account as { email: string }).email).toBe(me.viewer.email);

    const someoneElse = await h.persona("buyer");
    for (const [cookie, id] of [
      [someoneElse.cookie, exportRow.id],
      [me.cookie, randomUUID()],
      [me.cookie, "not-an-id"],
    ] as const) {
      const refused = await download(cookie, id);
      expect(refused.status, `${id}`).toBe(404);
      expect(refused.headers.get("content-type")).toContain("text/html");
    }
    const signedOut = await download(undefined);
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toMatch(/^\/signin\?redirectTo=/);
  });
});

describe(`after 24 hours (${dbLabel})`, () => {
  // From here on the copies are prepared by the tests themselves, one step at a time.
  beforeAll(() => h.rt.boss.offWork(EXPORT_USER_DATA_JOB));

  it("the download says it has expired (410), and the hourly job removes the file and the row", async () => {
    const p = await h.persona("buyer");
    await requestDataExport({ db: h.rt.db, userId: p.viewer.userId });
    await prepare();
    const row = await readyExport(p.viewer.userId);
    const file = path.join(h.uploads, row.storageKey!);
    expect(fs.existsSync(file)).toBe(true);
    await h.rt.db
      .update(s.dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(s.dataExports.id, row.id));

    const gone = await downloadLoader({
      request: new Request(`${BASE}/account/data/${row.id}/download`, { headers: { cookie: p.cookie } }),
      params: { id: row.id },
      context: {},
    } as never).catch((thrown: unknown) => thrown as Response);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain("This download has expired");
    const page = (await h.call(dataLoader, { path: "/account/data", method: "GET", cookie: p.cookie })).body as {
      items: { state: string }[];
    };
    expect(page.items[0]!.state).toBe("expired");

    expect(await removeExpiredDataExports({ db: h.rt.db, storage: h.rt.storage })).toBeGreaterThanOrEqual(1);
    expect(await h.rt.db.select().from(s.dataExports).where(eq(s.dataExports.id, row.id))).toEqual([]);
    expect(fs.existsSync(file)).toBe(false);
  });

  it("a copy left waiting by a run that died is given up as failed", async () => {
    const p = await h.persona("buyer");
    const { id } = await requestDataExport({ db: h.rt.db, userId: p.viewer.userId });
    await prepare();
    const row = await readyExport(p.viewer.userId);
    expect(row.id).toBe(id);
    // As if a run had claimed it two hours ago and died.
    await h.rt.db
      .update(s.dataExports)
      .set({ status: "pending", requestedAt: new Date(Date.now() - 2 * 3600_000), readyAt: null, expiresAt: null })
      .where(eq(s.dataExports.id, id));
    await removeExpiredDataExports({ db: h.rt.db, storage: h.rt.storage });
    const [after] = await h.rt.db.select().from(s.dataExports).where(eq(s.dataExports.id, id));
    expect(after).toMatchObject({ status: "failed", storageKey: null });
    expect(fs.existsSync(path.join(h.uploads, row.storageKey!))).toBe(false);
  });

  it("a copy for an account that no longer exists is refused", async () => {
    const error = await refusal(requestDataExport({ db: h.rt.db, userId: "no-such-user" }));
    expect(error.status).toBe(404);
  });
});

describe(`asking for a copy (${dbLabel})`, () => {
  const ask = (p: Persona) => {
    const body = new FormData();
    body.set("intent", "prepare");
    return h.call(dataAction, { path: "/account/data", cookie: p.cookie, body });
  };

  it("one at a time and three a day, refused with a clear message and nothing written", async () => {
    const p = await h.persona("buyer");
    const first = await ask(p);
    expect(first).toMatchObject({ status: 302, location: "/account/data" });
    // While it waits: refused.
    const before = await h.rowCounts();
    const busy = await ask(p);
    expect(busy.status).toBe(409);
    expect(busy.body).toMatchObject({ toast: { description: ALREADY_PREPARING } });
    expect(await h.rowCounts()).toEqual(before);
    const page = (await h.call(dataLoader, { path: "/account/data", method: "GET", cookie: p.cookie })).body as {
      preparing: boolean;
      items: { state: string }[];
    };
    expect(page.preparing).toBe(true);

    await h.rt.db.update(s.dataExports).set({ status: "ready" }).where(eq(s.dataExports.userId, p.viewer.userId));
    for (let i = 1; i < EXPORTS_PER_DAY; i++) {
      await requestDataExport({ db: h.rt.db, userId: p.viewer.userId });
      await h.rt.db.update(s.dataExports).set({ status: "ready" }).where(eq(s.dataExports.userId, p.viewer.userId));
    }
    const counts = await h.rowCounts();
    const many = await ask(p);
    expect(many.status).toBe(429);
    expect(many.body).toMatchObject({ toast: { description: TOO_MANY_EXPORTS } });
    expect(await h.rowCounts()).toEqual(counts);
    // Failed copies do not count: one that failed may be tried again at once.
    await h.rt.db.update(s.dataExports).set({ status: "failed" }).where(eq(s.dataExports.userId, p.viewer.userId));
    expect((await ask(p)).status).toBe(302);
    await prepare();
  });

  it("a copy that cannot be made is marked failed, the user is told, and may try again", async () => {
    const p = await h.persona("buyer");
    const { id } = await requestDataExport({ db: h.rt.db, userId: p.viewer.userId });
    const broken: Storage = { ...h.rt.storage, putFile: () => Promise.reject(new Error("disk full")) };
    const logged = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    expect(await prepareDataExports({ db: h.rt.db, storage: broken, publicUrl: BASE })).toMatchObject({
      prepared: 0,
      failed: 1,
    });
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ exportId: id }), "data export failed");
    logged.mockRestore();
    const [row] = await h.rt.db.select().from(s.dataExports).where(eq(s.dataExports.id, id));
    expect(row).toMatchObject({ status: "failed", storageKey: null });
    expect(row!.expiresAt).not.toBeNull();
    const notes = await h.rt.db
      .select()
      .from(s.notifications)
      .where(
        and(eq(s.notifications.userId, p.viewer.userId), eq(s.notifications.title, "Your data could not be prepared")),
      );
    expect(notes).toHaveLength(1);
    const page = (await h.call(dataLoader, { path: "/account/data", method: "GET", cookie: p.cookie })).body as {
      preparing: boolean;
      items: { state: string }[];
    };
    expect(page).toMatchObject({ preparing: false, items: [{ state: "failed" }] });
    expect(fs.existsSync(path.join(h.uploads, `private/exports/${p.viewer.userId}/${id}.zip`))).toBe(false);
    // Try again: a new copy, made this time.
    expect((await ask(p)).status).toBe(302);
    await prepare();
    expect((await readyExport(p.viewer.userId)).status).toBe("ready");
  });
});
