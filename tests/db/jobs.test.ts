/**
 * The background jobs as pg-boss runs them: every job in the list has its
 * queue, and a run from a schedule (which carries no data) completes, while
 * a payload the job does not accept fails without running it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOBS } from "#app/jobs/index.server.ts";
import { SEND_EMAIL_QUEUE } from "#app/jobs/send-email.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { startTestRuntime, type TestRuntime } from "./support/harness.ts";

let rt: Runtime;
let h: TestRuntime;

beforeAll(async () => {
  h = await startTestRuntime();
  rt = h.rt;
});
afterAll(() => h.stop());

async function settled(name: string, id: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const job = await rt.boss.getJobById(name, id);
    if (job && (job.state === "completed" || job.state === "failed")) return job.state;
    if (Date.now() > deadline) throw new Error(`job ${name} did not settle`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Queues a run with no data. A "stately" queue holds one waiting run at most, so while the run queued at
 * start-up still waits, `send` answers null: try again once it has started.
 */
async function sendWhenRoom(name: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const id = await rt.boss.send(name, null as unknown as object);
    if (id) return id;
    if (Date.now() > deadline) throw new Error(`job ${name} could not be queued`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("background jobs", () => {
  it("each has its queue", async () => {
    for (const job of JOBS) expect(await rt.boss.getQueue(job.name), job.name).not.toBeNull();
  });

  it("a queue that already exists takes the retry policy of the code that starts", async () => {
    // The test database is a copy of one where every queue exists with the policy in code (25 retries).
    expect((await rt.boss.getQueue(SEND_EMAIL_QUEUE))?.retryLimit).toBe(25);
    const shorter = await startTestRuntime({ emailRetryLimit: 2 });
    try {
      expect((await shorter.rt.boss.getQueue(SEND_EMAIL_QUEUE))?.retryLimit).toBe(2);
    } finally {
      await shorter.stop();
    }
  });

  it("a scheduled run (no data) of each scheduled job completes", async () => {
    for (const job of JOBS.filter((j) => j.schedule)) {
      const id = await sendWhenRoom(job.name);
      expect(await settled(job.name, id), job.name).toBe("completed");
    }
  });

  it("a payload the job does not accept fails", async () => {
    const id = (await rt.boss.send(SEND_EMAIL_QUEUE, { outboxId: "not-an-id" }, { retryLimit: 0 }))!;
    expect(await settled(SEND_EMAIL_QUEUE, id)).toBe("failed");
  });
});
