/**
 * The database probe server.js asks before every request (decision 010): a busy pool is not an
 * outage. Under load every pooled connection can be in use with requests queued behind them; the
 * probe has a connection of its own, so it still says yes, and pages are not turned into 503s.
 * A probe connection the server ends is replaced by the next probe. (An outage itself, with
 * PostgreSQL cut off, is tests/e2e/faults-postgres-restart.e2e.ts.) PostgreSQL only: the embedded
 * PGlite lives in the process and the probe always answers yes there.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { databaseAvailable, PROBE_APPLICATION_NAME } from "#app/server/runtime.server.ts";
import { dbKind, startTestRuntime, type TestRuntime } from "./support/harness.ts";

let h: TestRuntime | undefined;

beforeAll(async () => {
  if (dbKind === "postgres") h = await startTestRuntime();
});
afterAll(() => h?.stop());

/** Waits past the probe's one-second memory, so the next call asks the database. */
const afterProbeInterval = () => new Promise((r) => setTimeout(r, 1_100));

describe.skipIf(dbKind !== "postgres")("the database probe (PostgreSQL)", () => {
  it("says yes while every pooled connection is busy and queries wait for one", async () => {
    const { db, handle } = h!.rt;
    await afterProbeInterval();
    expect(await databaseAvailable()).toBe(true);
    await afterProbeInterval();
    // The pool's 10 connections each held for 2.5 s, and more queries waiting for one (under the pool's 3 s limit).
    // (A query of drizzle's runs when awaited: `then` starts each now.)
    const busy = [
      ...Array.from({ length: 10 }, () => db.execute(sql`select pg_sleep(2.5)`)),
      ...Array.from({ length: 2 }, () => db.execute(sql`select 1`)),
    ].map((query) => query.then(() => undefined));
    try {
      for (let i = 0; i < 100 && !handle.pool!.waitingCount; i++) await new Promise((r) => setTimeout(r, 10));
      expect(handle.pool!.waitingCount).toBeGreaterThan(0);
      const started = Date.now();
      expect(await databaseAvailable()).toBe(true);
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      await Promise.all(busy);
    }
  });

  it("replaces a probe connection the server ended", async () => {
    const { db } = h!.rt;
    const probePids = async () =>
      (
        await db.execute(
          sql`select pid from pg_stat_activity where datname = current_database() and application_name = ${PROBE_APPLICATION_NAME}`,
        )
      ).rows.map((r) => Number((r as { pid: number }).pid));
    await afterProbeInterval();
    expect(await databaseAvailable()).toBe(true);
    const [before] = await probePids();
    expect(before).toBeDefined();
    await db.execute(sql`select pg_terminate_backend(${before}::int)`);
    // The next probe finds its connection gone (or already dropped) and the one after at the latest reconnects.
    await afterProbeInterval();
    let available = await databaseAvailable();
    if (!available) {
      await afterProbeInterval();
      available = await databaseAvailable();
    }
    expect(available).toBe(true);
    const after = await probePids();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before);
  });
});
