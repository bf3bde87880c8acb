/**
 * "Change e-mail" on /account (docs/product.md#your-account). The request sends a link to the new address
 * (better-auth's changeEmail; the app's auth mailer writes the `confirm-new-email` e-mail); the account
 * keeps its address until that link is followed (better-auth's /api/auth/verify-email). An address that
 * another account uses is answered exactly like a free one (better-auth then sends nothing), so the form
 * never tells who has an account.
 *
 * When the change takes effect, `syncChangedEmail` brings the profile's copy of the address along. What
 * else holds an address keeps it on purpose, as a record of the past: a signed mandate
 * (`mandate_agreements.user_email`, the address the seller signed with, also printed in its PDF), a
 * message to the team (`contact_messages.email`), the outbox (`email_outbox.to_address`, where each
 * e-mail went) and invitations (`pending_invitations.email`, the address invited).
 */
import { eq } from "drizzle-orm";
import { APIError } from "better-auth/api";
import { profiles, user } from "#db/schema.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import { EMAIL_CHANGED_CALLBACK } from "#app/lib/auth.server.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { enforceRateLimits } from "#app/lib/rate-limit.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { ACCOUNT_MESSAGES } from "./account-schemas.ts";
import { checkCurrentPassword, hasPassword } from "./change-password.server.ts";

const TITLE = "E-mail Not Changed";

/** Requests to change the address: at most this many an hour per account (docs/product.md#limits). */
export const EMAIL_CHANGE_LIMIT = { limit: 5, windowSeconds: 60 * 60 };

export async function requestEmailChange(options: {
  runtime: Runtime;
  /** The user's request: better-auth finds the session in its cookie. */
  request: Request;
  userId: string;
  /** The address the account has now. */
  currentEmail: string;
  newEmail: string;
  /** Required for an account that signs in with a password. */
  currentPassword?: string;
  ip?: string | null;
}): Promise<{ newEmail: string }> {
  const { runtime, userId } = options;
  const newEmail = options.newEmail.trim().toLowerCase();
  if (newEmail === options.currentEmail.toLowerCase()) {
    throw new AppError("BAD_REQUEST", TITLE, ACCOUNT_MESSAGES.sameEmail, { newEmail: [ACCOUNT_MESSAGES.sameEmail] });
  }
  if (await hasPassword({ db: runtime.db, userId })) {
    if (!options.currentPassword) {
      throw new AppError("BAD_REQUEST", TITLE, ACCOUNT_MESSAGES.currentPasswordRequired, {
        currentPassword: [ACCOUNT_MESSAGES.currentPasswordRequired],
      });
    }
    await checkCurrentPassword({ runtime, userId, password: options.currentPassword, ip: options.ip, title: TITLE });
  }
  await enforceRateLimits(runtime.db, [{ key: `email-change:user:${userId}`, ...EMAIL_CHANGE_LIMIT }], {
    enabled: runtime.env.AUTH_RATE_LIMIT,
    title: TITLE,
  });
  try {
    await runtime.auth.api.changeEmail({
      body: { newEmail, callbackURL: EMAIL_CHANGED_CALLBACK },
      headers: options.request.headers,
    });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    logger.warn(
      { code: (error.body as { code?: string } | undefined)?.code, status: error.status },
      "e-mail change refused",
    );
    throw new AppError("BAD_REQUEST", TITLE, ACCOUNT_MESSAGES.emailFailed);
  }
  // Written whether or not the address was free (the log is for admins; the user is told the same either way).
  await recordAudit({
    db: runtime.db,
    actorUserId: userId,
    action: "account.email_change_requested",
    entity: "user",
    entityId: userId,
    before: { email: options.currentEmail },
    after: { requested: newEmail },
  });
  return { newEmail };
}

/**
 * After an address change took effect (better-auth's `afterEmailVerification`, and /account when the
 * link lands there): the profile's copy follows the account's address. Idempotent: nothing is written
 * when they already agree (a sign-up's confirmation calls the same hook).
 */
export async function syncChangedEmail(options: { db: DbOrTx; userId: string }) {
  const { db, userId } = options;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ email: user.email, profileEmail: profiles.email })
      .from(user)
      .innerJoin(profiles, eq(profiles.userId, user.id))
      .where(eq(user.id, userId))
      .for("update", { of: profiles });
    if (!row || row.profileEmail === row.email) return { changed: false };
    await tx.update(profiles).set({ email: row.email, updatedAt: new Date() }).where(eq(profiles.userId, userId));
    await recordAudit({
      db: tx,
      actorUserId: userId,
      action: "account.email_changed",
      entity: "user",
      entityId: userId,
      before: { email: row.profileEmail },
      after: { email: row.email },
    });
    return { changed: true };
  });
}
