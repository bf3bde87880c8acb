/**
 * For tests that start a whole runtime: a fresh PostgreSQL database on the
 * server named by DATABASE_URL (created here, dropped by `drop`), or — without
 * DATABASE_URL — nothing (the runtime uses in-memory PGlite). Always a
 * temporary DATA_DIR, removed by `drop`. Tests that only need a database
 * handle use `withTestDatabase` from ./test-database.ts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createPostgresDatabase } from "./test-database.ts";

export async function createTestDatabaseUrl(): Promise<{
  url: string | undefined;
  dataDir: string;
  drop: () => Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mm-test-"));
  const cleanDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const base = process.env.DATABASE_URL;
  if (!base) return { url: undefined, dataDir, drop: async () => cleanDir() };
  const created = await createPostgresDatabase(base);
  return {
    url: created.url,
    dataDir,
    drop: async () => {
      try {
        await created.drop();
      } finally {
        cleanDir();
      }
    },
  };
}
