/**
 * "Change password" on /account (docs/product.md#your-account): the current password, and a new one under
 * the sign-up policy that is not the current one. Through better-auth's changePassword (its HTTP endpoint stays closed, see
 * auth-edge.server.ts), which ends every session of the account and opens a new one for this device: the
 * caller forwards its cookie. Wrong current passwords are counted per account and per address, as on the
 * sign-in form, and shared with the e-mail change's password check; past the limit even the right
 * password waits for the window to pass.
 */
import { and, count, eq, isNotNull, ne } from "drizzle-orm";
import { APIError } from "better-auth/api";
import { account, session as sessions, user, verification } from "#db/schema.ts";
import { composeEmail } from "#app/emails/templates.server.ts";
import { formatDateTime } from "#app/lib/format.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { enforceRateLimits, isRateLimited, TOO_MANY } from "#app/lib/rate-limit.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { ACCOUNT_MESSAGES, ACCOUNT_TITLES } from "./account-schemas.ts";
import { passwordProblem, TITLES } from "./auth-schemas.ts";

const TEN_MINUTES = 10 * 60;
const TITLE = "Password Not Changed";

/** Wrong current passwords (change password, change e-mail): as many as wrong sign-in passwords (docs/product.md#limits). */
export function currentPasswordLimits(userId: string, ip?: string | null) {
  return [
    ...(ip ? [{ key: `current-password:ip:${ip}`, limit: 30, windowSeconds: TEN_MINUTES }] : []),
    { key: `current-password:user:${userId}`, limit: 10, windowSeconds: TEN_MINUTES },
  ];
}

type PasswordCheck = { runtime: Pick<Runtime, "db" | "env">; userId: string; ip?: string | null; title: string };

/** Refuses at once while the account (or the address) is over its limit of wrong passwords. */
async function refuseWhileLimited({ runtime, userId, ip, title }: PasswordCheck) {
  if (!runtime.env.AUTH_RATE_LIMIT) return;
  for (const limit of currentPasswordLimits(userId, ip)) {
    if (await isRateLimited(runtime.db, limit)) throw new AppError("TOO_MANY_REQUESTS", title, TOO_MANY);
  }
}

/** Counts a wrong current password, and answers with the message on the field. */
async function wrongPassword({ runtime, userId, ip, title }: PasswordCheck): Promise<never> {
  await enforceRateLimits(runtime.db, currentPasswordLimits(userId, ip), {
    enabled: runtime.env.AUTH_RATE_LIMIT,
    title,
  }).catch((error: unknown) => {
    if (!(error instanceof AppError)) throw error;
  });
  throw new AppError("BAD_REQUEST", title, ACCOUNT_MESSAGES.wrongPassword, {
    currentPassword: [ACCOUNT_MESSAGES.wrongPassword],
  });
}

/** The account's password hash, or null for an account that signs in with Google only. */
async function passwordHashOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential"), isNotNull(account.password)))
    .limit(1);
  return row?.password ?? null;
}

/** Whether the account signs in with a password (else with Google only). */
export async function hasPassword(options: { db: DbOrTx; userId: string }) {
  return (await passwordHashOf(options.db, options.userId)) !== null;
}

/**
 * Checks the user's current password before a sensitive change (the e-mail address). A wrong one is
 * counted with the password form's; the answer names the field.
 */
export async function checkCurrentPassword(options: {
  runtime: Pick<Runtime, "db" | "env" | "auth">;
  userId: string;
  password: string;
  ip?: string | null;
  title: string;
}) {
  const { runtime, userId, password } = options;
  await refuseWhileLimited(options);
  const hash = await passwordHashOf(runtime.db, userId);
  if (!hash) throw new AppError("BAD_REQUEST", options.title, ACCOUNT_MESSAGES.googleOnly);
  const context = await runtime.auth.$context;
  if (!(await context.password.verify({ hash, password }))) await wrongPassword(options);
}

function copySetCookies(from: Headers) {
  const headers = new Headers();
  for (const cookie of from.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/**
 * Changes the password and ends every other session. Returns the headers that carry this device's new
 * session cookie (its old session ended with the rest).
 */
export async function changePassword(options: {
  runtime: Runtime;
  /** The user's request: better-auth finds the session in its cookie. */
  request: Request;
  userId: string;
  /** The session of the request (kept out of the count of others). */
  sessionId: string;
  currentPassword: string;
  newPassword: string;
  ip?: string | null;
}): Promise<{ headers: Headers; sessionsEnded: number }> {
  const { runtime, userId, request } = options;
  const check = { runtime, userId, ip: options.ip, title: TITLE };
  // The form says so too; this holds for every caller.
  const weak = passwordProblem(options.newPassword);
  if (weak) throw new AppError("BAD_REQUEST", TITLES[weak] ?? TITLE, weak, { newPassword: [weak] });
  if (options.newPassword === options.currentPassword) {
    const same = ACCOUNT_MESSAGES.samePassword;
    throw new AppError("BAD_REQUEST", ACCOUNT_TITLES[same] ?? TITLE, same, { newPassword: [same] });
  }
  if (!(await hasPassword({ db: runtime.db, userId })))
    throw new AppError("BAD_REQUEST", TITLE, ACCOUNT_MESSAGES.googleOnly);
  await refuseWhileLimited(check);

  const [{ others }] = (await runtime.db
    .select({ others: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, options.sessionId)))) as [{ others: number }];
  let headers: Headers;
  try {
    const answer = await runtime.auth.api.changePassword({
      body: { currentPassword: options.currentPassword, newPassword: options.newPassword, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    headers = copySetCookies(answer.headers);
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    const code = (error.body as { code?: string } | undefined)?.code;
    if (code === "INVALID_PASSWORD") return wrongPassword(check);
    if (code === "CREDENTIAL_ACCOUNT_NOT_FOUND") throw new AppError("BAD_REQUEST", TITLE, ACCOUNT_MESSAGES.googleOnly);
    logger.warn({ code, status: error.status }, "password change refused");
    throw new AppError("BAD_REQUEST", TITLE, ACCOUNT_MESSAGES.passwordFailed);
  }

  let send: (() => Promise<void>) | undefined;
  await runtime.db.transaction(async (tx) => {
    // As after a reset: a reset link still outstanding would undo the change (reset tokens are the
    // verification rows whose value is the user id).
    await tx.delete(verification).where(eq(verification.value, userId));
    await recordAudit({
      db: tx,
      actorUserId: userId,
      action: "account.password_change",
      entity: "user",
      entityId: userId,
      after: { sessionsEnded: Number(others) },
    });
    send = await queuePasswordChangedNotice({ runtime, db: tx, userId, how: "changed" });
  });
  await send?.();
  return { headers, sessionsEnded: Number(others) };
}

/**
 * The account's own address is told its password changed ("password-changed-notice"), in the change's
 * transaction when there is one: a change its owner did not make does not go unnoticed.
 */
export async function queuePasswordChangedNotice(options: {
  runtime: Pick<Runtime, "queueEmail">;
  db: DbOrTx;
  userId: string;
  how: "changed" | "reset";
}) {
  const [row] = await options.db
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, options.userId));
  if (!row) return undefined;
  return options.runtime.queueEmail(
    composeEmail("password-changed-notice", row.email, {
      name: row.name,
      changedAt: formatDateTime(new Date()),
      how: options.how,
    }),
    options.db,
  );
}
