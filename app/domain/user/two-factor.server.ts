/**
 * Two-factor sign-in (docs/product.md#two-factor-sign-in): an authenticator app's 6-digit codes
 * (TOTP: SHA-1, 30 s) with ten one-use backup codes, through better-auth's two-factor plugin.
 * Its HTTP endpoints are closed (app/lib/auth-edge.server.ts); these functions call `auth.api.*`
 * for the pages /account/two-factor and /signin/two-factor, add the product's words, the
 * per-account limits in the database and the audit rows, and refuse turning it off where
 * admins must keep it (ADMIN_TWO_FACTOR=required).
 *
 * Failed checks are limited twice: the plugin's own (five wrong codes end a pending sign-in;
 * ten in a row lock the account's codes for 15 minutes) and ours, per account and per address
 * over an hour, shared by every instance.
 *
 * A code from the app is accepted once: the 30-second step it belongs to is kept on the account
 * (two_factor.last_used_step) and a code of that step or an earlier one is refused ("That code
 * was already used"), on every path that takes one — signing in, confirming the setup, turning it
 * off, deleting the account. Backup codes are typed in any case, with or without the dash.
 *
 * Turning it on and off and new backup codes are written here, with their audit row, in one
 * transaction. The plugin's own endpoints for them (verify-totp for a setup, disable,
 * generate-backup-codes) write through its adapter, outside any transaction of ours — and on
 * PGlite's single connection a write from outside would wait on our open transaction for ever — so
 * the plugin checks and encrypts (server-only endpoints in app/lib/auth.server.ts) and we write.
 */
import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { APIError } from "better-auth/api";
import { encode } from "uqr";
import { account, adminAccess, twoFactor, user, verification } from "#db/schema.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { ACCOUNT_SUSPENDED } from "#app/lib/account-policy.ts";
import { AppError } from "#app/lib/app-error.ts";
import { makeBackupCodes } from "#app/lib/auth.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { hitRateLimit, isRateLimited, TOO_MANY } from "#app/lib/rate-limit.server.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { classifyTwoFactorCode, normaliseBackupCode, TWO_FACTOR_MESSAGES as M } from "./two-factor-schemas.ts";
import type { Viewer } from "./viewer.ts";
import { currentPasswordLimits } from "./change-password.server.ts";

type Limit = { key: string; limit: number; windowSeconds: number };

/** What checking a code needs of the runtime. */
type CodeRuntime = Pick<Runtime, "db" | "env" | "auth">;

/** Wrong codes (sign-in, confirming, turning off) per account and per address, an hour. */
const codeLimits = (userId: string, ip?: string): Limit[] => [
  { key: `two-factor:account:${userId}`, limit: 20, windowSeconds: 60 * 60 },
  ...(ip ? [{ key: `two-factor:ip:${ip}`, limit: 60, windowSeconds: 60 * 60 }] : []),
];

/** Wrong passwords on /account/two-factor: the account page's one counter (change-password.server.ts). */
const passwordLimits = (userId: string): Limit[] => currentPasswordLimits(userId);

async function assertWithinLimits(runtime: CodeRuntime, limits: Limit[], title: string) {
  if (!runtime.env.AUTH_RATE_LIMIT) return;
  for (const limit of limits) {
    if (await isRateLimited(runtime.db, limit)) throw new AppError("TOO_MANY_REQUESTS", title, TOO_MANY);
  }
}

async function countFailure(runtime: CodeRuntime, limits: Limit[]) {
  if (!runtime.env.AUTH_RATE_LIMIT) return;
  for (const limit of limits) await hitRateLimit(runtime.db, limit).catch(() => undefined);
}

/** better-auth's error code of a refusal (thrown APIError, or the body of an `asResponse` answer). */
function codeOf(error: unknown): string | undefined {
  if (error instanceof APIError) return (error.body as { code?: string } | undefined)?.code;
  return undefined;
}

async function bodyOf(response: Response) {
  return (await response.json().catch(() => ({}))) as { code?: string; message?: string };
}

function copySetCookies(from: Headers) {
  const headers = new Headers();
  for (const cookie of from.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

const wrongPassword = () =>
  new AppError("BAD_REQUEST", "Incorrect Password", M.passwordWrong, { password: [M.passwordWrong] });
const wrongCode = (field = "code") =>
  new AppError("BAD_REQUEST", "Invalid Code", M.codeWrong, { [field]: [M.codeWrong] });
const wrongBackupCode = (field = "code") =>
  new AppError("BAD_REQUEST", "Invalid Code", M.backupCodeWrong, { [field]: [M.backupCodeWrong] });
const codeReused = (field = "code") =>
  new AppError("BAD_REQUEST", "Code Already Used", M.codeReused, { [field]: [M.codeReused] });

// ------------------------------------------------------------ checking codes

/** The 30-second step of a code from the account's app when it is right now (±1 step), else null. */
async function matchAppCode(runtime: CodeRuntime, userId: string, code: string) {
  if (!/^\d{6}$/.test(code)) return null;
  return (await runtime.auth.api.matchTotpStep({ body: { userId, code } })).step;
}

/**
 * Marks a step used for the account, in one statement so two requests with the same code cannot
 * both pass. False when that step, or a later one, was used already.
 */
async function claimAppCodeStep(db: DbOrTx, userId: string, step: number) {
  const claimed = await db
    .update(twoFactor)
    .set({ lastUsedStep: step })
    .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step))))
    .returning({ id: twoFactor.id });
  return claimed.length > 0;
}

/** The account's stored backup code that the typed one stands for (any case, dash or not), or null. */
async function findBackupCode(runtime: CodeRuntime, userId: string, typed: string) {
  const wanted = normaliseBackupCode(typed);
  if (!wanted) return null;
  const codes = await runtime.auth.api
    .viewBackupCodes({ body: { userId } })
    .then((r) => r.backupCodes)
    .catch(() => [] as string[]);
  return codes.find((stored) => normaliseBackupCode(stored) === wanted) ?? null;
}

/** The account's password, checked by better-auth against the request's session. */
async function passwordIsRight(runtime: Runtime, request: Request, password: string) {
  const { status } = await runtime.auth.api
    .verifyPassword({ body: { password }, headers: request.headers })
    .catch((error: unknown) => {
      if (codeOf(error) === "INVALID_PASSWORD") return { status: false };
      throw error;
    });
  return status;
}

/** Two-factor sign-in is on for the account (confirmed, not merely begun). */
export async function hasTwoFactor(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: twoFactor.id })
    .from(twoFactor)
    .innerJoin(user, eq(user.id, twoFactor.userId))
    .where(and(eq(twoFactor.userId, userId), eq(twoFactor.verified, true), eq(user.twoFactorEnabled, true)))
    .limit(1);
  return Boolean(row);
}

/**
 * A second factor for a change the signed-in user makes (turning it off, deleting the account): a
 * code from the app not used before, or one of the backup codes. Wrong ones are counted like
 * sign-in's. A backup code is not spent here: the changes that ask for one remove them all.
 */
export async function verifySecondFactor(options: {
  runtime: CodeRuntime;
  userId: string;
  code: string;
  title: string;
  ip?: string;
}): Promise<{ kind: "totp" | "backup" }> {
  const { runtime, userId, title } = options;
  const limits = codeLimits(userId, options.ip);
  await assertWithinLimits(runtime, limits, title);
  const typed = classifyTwoFactorCode(options.code);
  if (!typed) throw new AppError("BAD_REQUEST", title, M.eitherCodeRequired, { code: [M.eitherCodeRequired] });
  const refuse = async (error: AppError) => {
    await countFailure(runtime, limits);
    return new AppError(error.code, title, error.message, error.fieldErrors);
  };
  if (typed.kind === "totp") {
    const step = await matchAppCode(runtime, userId, typed.code);
    if (step === null) throw await refuse(wrongCode());
    if (!(await claimAppCodeStep(runtime.db, userId, step))) throw await refuse(codeReused());
    return { kind: "totp" };
  }
  if (!(await findBackupCode(runtime, userId, typed.code))) throw await refuse(wrongBackupCode());
  return { kind: "backup" };
}

// ------------------------------------------------------------ the QR code

/** A QR code as one SVG path of dark modules (1 unit each), drawn by the page. */
export type QrCode = { size: number; path: string };

/** The authenticator's URI as a QR code, made on the server (error correction M, no quiet zone: the page adds it). */
export function qrCode(text: string): QrCode {
  const { data, size } = encode(text, { ecc: "M", border: 0 });
  let path = "";
  data.forEach((row, y) => {
    for (let x = 0; x < row.length;) {
      if (!row[x]) {
        x++;
        continue;
      }
      let run = 1;
      while (row[x + run]) run++;
      path += `M${x} ${y}h${run}v1h-${run}z`;
      x += run;
    }
  });
  return { size, path };
}

// ------------------------------------------------------------ the account page

export type TwoFactorState = {
  enabled: boolean;
  /** A setup begun and not yet confirmed with a code: the secret and its QR code. */
  setup: { secret: string; uri: string; qr: QrCode } | null;
  /** Turning it on, and its other changes, take the account's password. */
  hasPassword: boolean;
  /** Unused backup codes (when on). */
  backupCodesLeft: number | null;
  /** The account holds admin access and this site requires two-factor sign-in of admins. */
  requiredForAdmin: boolean;
};

async function holdsAdminAccess(runtime: Runtime, userId: string) {
  const [row] = await runtime.db
    .select({ id: adminAccess.id })
    .from(adminAccess)
    .where(and(eq(adminAccess.userId, userId), eq(adminAccess.isActive, true)))
    .limit(1);
  return Boolean(row);
}

export async function getTwoFactorState(options: { runtime: Runtime; viewer: Viewer }): Promise<TwoFactorState> {
  const { runtime, viewer } = options;
  const userId = viewer.userId;
  const [[row], [credential], admin] = await Promise.all([
    runtime.db.select({ verified: twoFactor.verified }).from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1),
    runtime.db
      .select({ id: account.id })
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, "credential"), isNotNull(account.password)))
      .limit(1),
    holdsAdminAccess(runtime, userId),
  ]);
  const enabled = Boolean(viewer.twoFactorEnabled) && Boolean(row) && row!.verified !== false;
  let setup: TwoFactorState["setup"] = null;
  if (!enabled && row?.verified === false) {
    const found = (await runtime.auth.api.getTwoFactorSetup({ body: { userId } })).setup;
    if (found) setup = { ...found, qr: qrCode(found.uri) };
  }
  let backupCodesLeft: number | null = null;
  if (enabled) {
    const { backupCodes } = await runtime.auth.api.viewBackupCodes({ body: { userId } });
    backupCodesLeft = backupCodes.length;
  }
  return {
    enabled,
    setup,
    hasPassword: Boolean(credential),
    backupCodesLeft,
    requiredForAdmin: admin && runtime.env.ADMIN_TWO_FACTOR === "required",
  };
}

/**
 * Begins turning it on: checks the password and makes a new secret and backup codes, which take
 * effect only once a code from the app confirms them (`confirmTwoFactorSetup`). Starting again
 * replaces a setup not yet confirmed.
 */
export async function startTwoFactorSetup(options: {
  runtime: Runtime;
  viewer: Viewer;
  password: string;
  request: Request;
}) {
  const { runtime, viewer, password, request } = options;
  const title = "Two-Factor Not Turned On";
  await assertWithinLimits(runtime, passwordLimits(viewer.userId), title);
  try {
    await runtime.auth.api.enableTwoFactor({ body: { password }, headers: request.headers });
  } catch (error) {
    const code = codeOf(error);
    if (code === "INVALID_PASSWORD") {
      await countFailure(runtime, passwordLimits(viewer.userId));
      throw wrongPassword();
    }
    if (code === "TOTP_ALREADY_ENABLED") throw new AppError("CONFLICT", title, M.alreadyOn);
    throw error;
  }
}

/** Drops a setup not yet confirmed (nothing changes for signing in). */
export async function cancelTwoFactorSetup(options: { runtime: Runtime; viewer: Viewer }) {
  const { runtime, viewer } = options;
  await runtime.db.delete(twoFactor).where(and(eq(twoFactor.userId, viewer.userId), eq(twoFactor.verified, false)));
}

/**
 * Confirms a setup with the app's current code: from now on signing in asks for a code. The
 * switch, the code's step (so it cannot be used again) and the audit row are one transaction; the
 * session stays as it is. Returns the backup codes, to be shown once.
 */
export async function confirmTwoFactorSetup(options: {
  runtime: Runtime;
  viewer: Viewer;
  code: string;
  ip?: string;
}): Promise<{ backupCodes: string[] }> {
  const { runtime, viewer, code } = options;
  const title = "Two-Factor Not Turned On";
  const limits = codeLimits(viewer.userId, options.ip);
  await assertWithinLimits(runtime, limits, title);
  const [row] = await runtime.db
    .select({ verified: twoFactor.verified })
    .from(twoFactor)
    .where(eq(twoFactor.userId, viewer.userId))
    .limit(1);
  if (!row) throw new AppError("CONFLICT", title, M.noSetup);
  if (row.verified !== false) throw new AppError("CONFLICT", title, M.alreadyOn);
  const step = await matchAppCode(runtime, viewer.userId, code);
  if (step === null) {
    await countFailure(runtime, limits);
    throw wrongCode();
  }
  const { backupCodes } = await runtime.auth.api.viewBackupCodes({ body: { userId: viewer.userId } });
  await runtime.db.transaction(async (tx) => {
    const [confirmed] = await tx
      .update(twoFactor)
      .set({ verified: true, lastUsedStep: step, failedVerificationCount: 0, lockedUntil: null })
      .where(and(eq(twoFactor.userId, viewer.userId), eq(twoFactor.verified, false)))
      .returning({ id: twoFactor.id });
    // Confirmed by another request in the meantime, or cancelled.
    if (!confirmed) throw new AppError("CONFLICT", title, M.noSetup);
    await tx.update(user).set({ twoFactorEnabled: true, updatedAt: new Date() }).where(eq(user.id, viewer.userId));
    await recordAudit({
      db: tx,
      actorUserId: viewer.userId,
      action: "user.two-factor-on",
      entity: "user",
      entityId: viewer.userId,
      before: { twoFactorEnabled: false },
      after: { twoFactorEnabled: true, backupCodes: backupCodes.length },
    });
  });
  return { backupCodes };
}

/** New backup codes (the password again); the old ones stop working. Shown once. */
export async function createNewBackupCodes(options: {
  runtime: Runtime;
  viewer: Viewer;
  password: string;
  request: Request;
}): Promise<{ backupCodes: string[] }> {
  const { runtime, viewer, password, request } = options;
  const title = "No New Backup Codes";
  await assertWithinLimits(runtime, passwordLimits(viewer.userId), title);
  if (!(await hasTwoFactor(runtime.db, viewer.userId))) throw new AppError("CONFLICT", title, M.notOn);
  if (!(await passwordIsRight(runtime, request, password))) {
    await countFailure(runtime, passwordLimits(viewer.userId));
    throw wrongPassword();
  }
  const backupCodes = makeBackupCodes();
  const { sealed } = await runtime.auth.api.sealBackupCodes({ body: { codes: backupCodes } });
  await runtime.db.transaction(async (tx) => {
    const [replaced] = await tx
      .update(twoFactor)
      .set({ backupCodes: sealed })
      .where(and(eq(twoFactor.userId, viewer.userId), eq(twoFactor.verified, true)))
      .returning({ id: twoFactor.id });
    if (!replaced) throw new AppError("CONFLICT", title, M.notOn);
    await recordAudit({
      db: tx,
      actorUserId: viewer.userId,
      action: "user.backup-codes-new",
      entity: "user",
      entityId: viewer.userId,
      after: { backupCodes: backupCodes.length },
    });
  });
  return { backupCodes };
}

/**
 * Turns it off: the password and a code (from the app, or a backup code). Refused for an account
 * with admin access where admins must use it. The switch, the secret and backup codes going and the
 * audit row are one transaction; the current session stays. A device trusted for 30 days on this
 * browser is forgotten first (harmless should the rest fail: the next sign-in asks for a code).
 */
export async function turnOffTwoFactor(options: {
  runtime: Runtime;
  viewer: Viewer;
  password: string;
  code: string;
  request: Request;
  ip?: string;
}): Promise<{ headers: Headers }> {
  const { runtime, viewer, password, code, request } = options;
  const title = "Two-Factor Not Turned Off";
  if (runtime.env.ADMIN_TWO_FACTOR === "required" && (await holdsAdminAccess(runtime, viewer.userId))) {
    throw new AppError("FORBIDDEN", title, M.requiredForAdmins);
  }
  if (!(await hasTwoFactor(runtime.db, viewer.userId))) throw new AppError("CONFLICT", title, M.notOn);
  await assertWithinLimits(
    runtime,
    [...passwordLimits(viewer.userId), ...codeLimits(viewer.userId, options.ip)],
    title,
  );

  // The password first: a code is used up only when everything else is right.
  if (!(await passwordIsRight(runtime, request, password))) {
    await countFailure(runtime, passwordLimits(viewer.userId));
    throw wrongPassword();
  }
  const { kind } = await verifySecondFactor({ runtime, userId: viewer.userId, code, title, ip: options.ip });

  const forgotten = await runtime.auth.api.forgetTrustedDevice({ headers: request.headers, returnHeaders: true });
  await runtime.db.transaction(async (tx) => {
    const removed = await tx
      .delete(twoFactor)
      .where(eq(twoFactor.userId, viewer.userId))
      .returning({ id: twoFactor.id });
    if (!removed.length) throw new AppError("CONFLICT", title, M.notOn);
    await tx.update(user).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(user.id, viewer.userId));
    // Every browser's "trust this device" goes too, not only this one's (forgetTrustedDevice above): they are
    // the verification rows whose value is the user id, as reset links are (void them as a password change does).
    await tx.delete(verification).where(eq(verification.value, viewer.userId));
    await recordAudit({
      db: tx,
      actorUserId: viewer.userId,
      action: "user.two-factor-off",
      entity: "user",
      entityId: viewer.userId,
      before: { twoFactorEnabled: true },
      after: { twoFactorEnabled: false, confirmedWith: kind === "backup" ? "backup code" : "app code" },
    });
  });
  return { headers: copySetCookies(forgotten.headers) };
}

// ------------------------------------------------------------ signing in

/** Whose sign-in waits for its code in this request's `two_factor` cookie (10 minutes), or null. */
export async function getSignInChallenge(options: { runtime: Runtime; request: Request }) {
  const { userId } = await options.runtime.auth.api.getTwoFactorChallenge({ headers: options.request.headers });
  return userId ? { userId } : null;
}

/**
 * The second step of signing in: the app's code or a backup code for the pending sign-in. Answers
 * the new session's cookies (and, with `trustDevice`, a cookie that skips the code on this browser
 * for 30 days). A refusal that ends the pending sign-in (`SignInExpiredError`) sends the user back
 * to /signin.
 */
export async function verifySignInCode(options: {
  runtime: Runtime;
  request: Request;
  code: string;
  kind: "totp" | "backup";
  trustDevice: boolean;
  ip?: string;
}): Promise<{ userId: string; headers: Headers; backupCodesLeft: number | null }> {
  const { runtime, request, code, kind, trustDevice } = options;
  const title = "Sign In Failed";
  const challenge = await getSignInChallenge({ runtime, request });
  if (!challenge) throw new SignInExpiredError(M.signInExpired);
  const limits = codeLimits(challenge.userId, options.ip);
  await assertWithinLimits(runtime, limits, title);

  // A code from the app: its step is claimed before the plugin checks it, so the same code cannot sign in twice.
  let step: number | null = null;
  if (kind === "totp") {
    step = await matchAppCode(runtime, challenge.userId, code);
    if (step !== null && !(await claimAppCodeStep(runtime.db, challenge.userId, step))) {
      await countFailure(runtime, limits);
      throw codeReused();
    }
  }
  const response =
    kind === "totp"
      ? await runtime.auth.api.verifyTOTP({ body: { code, trustDevice }, headers: request.headers, asResponse: true })
      : await runtime.auth.api.verifyBackupCode({
          // The stored code the typed one stands for (any case, with or without the dash).
          body: { code: (await findBackupCode(runtime, challenge.userId, code)) ?? code, trustDevice },
          headers: request.headers,
          asResponse: true,
        });
  if (response.ok) {
    // Only should the step have turned over between the two checks (a code of the next step): claimed now.
    if (kind === "totp" && step === null) {
      const late = await matchAppCode(runtime, challenge.userId, code);
      if (late !== null) await claimAppCodeStep(runtime.db, challenge.userId, late);
    }
    let backupCodesLeft: number | null = null;
    if (kind === "backup") {
      const { backupCodes } = await runtime.auth.api.viewBackupCodes({ body: { userId: challenge.userId } });
      backupCodesLeft = backupCodes.length;
      await recordAudit({
        db: runtime.db,
        actorUserId: challenge.userId,
        action: "user.backup-code-used",
        entity: "user",
        entityId: challenge.userId,
        after: { backupCodesLeft: backupCodes.length },
      });
    }
    return { userId: challenge.userId, headers: copySetCookies(response.headers), backupCodesLeft };
  }
  const body = await bodyOf(response);
  switch (body.code) {
    case "INVALID_CODE":
    case "INVALID_BACKUP_CODE":
      await countFailure(runtime, limits);
      throw kind === "totp" ? wrongCode() : wrongBackupCode();
    case "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE":
      throw new SignInExpiredError(M.tooManyForSignIn, copySetCookies(response.headers));
    case "ACCOUNT_TEMPORARILY_LOCKED":
      throw new AppError("TOO_MANY_REQUESTS", title, M.locked);
    case "INVALID_TWO_FACTOR_COOKIE":
      throw new SignInExpiredError(M.signInExpired, copySetCookies(response.headers));
    case "BANNED_USER":
      throw new AppError("FORBIDDEN", "Account Suspended", ACCOUNT_SUSPENDED);
    default:
      logger.warn({ status: response.status, code: body.code }, "two-factor sign-in refused");
      throw new AppError("BAD_REQUEST", title, "Sign in failed. Please try again.");
  }
}

/** The pending sign-in is over (expired, or too many wrong codes): sign in again. Carries cookies to clear. */
export class SignInExpiredError extends AppError {
  constructor(
    message: string,
    public readonly headers: Headers = new Headers(),
  ) {
    super("UNAUTHORIZED", "Sign In Again", message);
  }
}
