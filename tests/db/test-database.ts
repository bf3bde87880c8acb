/**
 * A fresh, migrated database per test file.
 *
 * - With DATABASE_URL (a PostgreSQL server): creates `mm_test_<random>` on
 *   that server, opens it with openDatabase (which applies the migrations),
 *   and on close ends the pool and drops the database (WITH (FORCE)).
 * - Without: an in-memory PGlite, gone on close.
 *
 *   const t = await withTestDatabase();      // or: const getDb = setupTestDatabase();
 *   try { await t.db.insert(...) } finally { await t.close(); }
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { openDatabase, type DbHandle } from "#app/lib/db.server.ts";

export const dbKind: "postgres" | "pglite" = process.env.DATABASE_URL ? "postgres" : "pglite";
export const dbLabel = dbKind === "postgres" ? "PostgreSQL" : "PGlite";

export type TestDatabase = DbHandle & {
  /** The fresh database's URL (PostgreSQL only). */
  databaseUrl?: string;
  /** Closes the handle and, on PostgreSQL, drops the database. Safe to call twice. */
  close: () => Promise<void>;
};

async function onServer<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty, uniquely named database on the server of `serverUrl`; returns its URL and a drop function. */
export async function createPostgresDatabase(serverUrl: string) {
  const name = `mm_test_${randomBytes(6).toString("hex")}`;
  await onServer(serverUrl, (c) => c.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      onServer(serverUrl, async (c) => {
        // Let closing pools finish their goodbyes first: forcing a connection that is
        // already ending makes its client raise an error nobody listens to.
        for (let i = 0; i < 50; i++) {
          const { rows } = await c.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
          if ((rows[0] as { n: number }).n === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        await c.query(`drop database if exists "${name}" with (force)`);
      }).then(() => {}),
  };
}

export async function withTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ memory: true });
    return { ...handle, close: once(handle.close) };
  }
  const created = await createPostgresDatabase(serverUrl);
  let handle: DbHandle;
  try {
    handle = await openDatabase({ databaseUrl: created.url });
  } catch (error) {
    await created.drop();
    throw error;
  }
  return {
    ...handle,
    databaseUrl: created.url,
    close: once(async () => {
      try {
        await handle.close();
      } finally {
        await created.drop();
      }
    }),
  };
}

/** Vitest helper: a fresh database for the current file (or describe block), closed afterwards. */
export function setupTestDatabase() {
  let t: TestDatabase | undefined;
  beforeAll(async () => {
    t = await withTestDatabase();
  });
  afterAll(async () => {
    await t?.close();
  });
  return () => {
    if (!t) throw new Error("The test database is opened in beforeAll: use it inside a test or hook");
    return t;
  };
}

function once(fn: () => Promise<void>) {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}
