/**
 * The store of visitor pages (server/visitor-pages.js) is emptied on every
 * instance when anything visitors see may have changed: a write answered by
 * any instance announces it (pg_notify on VISITOR_PAGES_CHANNEL), and so does
 * a run of a job that changes public pages (expire-listings). Through the
 * runtime's own listener, and on PostgreSQL another instance's.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createNotificationHub } from "#app/lib/notification-hub.server.ts";
import { JOBS } from "#app/jobs/index.server.ts";
import { announceVisitorPagesChanged, whenVisitorPagesChange } from "#app/server/visitor-pages.server.ts";
import { dbKind, dbLabel, startTestRuntime, type TestRuntime } from "./support/harness.ts";

let h: TestRuntime;
beforeAll(async () => {
  h = await startTestRuntime();
});
afterAll(() => h.stop());

const HEARD_WITHIN = { timeout: 10_000, interval: 50 };

/** Queues a run (a "stately" queue refuses a second waiting one: try again) and waits until it has completed. */
async function runJob(name: string) {
  let id: string | null = null;
  await vi.waitFor(async () => expect((id = await h.rt.boss.send(name, {}))).toBeTruthy(), { timeout: 30_000, interval: 200 });
  await vi.waitFor(async () => expect((await h.rt.boss.getJobById(name, id!))?.state).toBe("completed"), {
    timeout: 30_000,
    interval: 200,
  });
}

describe(`visitor pages are forgotten everywhere on ${dbLabel}`, () => {
  it("an announced change reaches this instance's listener", async () => {
    let heard = 0;
    const stop = await whenVisitorPagesChange(() => heard++);
    try {
      await announceVisitorPagesChanged();
      await vi.waitFor(() => expect(heard).toBe(1), HEARD_WITHIN);
    } finally {
      stop();
    }
  });

  it("a run of a job that changes public pages announces it; other jobs do not", async () => {
    const changing = JOBS.filter((j) => j.changesVisitorPages).map((j) => j.name);
    expect(changing).toEqual(["expire-listings"]);
    // The run queued at start-up has gone by once a run of ours has completed.
    await runJob("expire-listings");
    await new Promise((r) => setTimeout(r, 500));
    let heard = 0;
    const stop = await whenVisitorPagesChange(() => heard++);
    try {
      await runJob("remove-stale-rate-limits");
      // Give a stray announcement the time to arrive.
      await new Promise((r) => setTimeout(r, 500));
      expect(heard).toBe(0);
      await runJob("expire-listings");
      await vi.waitFor(() => expect(heard).toBeGreaterThanOrEqual(1), HEARD_WITHIN);
    } finally {
      stop();
    }
  });
});

describe.runIf(dbKind === "postgres")("on PostgreSQL, another instance", () => {
  it("hears a change announced by this one", async () => {
    let heard = 0;
    const elsewhere = await createNotificationHub({ connectionString: h.rt.handle.connectionString });
    elsewhere.whenVisitorPagesChange(() => heard++);
    try {
      await announceVisitorPagesChanged();
      await vi.waitFor(() => expect(heard).toBe(1), HEARD_WITHIN);
    } finally {
      await elsewhere.close();
    }
  });
});
