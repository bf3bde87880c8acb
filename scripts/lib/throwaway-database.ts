/**
 * A throwaway PostgreSQL database for a benchmark or a browser test that runs
 * its own app instances: `<prefix>_<random>` on the server named by
 * BENCH_POSTGRES_URL, TEST_POSTGRES_URL or the local default, dropped
 * (WITH (FORCE)) at the end. The app migrates it when it starts.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export function postgresServerUrl() {
  return (
    process.env.BENCH_POSTGRES_URL || process.env.TEST_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres"
  );
}

async function onServer<T>(run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: postgresServerUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export function databaseUrl(name: string) {
  const url = new URL(postgresServerUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

export type ThrowawayDatabase = { name: string; url: string; existed: boolean; drop: () => Promise<void> };

/**
 * Creates `mm_bench_<random>`; with `keepName` (BENCH_KEEP_DB=1) reuses or
 * creates that fixed name instead and `drop` leaves it in place.
 */
export async function createThrowawayDatabase(options: { prefix?: string; keepName?: string } = {}): Promise<ThrowawayDatabase> {
  const name = options.keepName ?? `${options.prefix ?? "mm_bench"}_${randomBytes(5).toString("hex")}`;
  const existed = await onServer(async (c) => {
    const { rowCount } = await c.query("select 1 from pg_database where datname = $1", [name]);
    if (rowCount) return true;
    await c.query(`create database "${name}"`);
    return false;
  });
  let dropped = false;
  return {
    name,
    url: databaseUrl(name),
    existed,
    drop: async () => {
      if (options.keepName || dropped) return;
      dropped = true;
      await onServer((c) => c.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
