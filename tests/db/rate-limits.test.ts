/**
 * Rate limits live in the database, so every instance shares them: sign-in
 * per account and per address, password reset, with a clear 429 message.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInWithPassword, requestPasswordReset } from "#app/domain/user/sign-in.server.ts";
import { type AppError } from "#app/lib/app-error.ts";
import { hitRateLimit, LONGEST_WINDOW_SECONDS, removeStaleRateLimits, TOO_MANY } from "#app/lib/rate-limit.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { startTestRuntime, type TestRuntime } from "./support/harness.ts";

let rt: Runtime;
let h: TestRuntime;

beforeAll(async () => {
  h = await startTestRuntime();
  rt = h.rt;
});
afterAll(() => h.stop());

const request = () => new Request("http://localhost:3000/signin", { method: "POST" });

describe("rate limits", () => {
  it("counts in fixed windows and starts over once the window has passed", async () => {
    for (let i = 1; i <= 3; i++)
      expect((await hitRateLimit(rt.db, { key: "t:a", limit: 2, windowSeconds: 60 })).count).toBe(i);
    expect((await hitRateLimit(rt.db, { key: "t:a", limit: 2, windowSeconds: 60 })).allowed).toBe(false);
    await rt.db.execute(sql`update rate_limits set window_start = now() - interval '2 minutes' where key = 't:a'`);
    expect(await hitRateLimit(rt.db, { key: "t:a", limit: 2, windowSeconds: 60 })).toEqual({ count: 1, allowed: true });
  });

  it("is exact under concurrency", async () => {
    const results = await Promise.all(
      Array.from({ length: 25 }, () => hitRateLimit(rt.db, { key: "t:burst", limit: 10, windowSeconds: 60 })),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it("stops password guessing on one account after 10 tries in 10 minutes, with a clear message", async () => {
    const errors: AppError[] = [];
    for (let i = 0; i < 11; i++) {
      const e = await signInWithPassword({
        runtime: rt,
        email: "victim@example.co.za",
        password: `guess${i}`,
        request: request(),
        ip: `10.0.0.${i}`,
      }).catch((x: unknown) => x as AppError);
      errors.push(e as AppError);
    }
    expect(errors.slice(0, 10).every((e) => e.title === "Invalid Credentials")).toBe(true);
    expect(errors[10]!.status).toBe(429);
    expect(errors[10]!.message).toBe(TOO_MANY);
  });

  it("does not count successful sign-ins", async () => {
    const { createUser } = await import("#app/domain/user/create-user.server.ts");
    await createUser({
      runtime: rt,
      email: "regular@example.co.za",
      password: "Secret-Pass-2026",
      confirmPassword: "Secret-Pass-2026",
      role: "buyer",
      fullName: "Regular",
      phone: "082 000 0000",
      emailVerified: true,
    });
    for (let i = 0; i < 15; i++) {
      const ok = await signInWithPassword({
        runtime: rt,
        email: "regular@example.co.za",
        password: "Secret-Pass-2026",
        request: request(),
        ip: "10.9.9.9",
      });
      expect(ok.userId).toBeTruthy();
    }
  });

  it("limits password-reset e-mails per address", async () => {
    for (let i = 0; i < 5; i++)
      await requestPasswordReset({ runtime: rt, email: "someone@example.co.za", ip: "10.1.1.1" });
    const e = await requestPasswordReset({ runtime: rt, email: "someone@example.co.za", ip: "10.1.1.1" }).catch(
      (x: unknown) => x as AppError,
    );
    expect((e as AppError).status).toBe(429);
  });

  it("forgets counters a day after their window began, and refuses a window longer than a day", async () => {
    await hitRateLimit(rt.db, { key: "t:old", limit: 5, windowSeconds: 60 * 60 });
    await hitRateLimit(rt.db, { key: "t:recent", limit: 5, windowSeconds: 60 * 60 });
    await rt.db.execute(sql`update rate_limits set window_start = now() - interval '25 hours' where key = 't:old'`);
    await rt.db.execute(sql`update rate_limits set window_start = now() - interval '23 hours' where key = 't:recent'`);
    expect(await removeStaleRateLimits(rt.db)).toBeGreaterThanOrEqual(1);
    const keys = (await rt.db.execute(sql`select key from rate_limits where key like 't:%'`)).rows.map(
      (r) => (r as { key: string }).key,
    );
    expect(keys).toContain("t:recent");
    expect(keys).not.toContain("t:old");
    await expect(
      hitRateLimit(rt.db, { key: "t:long", limit: 1, windowSeconds: LONGEST_WINDOW_SECONDS + 1 }),
    ).rejects.toThrow(/over a day/);
  });
});
