/**
 * "Delete my account" (/account/delete, docs/privacy.md#deleting-your-account): the user removes their
 * own account with exactly what an admin's deletion removes (`removeAccount`, delete-user.server.ts).
 *
 * They prove it is them and that they mean it: their password (an account that signs in only with
 * Google has none, and confirms with the phrase alone) and the phrase `DELETE <their e-mail>` — the
 * admin's phrase, so it names the account that goes (someone signed in to the wrong account notices).
 * Wrong passwords are counted like sign-in's (10 per account and 30 per address in 10 minutes; then even
 * the right one waits). With two-factor sign-in on, a code from the app (not used before) or a backup
 * code as well, wrong ones counted like sign-in's. Refused too: the last active admin. A refusal
 * changes nothing.
 */
import { verifyPassword } from "better-auth/crypto";
import { and, count, eq, isNotNull } from "drizzle-orm";
import { account, adminAccess, listings, mandateAgreements, sellers } from "#db/schema.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { Db } from "#app/lib/db.server.ts";
import { enforceRateLimits, isRateLimited, TOO_MANY } from "#app/lib/rate-limit.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { deleteOwnPhraseMismatch, isDeleteConfirmation } from "./delete-user-phrase.ts";
import { removeAccount } from "./delete-user.server.ts";
import { hasTwoFactor, verifySecondFactor } from "./two-factor.server.ts";
import { TWO_FACTOR_MESSAGES } from "./two-factor-schemas.ts";
import type { Viewer } from "./viewer.ts";
import { currentPasswordLimits } from "./change-password.server.ts";

export const ACCOUNT_NOT_DELETED = "Account Not Deleted";
export const WRONG_PASSWORD = "The password you entered is incorrect.";
export const PASSWORD_REQUIRED = "Please enter your password.";
export const CODE_REQUIRED = TWO_FACTOR_MESSAGES.eitherCodeRequired;
export const LAST_ADMIN_SELF =
  "You are the last active admin. Give another person admin access before you delete your account.";


/** Wrong passwords here count with the account page's others (change password or e-mail, two-factor): one counter. */
const passwordLimits = (userId: string, ip: string | undefined) => currentPasswordLimits(userId, ip);

/** The account's password hash, or null when it signs in only another way (Google). */
async function passwordHashOf(db: Db, userId: string) {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential"), isNotNull(account.password)));
  return row?.password ?? null;
}

/** What /account/delete shows before the user decides. */
export async function getAccountDeletionFacts(options: { db: Db; userId: string }) {
  const { db, userId } = options;
  const [hash, [listingCount], [soldMandates], admins, twoFactorEnabled] = await Promise.all([
    passwordHashOf(db, userId),
    db
      .select({ n: count() })
      .from(listings)
      .innerJoin(sellers, eq(sellers.id, listings.sellerId))
      .where(eq(sellers.userId, userId)),
    db
      .select({ n: count() })
      .from(mandateAgreements)
      .innerJoin(listings, eq(listings.id, mandateAgreements.listingId))
      .where(and(eq(mandateAgreements.userId, userId), eq(listings.status, "sold"))),
    db.select({ userId: adminAccess.userId }).from(adminAccess).where(eq(adminAccess.isActive, true)),
    hasTwoFactor(db, userId),
  ]);
  return {
    hasPassword: hash !== null,
    twoFactorEnabled,
    listings: listingCount?.n ?? 0,
    completedSales: soldMandates?.n ?? 0,
    isLastAdmin: admins.length > 0 && admins.every((a) => a.userId === userId),
  };
}

export async function deleteOwnAccount(options: {
  runtime: Pick<Runtime, "db" | "storage" | "env" | "auth">;
  viewer: Pick<Viewer, "userId" | "email">;
  /** Required when the account has a password. */
  password?: string;
  /** Required when two-factor sign-in is on: a code from the app, or a backup code. */
  code?: string;
  /** Must be exactly `DELETE <their e-mail>`. */
  confirmation: string;
  /** The client's address, for the per-address limit on wrong passwords. */
  ip?: string;
}): Promise<{ email: string; mandatesKept: number }> {
  const { runtime, viewer } = options;
  const refuse = (code: AppError["code"], message: string, field?: string) =>
    new AppError(code, ACCOUNT_NOT_DELETED, message, field ? { [field]: [message] } : undefined);

  if (!isDeleteConfirmation(options.confirmation, viewer.email)) {
    throw refuse("BAD_REQUEST", deleteOwnPhraseMismatch(viewer.email), "confirmation");
  }
  const hash = await passwordHashOf(runtime.db, viewer.userId);
  if (hash !== null) {
    const limits = passwordLimits(viewer.userId, options.ip);
    if (runtime.env.AUTH_RATE_LIMIT) {
      for (const limit of limits) {
        if (await isRateLimited(runtime.db, limit)) throw refuse("TOO_MANY_REQUESTS", TOO_MANY);
      }
    }
    if (!options.password) throw refuse("BAD_REQUEST", PASSWORD_REQUIRED, "password");
    if (!(await verifyPassword({ hash, password: options.password }))) {
      // Counted outside any transaction, so the refusal that follows does not undo it.
      await enforceRateLimits(runtime.db, limits, { enabled: runtime.env.AUTH_RATE_LIMIT }).catch(() => {});
      throw refuse("UNAUTHORIZED", WRONG_PASSWORD, "password");
    }
  }
  // After the password, so a code is used up only when the rest is right.
  if (await hasTwoFactor(runtime.db, viewer.userId)) {
    if (!options.code?.trim()) throw refuse("BAD_REQUEST", CODE_REQUIRED, "code");
    await verifySecondFactor({
      runtime,
      userId: viewer.userId,
      code: options.code,
      title: ACCOUNT_NOT_DELETED,
      ip: options.ip,
    });
  }

  const { email, mandatesKept } = await removeAccount({
    runtime,
    userId: viewer.userId,
    check: ({ target }) => {
      // The address could have changed since the page was opened: the phrase must name the account as it is.
      if (!isDeleteConfirmation(options.confirmation, target.email)) {
        throw refuse("BAD_REQUEST", deleteOwnPhraseMismatch(target.email), "confirmation");
      }
    },
    lastAdminRefusal: () => refuse("CONFLICT", LAST_ADMIN_SELF),
    audit: { actorUserId: null, action: "user.delete-own" },
  });
  return { email, mandatesKept };
}
