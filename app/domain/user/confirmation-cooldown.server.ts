/**
 * The cool-down between two confirmation e-mails to one address, and the
 * hourly count of them (see resend-confirmation.server.ts).
 */
import { sql } from "drizzle-orm";
import { AUTH_EMAILS_PER_ACCOUNT_HOUR } from "#app/lib/auth.server.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { hitRateLimit } from "#app/lib/rate-limit.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";

export const HOUR = 60 * 60;

export const cooldownKey = (email: string) => `verify-email:cooldown:${email.toLowerCase()}`;
/** Shared with better-auth's own sending path (app/lib/auth.server.ts). */
export const hourlyKey = (email: string) => `verify-email:account:${email.toLowerCase()}`;

/** Seconds until the window of a rate-limit key ends (0 when none is open). */
export async function secondsLeft(options: { db: DbOrTx; key: string; windowSeconds: number }) {
  const { db, key, windowSeconds } = options;
  const result = await db.execute(sql`
    select ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now()))) as left
    from rate_limits where key = ${key}`);
  const row = result.rows[0] as { left: number | string | null } | undefined;
  return Math.max(0, Number(row?.left ?? 0));
}

/**
 * Starts the cool-down (and counts the e-mail in the hourly limit) for a
 * confirmation e-mail sent without a request, i.e. the sign-up's own; run in
 * the sign-up's transaction.
 */
export async function startConfirmationCooldown(options: {
  db: DbOrTx;
  env: Pick<Runtime["env"], "AUTH_RATE_LIMIT" | "CONFIRMATION_RESEND_COOLDOWN_SECONDS">;
  email: string;
}) {
  const { db, env, email } = options;
  await hitRateLimit(db, { key: cooldownKey(email), limit: 1, windowSeconds: env.CONFIRMATION_RESEND_COOLDOWN_SECONDS });
  if (env.AUTH_RATE_LIMIT) {
    await hitRateLimit(db, { key: hourlyKey(email), limit: AUTH_EMAILS_PER_ACCOUNT_HOUR, windowSeconds: HOUR });
  }
}

/** Seconds before the next confirmation e-mail to this address may be asked for (counts nothing). */
export async function getConfirmationCooldown(options: { runtime: Pick<Runtime, "db" | "env">; email: string }) {
  const { runtime, email } = options;
  return secondsLeft({
    db: runtime.db,
    key: cooldownKey(email),
    windowSeconds: runtime.env.CONFIRMATION_RESEND_COOLDOWN_SECONDS,
  });
}
