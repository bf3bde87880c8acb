/**
 * A throwaway PostgreSQL database for a benchmark, a database test or a
 * browser test that runs its own app instances: `<prefix>_<random>` on the
 * server given, or else the one named by BENCH_POSTGRES_URL, TEST_POSTGRES_URL
 * or the local default, empty or copied from a template, dropped (WITH
 * (FORCE)) at the end. The app migrates it when it starts.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export function postgresServerUrl() {
  return (
    process.env.BENCH_POSTGRES_URL || process.env.TEST_POSTGRES_URL || "postgres://postgres@127.0.0.1:5432/postgres"
  );
}

async function onServer<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export function databaseUrl(name: string, serverUrl = postgresServerUrl()) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export type ThrowawayDatabase = { name: string; url: string; existed: boolean; drop: () => Promise<void> };

export type ThrowawayDatabaseOptions = {
  /** The server to create it on (default: postgresServerUrl()). */
  serverUrl?: string;
  /** The name's first part (default mm_bench). */
  prefix?: string;
  /** A database to copy (CREATE DATABASE … TEMPLATE) instead of starting empty. */
  template?: string;
  /** With BENCH_KEEP_DB=1: reuse or create this fixed name, and leave it in place on `drop`. */
  keepName?: string;
};

export async function createThrowawayDatabase(options: ThrowawayDatabaseOptions = {}): Promise<ThrowawayDatabase> {
  const serverUrl = options.serverUrl ?? postgresServerUrl();
  const name = options.keepName ?? `${options.prefix ?? "mm_bench"}_${randomBytes(6).toString("hex")}`;
  const template = options.template ? ` template "${options.template}"` : "";
  const existed = await onServer(serverUrl, async (c) => {
    const { rowCount } = await c.query("select 1 from pg_database where datname = $1", [name]);
    if (rowCount) return true;
    await c.query(`create database "${name}"${template}`);
    return false;
  });
  let dropped = false;
  return {
    name,
    url: databaseUrl(name, serverUrl),
    existed,
    drop: async () => {
      if (options.keepName || dropped) return;
      dropped = true;
      await onServer(serverUrl, async (c) => {
        // Let closing pools finish their goodbyes first: forcing a connection that is
        // already ending makes its client raise an error nobody listens to.
        for (let i = 0; i < 50; i++) {
          const { rows } = await c.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
          if ((rows[0] as { n: number }).n === 0) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        await c.query(`drop database if exists "${name}" with (force)`);
      });
    },
  };
}
