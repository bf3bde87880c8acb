/**
 * The confirmation e-mail again, on request ("Resend" after sign-up, and on
 * sign-in with an address not confirmed yet). Nothing sends it by itself.
 *
 * Limits, counted per address whether or not an account has it, so the answer
 * never tells whether an address is registered:
 * - a cool-down between two confirmation e-mails to one address (the sign-up's
 *   own starts it), CONFIRMATION_RESEND_COOLDOWN_SECONDS, always applied;
 * - with AUTH_RATE_LIMIT, at most AUTH_EMAILS_PER_ACCOUNT_HOUR confirmation
 *   e-mails an hour to one address (the key better-auth's sending path counts
 *   too), and a per-client-address limit on requests.
 * Within the limits the answer is the same for every address; an e-mail goes
 * out only to an account that exists and is not confirmed yet.
 */
import { eq, sql } from "drizzle-orm";
import { user } from "#db/schema.ts";
import { AUTH_EMAILS_PER_ACCOUNT_HOUR } from "#app/lib/auth.server.ts";
import { composeEmail } from "#app/emails/templates.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { hitRateLimit } from "#app/lib/rate-limit.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { cooldownKey, HOUR, hourlyKey, secondsLeft } from "./confirmation-cooldown.server.ts";
import { verificationUrl } from "./create-user.server.ts";

const RESEND_REQUESTS_PER_IP_HOUR = 30;

export type ResendConfirmationResult =
  | { sent: true; retryAfterSeconds: number }
  | { sent: false; reason: "cooldown" | "hourly"; retryAfterSeconds: number };

export async function resendConfirmation(options: {
  runtime: Runtime;
  email: string;
  ip?: string;
}): Promise<ResendConfirmationResult> {
  const { runtime, ip } = options;
  const { db, env } = runtime;
  const email = options.email.trim().toLowerCase();
  const cooldownSeconds = env.CONFIRMATION_RESEND_COOLDOWN_SECONDS;

  const cooldown = await hitRateLimit(db, { key: cooldownKey(email), limit: 1, windowSeconds: cooldownSeconds });
  if (!cooldown.allowed) {
    return { sent: false, reason: "cooldown", retryAfterSeconds: Math.max(1, await secondsLeft({ db, key: cooldownKey(email), windowSeconds: cooldownSeconds })) };
  }
  if (env.AUTH_RATE_LIMIT) {
    if (ip) {
      const perIp = await hitRateLimit(db, { key: `verify-email:resend-ip:${ip}`, limit: RESEND_REQUESTS_PER_IP_HOUR, windowSeconds: HOUR });
      if (!perIp.allowed) {
        return { sent: false, reason: "hourly", retryAfterSeconds: Math.max(1, await secondsLeft({ db, key: `verify-email:resend-ip:${ip}`, windowSeconds: HOUR })) };
      }
    }
    const hourly = await hitRateLimit(db, { key: hourlyKey(email), limit: AUTH_EMAILS_PER_ACCOUNT_HOUR, windowSeconds: HOUR });
    if (!hourly.allowed) {
      logger.warn({ kind: "verify" }, "confirmation e-mail not sent: per-account limit reached");
      return { sent: false, reason: "hourly", retryAfterSeconds: Math.max(1, await secondsLeft({ db, key: hourlyKey(email), windowSeconds: HOUR })) };
    }
  }

  const [account] = await db
    .select({ id: user.id, name: user.name, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email))
    .limit(1);
  if (account && !account.emailVerified) {
    const url = await verificationUrl({ runtime, email, userId: account.id });
    const dispatch = await runtime.queueEmail(composeEmail("verify-email", email, { name: account.name, url }));
    await dispatch();
  }
  return { sent: true, retryAfterSeconds: cooldownSeconds };
}
