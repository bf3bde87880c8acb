/**
 * Machine details end to end on a real database: the create form and the upload API store the
 * same checked, normalised details; a wrong detail is refused with its message and nothing is
 * written; the admin's edit form changes them with an audit row; the public sees the serial's last
 * four characters, its seller and the admins the whole; and a database with listings from before
 * the details migrates without losing any of them.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, desc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { getPublicListing } from "#app/domain/listing/get-listing.server.ts";
import { findListings } from "#app/domain/listing/find-listings.server.ts";
import { openDatabase } from "#app/lib/db.server.ts";
import { action as listingsApi } from "#app/routes/api/listings.ts";
import { action as sellerCreate } from "#app/routes/seller/seller-create.tsx";
import { action as adminListingEdit } from "#app/routes/admin/admin-listing-edit.tsx";
import { createThrowawayDatabase } from "../../scripts/lib/throwaway-database.ts";
import { dbKind, dbLabel, publicListingRow, startTestRuntime, type Persona, type TestRuntime } from "./support/harness.ts";

let h: TestRuntime;
let seller: Persona;
let admin: Persona;
let buyer: Persona;
let photo: Buffer;
/** The listing the create form made (edited by the admin below). */
let createdId: string;

beforeAll(async () => {
  h = await startTestRuntime();
  seller = await h.persona("seller");
  admin = await h.persona("admin");
  buyer = await h.persona("buyer");
  photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 0 } } })
    .jpeg()
    .toBuffer();
});
afterAll(() => h.stop());

const DETAILS = {
  title: "",
  description: "Full service history.",
  category: "excavators",
  condition: "used",
  price: "1 450 000",
  location: "Durban, KwaZulu-Natal",
  isUrgent: "on",
  make: "other",
  makeOther: "CAT",
  model: "320D",
  year: "2019",
  usage: "6 800",
  serial: "CAT0320DKBZF01234",
  weightKg: "21,700",
  powerKw: "110",
  attachments: "GP bucket\nQuick hitch",
  vat: "exclusive",
};

function listingForm(fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append("images", new Blob([new Uint8Array(photo)]), "a.jpg");
  return body;
}

async function newestOf(p: Persona) {
  const [row] = await h.rt.db
    .select()
    .from(s.listings)
    .innerJoin(s.sellers, eq(s.sellers.id, s.listings.sellerId))
    .where(eq(s.sellers.userId, p.viewer.userId))
    .orderBy(desc(s.listings.createdOn))
    .limit(1);
  return row?.listings;
}

describe(`machine details (${dbLabel})`, () => {
  it("the create form and the upload API store the same checked, normalised details", async () => {
    const viaForm = await h.call(sellerCreate, { path: "/seller/create", body: listingForm(DETAILS), cookie: seller.cookie });
    expect(viaForm.status).toBe(302);
    const fromForm = await newestOf(seller);
    const viaApi = await h.call(listingsApi, { path: "/api/listings", body: listingForm(DETAILS), cookie: seller.cookie });
    expect(viaApi.status).toBe(201);
    const fromApi = await newestOf(seller);
    expect(fromApi!.id).not.toBe(fromForm!.id);
    createdId = fromForm!.id;
    for (const row of [fromForm!, fromApi!]) {
      expect(row).toMatchObject({
        title: "2019 Caterpillar 320D",
        make: "Caterpillar",
        model: "320D",
        year: 2019,
        usage: 6800,
        serial: "CAT0320DKBZF01234",
        weightKg: 21_700,
        powerKw: 110,
        attachments: ["GP bucket", "Quick hitch"],
        vat: "exclusive",
      });
    }
  });

  it("refuses a wrong detail with its message and writes nothing, on both ways in", async () => {
    const before = await h.rowCounts();
    const year = await h.call(sellerCreate, {
      path: "/seller/create",
      body: listingForm({ ...DETAILS, year: "1890" }),
      cookie: seller.cookie,
    });
    expect(year.status).toBe(400);
    expect(JSON.stringify(year.body)).toContain(`Year must be between 1950 and ${new Date().getFullYear() + 1}.`);
    const hours = await h.call(listingsApi, {
      path: "/api/listings",
      body: listingForm({ ...DETAILS, usage: "6800.5" }),
      cookie: seller.cookie,
    });
    expect(hours.status).toBe(400);
    expect(JSON.stringify(hours.body)).toContain("Hours must be a whole number.");
    const km = await h.call(listingsApi, {
      path: "/api/listings",
      body: listingForm({ ...DETAILS, category: "dump_trucks", usage: "lots" }),
      cookie: seller.cookie,
    });
    expect(JSON.stringify(km.body)).toContain("Kilometres must be a whole number.");
    expect(await h.rowCounts()).toEqual(before);
  });

  it("shows the public the serial's last four characters; its seller and the admins see it whole", async () => {
    const sellerRow = await h.sellerIdOf(seller.viewer);
    const [row] = await h.rt.db
      .insert(s.listings)
      .values(publicListingRow(sellerRow, { title: "Bell B40D", category: "dump_trucks", serial: "BELB40D3410", usage: 168_000 }))
      .returning({ id: s.listings.id });
    const read = (previewer: Persona["viewer"] | null) =>
      getPublicListing({ db: h.rt.db, storage: h.rt.storage, id: row!.id, previewer });
    expect((await read(null))!.serial).toBe("•••••••3410");
    expect((await read(buyer.viewer))!.serial).toBe("•••••••3410");
    expect((await read(seller.viewer))!.serial).toBe("BELB40D3410");
    expect((await read(admin.viewer))!.serial).toBe("BELB40D3410");
    // Nor does the catalog carry it.
    const { items } = await findListings({ db: h.rt.db, storage: h.rt.storage, search: { q: "B40D" } });
    expect(JSON.stringify(items)).not.toContain("BELB40D3410");
  });

  it("the admin's edit form changes the details, with the change in the audit log", async () => {
    const byId = async () => (await h.rt.db.select().from(s.listings).where(eq(s.listings.id, createdId)))[0];
    const listing = await byId();
    const answer = await h.call(adminListingEdit, {
      path: `/admin/listings/${listing!.id}/edit`,
      params: { id: listing!.id },
      cookie: admin.cookie,
      body: new URLSearchParams({
        title: listing!.title,
        description: listing!.description,
        price: "1400000",
        category: "excavators",
        isUrgent: "on",
        make: "Komatsu",
        model: "PC200-8",
        year: "2014",
        usage: "11400",
        serial: "",
        weightKg: "",
        powerKw: "",
        attachments: "",
        vat: "inclusive",
      }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(answer.status).toBe(302);
    const after = await byId();
    expect(after).toMatchObject({ make: "Komatsu", model: "PC200-8", year: 2014, usage: 11_400, serial: null, vat: "inclusive", attachments: [] });
    const [audit] = await h.rt.db
      .select()
      .from(s.auditEvents)
      .where(and(eq(s.auditEvents.entityId, listing!.id), eq(s.auditEvents.action, "listing.edit")));
    const change = audit!.data as { before: Record<string, unknown>; after: Record<string, unknown> };
    expect(change.before).toMatchObject({ make: "Caterpillar", year: 2019, serial: "CAT0320DKBZF01234" });
    expect(change.after).toMatchObject({ make: "Komatsu", year: 2014, serial: null });

    const refused = await h.call(adminListingEdit, {
      path: `/admin/listings/${listing!.id}/edit`,
      params: { id: listing!.id },
      cookie: admin.cookie,
      body: new URLSearchParams({ title: "X", price: "1", category: "excavators", year: "20199" }).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("Year must be between 1950");
    expect(await byId()).toMatchObject({ year: 2014 });
  });
});

describe(`the machine-details migration on a database with listings (${dbLabel})`, () => {
  it("keeps every listing, leaves the details empty and finds them by their words as before", async () => {
    // The migrations as they were before machine details.
    const journal = JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag === "0010_machine-details");
    expect(at).toBeGreaterThan(0);
    const earlier = fs.mkdtempSync(path.join(os.tmpdir(), "mm-migrations-"));
    fs.mkdirSync(path.join(earlier, "meta"));
    fs.writeFileSync(path.join(earlier, "meta/_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    for (const e of journal.entries.slice(0, at)) fs.copyFileSync(`db/migrations/${e.tag}.sql`, path.join(earlier, `${e.tag}.sql`));

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mm-migrate-data-"));
    const pgdb = dbKind === "postgres" ? await createThrowawayDatabase({ serverUrl: process.env.DATABASE_URL, prefix: "mm_test_migrate" }) : null;
    const open = (migrationsFolder?: string) =>
      openDatabase(pgdb ? { databaseUrl: pgdb.url, migrationsFolder } : { dataDir, migrationsFolder });
    try {
      const old = await open(earlier);
      await old.db.execute(sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
        values ('u-old', 'Old Seller', 'old@example.co.za', true, now(), now())`);
      await old.db.execute(sql`insert into sellers (id, user_id, full_name) values ('6f1c1d0e-0000-4000-8000-000000000001', 'u-old', 'Old Seller')`);
      await old.db.execute(sql`insert into listings (seller_id, title, description, price, category, condition, location, is_urgent, status, admin_status, expires_on)
        select '6f1c1d0e-0000-4000-8000-000000000001', 'Old crane ' || n, 'A tidy amphibious crane', 100000 + n, 'cranes', 'used', 'Durban', true, 'approved', 'approved', now() + interval '30 days'
        from generate_series(1, 25) n`);
      await old.close();

      const migrated = await open();
      try {
        const rows = (await migrated.db.execute(sql`select title, price::text as price, make, model, year, usage, serial, weight_kg, power_kw, attachments, vat from listings order by title`))
          .rows as Record<string, unknown>[];
        expect(rows).toHaveLength(25);
        for (const r of rows) {
          expect(r).toMatchObject({ make: null, model: null, year: null, usage: null, serial: null, weight_kg: null, power_kw: null, vat: null });
          expect(r.attachments).toEqual([]);
        }
        expect(rows[0]).toMatchObject({ title: "Old crane 1", price: "100001.00" });
        const found = await migrated.db.execute(sql`select count(*)::int as n from listings where search_vector @@ plainto_tsquery('english', 'amphibious')`);
        expect((found.rows[0] as { n: number }).n).toBe(25);
        // The details are searchable once filled in.
        await migrated.db.execute(sql`update listings set make = 'Liebherr', model = 'LTM1060' where title = 'Old crane 7'`);
        const byMake = await migrated.db.execute(sql`select title from listings where search_vector @@ plainto_tsquery('english', 'LTM1060')`);
        expect(byMake.rows).toEqual([{ title: "Old crane 7" }]);
      } finally {
        await migrated.close();
      }
    } finally {
      await pgdb?.drop();
      fs.rmSync(earlier, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
