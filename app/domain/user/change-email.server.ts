/**
 * "Change e-mail" on /account (docs/product.md#your-account). The request sends a link to the new address
 * (better-auth's changeEmail; the app's auth mailer writes the `confirm-new-email` e-mail); the account
 * keeps its address until that link is followed (better-auth's /api/auth/verify-email). An address that
 * another account uses is answered exactly like a free one (better-auth then sends nothing), so the form
 * never tells who has an account.
 *
 * When the change takes effect, `syncChangedEmail` brings the profile's copy of the address along and, in
 * the same transaction, writes the `email-changed-notice` e-mail to the old address. What
 * else holds an address keeps it on purpose, as a record of the past: a signed mandate
 * (`mandate_agreements.user_email`, the address the seller signed with, also printed in its PDF), a
 * message to the team (`contact_messages.email`), the outbox (`email_outbox.to_address`, where each
 * e-mail went) and invitations (`pending_invitations.email`, the address invited).
 */
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import { APIError } from "better-auth/api";
import { auditEvents, profiles, user } from "#db/schema.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { composeEmail } from "#app/emails/templates.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import { EMAIL_CHANGED_CALLBACK, VERIFY_EMAIL_EXPIRES_IN } from "#app/lib/auth.server.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { formatLongDate } from "#app/lib/format.ts";
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
 * link lands there): the profile's copy follows the account's address, and the old address is told of
 * the change (with `queueEmail`; the runtime's hook always passes it). Idempotent: nothing is written
 * when they already agree (a sign-up's confirmation calls the same hook), so the notice goes once.
 */
export async function syncChangedEmail(options: {
  db: DbOrTx;
  userId: string;
  /** Writes the notice to the old address into the outbox in the same transaction (runtime.queueEmail). */
  queueEmail?: Runtime["queueEmail"];
}) {
  const { db, userId, queueEmail } = options;
  let send: (() => Promise<void>) | undefined;
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ email: user.email, profileEmail: profiles.email, name: user.name })
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
    if (queueEmail && row.profileEmail) {
      send = await queueEmail(
        composeEmail("email-changed-notice", row.profileEmail, {
          name: row.name,
          newEmail: row.email,
          changedOn: formatLongDate(new Date()),
        }),
        tx,
      );
    }
    return { changed: true };
  });
  await send?.();
  return result;
}

/**
 * Whether a path is where the new address's confirmation link lands (EMAIL_CHANGED_CALLBACK), and how:
 * "changed", or refused by better-auth (its `error`): "expired" past the link's 24 hours, "invalid" for a
 * link already used, altered or made up. Null for any other path. The sign-in page reads it from its
 * redirectTo: a link opened while signed out lands there.
 */
export function emailChangeLanding(path: string | null | undefined): "changed" | "expired" | "invalid" | null {
  if (!path?.startsWith("/")) return null;
  const landing = new URL(EMAIL_CHANGED_CALLBACK, "http://landing.invalid");
  const target = new URL(path, "http://landing.invalid");
  if (target.origin !== landing.origin || target.pathname !== landing.pathname) return null;
  for (const [name, value] of landing.searchParams) if (target.searchParams.get(name) !== value) return null;
  const error = target.searchParams.get("error");
  if (!error) return "changed";
  return error === "TOKEN_EXPIRED" ? "expired" : "invalid";
}

/**
 * The change still waiting for its link (the account page says so after a reload, not only right after
 * the request): the last request, from the audit log, while its link is valid and no change took effect
 * since. Null when there is none, or when it asked for the address the account has now.
 */
export async function findPendingEmailChange(options: { db: DbOrTx; userId: string; currentEmail: string }) {
  const since = new Date(Date.now() - VERIFY_EMAIL_EXPIRES_IN * 1000);
  const [last] = await options.db
    .select({ action: auditEvents.action, data: auditEvents.data, at: auditEvents.createdAt })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entity, "user"),
        eq(auditEvents.entityId, options.userId),
        inArray(auditEvents.action, ["account.email_change_requested", "account.email_changed"]),
        gt(auditEvents.createdAt, since),
      ),
    )
    .orderBy(desc(auditEvents.createdAt))
    .limit(1);
  if (last?.action !== "account.email_change_requested") return null;
  const newEmail = (last.data as { after?: { requested?: unknown } } | null)?.after?.requested;
  if (typeof newEmail !== "string" || newEmail === options.currentEmail.toLowerCase()) return null;
  return {
    newEmail,
    requestedAt: last.at.toISOString(),
    expiresAt: new Date(last.at.getTime() + VERIFY_EMAIL_EXPIRES_IN * 1000).toISOString(),
  };
}
