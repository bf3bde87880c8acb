/**
 * Several instances starting at once on one empty PostgreSQL database (a
 * deploy of N instances, a restart of all of them): each takes the migration
 * advisory lock, so one migrates while the others wait and then find nothing
 * to do. PGlite has one process per folder, so this is PostgreSQL only.
 */
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MIGRATION_LOCK_KEY, openDatabase } from "#app/lib/db.server.ts";
import { createThrowawayDatabase } from "../../scripts/lib/throwaway-database.ts";
import { dbKind } from "./support/harness.ts";

const journal = JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] };

describe.skipIf(dbKind !== "postgres")("migrations on PostgreSQL", () => {
  it("run once when three processes open an empty database at the same time, and leave no lock behind", async () => {
    const created = await createThrowawayDatabase({ serverUrl: process.env.DATABASE_URL!, prefix: "mm_test" });
    try {
      const opened = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ databaseUrl: created.url })));
      const handles = opened.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
      try {
        expect(opened.flatMap((o) => (o.status === "rejected" ? [String(o.reason)] : []))).toEqual([]);
        const db = handles[0]!.db;
        const recorded = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        expect((recorded.rows[0] as { n: number }).n).toBe(journal.entries.length);
        const locks = await db.execute(
          sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())
              and ((classid::bigint << 32) | objid::bigint) = ${MIGRATION_LOCK_KEY}`,
        );
        expect((locks.rows[0] as { n: number }).n).toBe(0);
        // Every handle sees the whole schema.
        for (const h of handles) await h.db.execute(sql`select count(*) from listings`);
      } finally {
        await Promise.all(handles.map((h) => h.close()));
      }
    } finally {
      await created.drop();
    }
  }, 120_000);
});
