/**
 * One database handle for the process: embedded PGlite in DATA_DIR by default,
 * a real PostgreSQL when DATABASE_URL is set. Migrations apply on open.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { logger } from "./logger.server.ts";
import * as schema from "#db/schema.ts";

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export type DbHandle = {
  db: Db;
  kind: "pglite" | "postgres";
  /** The PGlite instance (embedded mode) for pg-boss and LISTEN/NOTIFY. */
  pglite?: PGlite;
  /** The pool (PostgreSQL mode). */
  pool?: pg.Pool;
  connectionString?: string;
  close: () => Promise<void>;
};

const MIGRATIONS = path.resolve(process.env.MIGRATIONS_DIR ?? "db/migrations");

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** PGlite corrupts a folder opened by two processes: take a lock file first. */
function lockDataDir(dir: string) {
  fs.mkdirSync(dir, { recursive: true });
  const lock = path.join(dir, "pglite.lock");
  if (fs.existsSync(lock)) {
    const pid = Number(fs.readFileSync(lock, "utf8"));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The data folder ${dir} is in use by process ${pid}. Stop it first (embedded PGlite allows one process per folder).`,
      );
    }
  }
  fs.writeFileSync(lock, String(process.pid));
  return () => fs.rmSync(lock, { force: true });
}

/** The advisory lock that lets one process at a time migrate a PostgreSQL database (any fixed number; ours). */
export const MIGRATION_LOCK_KEY = 7_351_204_118;

/**
 * Several instances may start at once on one database (a rolling deploy, a
 * restart of all of them): each takes a session-level advisory lock before
 * migrating, so one applies the migrations while the others wait and then
 * find nothing left to do. The lock goes with its connection if the process dies.
 */
async function migrateOnce(pool: pg.Pool, migrate: () => Promise<void>) {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrate();
  } finally {
    // A connection that cannot unlock is dropped, which releases the lock all the same.
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => (broken = true));
    client.release(broken);
  }
}

export type OpenDatabaseOptions = {
  databaseUrl?: string;
  dataDir?: string;
  memory?: boolean;
  /** In memory only: start from this copy of a database (PGlite's dumpDataDir) instead of an empty one. */
  snapshot?: Blob;
  /** Another migrations folder (tests: a database as an earlier version left it). */
  migrationsFolder?: string;
};

export async function openDatabase(options: OpenDatabaseOptions) {
  if (options.databaseUrl) {
    // Fail fast when the server is away (a restart): requests answer 503 instead of hanging.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 3_000,
      // Index reads cost little more than sequential ones on SSD storage; PostgreSQL's default (4) made the
      // planner read thousands of rows in sequence for a catalog count an index answers (docs/performance.md).
      options: "-c random_page_cost=1.1",
    });
    // An idle client whose server went away emits 'error'; the pool drops it and makes a new one later.
    pool.on("error", (error) => logger.warn({ err: error }, "database connection lost"));
    const db = drizzlePg(pool, { schema });
    await migrateOnce(pool, () => migratePg(db, { migrationsFolder: options.migrationsFolder ?? MIGRATIONS }));
    return {
      db,
      kind: "postgres",
      pool,
      connectionString: options.databaseUrl,
      close: () => pool.end(),
    } satisfies DbHandle as DbHandle;
  }
  let unlock = () => {};
  let dataDir: string | undefined;
  if (!options.memory) {
    const dir = path.resolve(options.dataDir ?? "./data");
    unlock = lockDataDir(dir);
    dataDir = path.join(dir, "pglite");
  }
  const pglite =
    options.memory && options.snapshot ? await PGlite.create({ loadDataDir: options.snapshot }) : await PGlite.create(dataDir);
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder: options.migrationsFolder ?? MIGRATIONS });
  return {
    db,
    kind: "pglite",
    pglite,
    close: async () => {
      await pglite.close();
      unlock();
    },
  } satisfies DbHandle as DbHandle;
}
