/**
 * Rate limits kept in the database (fixed windows), so they hold across app
 * instances. One statement per hit: it opens a new window when the old one
 * has passed, else counts up, and returns the count.
 */
import { lt, sql } from "drizzle-orm";
import { rateLimits } from "#db/schema.ts";
import { AppError } from "./app-error.ts";
import type { DbOrTx } from "./db.server.ts";

export const TOO_MANY = "Too many attempts. Please wait a few minutes and try again.";

/** No window is longer than a day, so a counter whose window began over a day ago is read by nobody and can go. */
export const LONGEST_WINDOW_SECONDS = 24 * 60 * 60;

export async function hitRateLimit(db: DbOrTx, options: { key: string; limit: number; windowSeconds: number }) {
  if (options.windowSeconds > LONGEST_WINDOW_SECONDS) throw new Error(`rate-limit window over a day: ${options.key}`);
  const result = await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${options.key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${options.windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${options.windowSeconds}) then now() else rate_limits.window_start end
    returning count`);
  const count = Number((result.rows[0] as { count: number | string }).count);
  return { count, allowed: count <= options.limit };
}

/** Throws a 429 with a clear message once any of the limits is exceeded. */
export async function enforceRateLimits(
  db: DbOrTx,
  limits: { key: string; limit: number; windowSeconds: number }[],
  options: { enabled: boolean; title?: string },
) {
  if (!options.enabled) return;
  for (const limit of limits) {
    const { allowed } = await hitRateLimit(db, limit);
    if (!allowed) throw new AppError("TOO_MANY_REQUESTS", options.title ?? "Too Many Attempts", TOO_MANY);
  }
}

/** Removes the counters whose window has long passed (they are keyed by address, e-mail or account: personal data). */
export async function removeStaleRateLimits(db: DbOrTx) {
  const removed = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, sql`now() - make_interval(secs => ${LONGEST_WINDOW_SECONDS})`))
    .returning({ key: rateLimits.key });
  return removed.length;
}

/** Whether a key is over its limit in the current window, without counting a hit. */
export async function isRateLimited(db: DbOrTx, options: { key: string; limit: number; windowSeconds: number }) {
  const result = await db.execute(sql`
    select count from rate_limits
    where key = ${options.key} and window_start > now() - make_interval(secs => ${options.windowSeconds})`);
  const row = result.rows[0] as { count: number | string } | undefined;
  return row ? Number(row.count) >= options.limit : false;
}

/**
 * Per-user limits on what a signed-in user can do repeatedly:
 * requests to the team, purchase requests, uploads and live-notification
 * connections. Generous for a person, tight for a script.
 */
export const USER_LIMITS = {
  request: { limit: 20, windowSeconds: 60 * 60, title: "Too Many Requests" },
  purchase: { limit: 10, windowSeconds: 60 * 60, title: "Too Many Requests" },
  // A seller answering the requests about their machines, a buyer answering counters.
  answer: { limit: 60, windowSeconds: 60 * 60, title: "Too Many Requests" },
  upload: { limit: 30, windowSeconds: 60 * 60, title: "Too Many Uploads" },
  // Every page a signed-in user opens connects once; opening listings in tabs quickly must not lose live updates.
  stream: { limit: 120, windowSeconds: 60, title: "Too Many Connections" },
} as const;

export async function enforceUserLimit(
  runtime: { db: DbOrTx; env: { AUTH_RATE_LIMIT: boolean } },
  kind: keyof typeof USER_LIMITS,
  userId: string,
) {
  const { limit, windowSeconds, title } = USER_LIMITS[kind];
  await enforceRateLimits(runtime.db, [{ key: `${kind}:user:${userId}`, limit, windowSeconds }], {
    enabled: runtime.env.AUTH_RATE_LIMIT,
    title,
  });
}
