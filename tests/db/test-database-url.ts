/**
 * For tests that start a whole runtime: a fresh PostgreSQL database on the
 * server named by DATABASE_URL (created here, dropped by `drop`), or — without
 * DATABASE_URL — nothing (the runtime uses in-memory PGlite).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export async function createTestDatabaseUrl(): Promise<{ url: string | undefined; dataDir: string; drop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mm-test-"));
  const cleanDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const base = process.env.DATABASE_URL;
  if (!base) return { url: undefined, dataDir, drop: async () => cleanDir() };
  const name = `mm_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dataDir,
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      cleanDir();
    },
  };
}
