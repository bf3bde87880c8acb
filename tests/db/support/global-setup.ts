/**
 * Once per run of the database tests: migrate one database (and let the job
 * queue create its tables), then every test database starts as a copy of it —
 * a dumped in-memory PGlite, or a PostgreSQL template database — instead of
 * running the migrations again (a new PGlite spends ~3 s on initdb alone).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { parseEnv } from "#app/lib/env.server.ts";
import { startRuntime, stopRuntime } from "#app/server/runtime.server.ts";
import { createThrowawayDatabase } from "../../../scripts/lib/throwaway-database.ts";

export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mm-template-"));
  const template = serverUrl ? await createThrowawayDatabase({ serverUrl, prefix: "mm_template" }) : undefined;
  const env = parseEnv({
    NODE_ENV: "test",
    DATABASE_URL: template?.url,
    SEED_DEMO: "0",
    DATA_DIR: dataDir,
    STORAGE_DIR: path.join(dataDir, "uploads"),
    PUBLIC_URL: "http://localhost:3000",
  });
  const runtime = await startRuntime({ env, memory: !template, seed: false });
  if (template) {
    await stopRuntime(runtime);
    project.provide("postgresTemplate", template.name);
    project.provide("pgliteSnapshot", "");
  } else {
    const file = path.join(dataDir, "migrated.tar");
    fs.writeFileSync(file, Buffer.from(await (await runtime.handle.pglite!.dumpDataDir("none")).arrayBuffer()));
    await stopRuntime(runtime);
    project.provide("pgliteSnapshot", file);
    project.provide("postgresTemplate", "");
  }
  return async () => {
    await template?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
