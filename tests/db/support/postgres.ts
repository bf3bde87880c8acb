/** Test databases on a PostgreSQL server: created under a unique name, dropped when done. */
import { randomBytes } from "node:crypto";
import pg from "pg";

async function onServer<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty (or, with `template`, copied), uniquely named database on the server of `serverUrl`; returns its URL and a drop function. */
export async function createPostgresDatabase(serverUrl: string, options: { template?: string; prefix?: string } = {}) {
  const name = `${options.prefix ?? "mm_test"}_${randomBytes(6).toString("hex")}`;
  const template = options.template ? ` template "${options.template}"` : "";
  await onServer(serverUrl, (c) => c.query(`create database "${name}"${template}`));
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

