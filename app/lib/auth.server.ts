/**
 * better-auth: e-mail + password with verification and reset, "Continue with
 * Google" (an OpenID Connect code flow whose issuer is configurable, see
 * docs/decisions/004-google-through-generic-oauth.md), two-factor sign-in
 * (an authenticator app's codes, with backup codes). Our own routes call
 * `auth.api.*` from domain functions; over HTTP only the endpoints in
 * AUTH_HTTP_ALLOWLIST (auth-edge.server.ts) answer. No admin plugin: admin
 * rights come from `admin_access` alone, and bans are ours (below).
 */
import { betterAuth, type BetterAuthPlugin } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthEndpoint, createAuthMiddleware } from "better-auth/api";
import { expireCookie } from "better-auth/cookies";
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { genericOAuth, twoFactor } from "better-auth/plugins";
import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import * as schema from "#db/schema.ts";
import type { Db } from "./db.server.ts";
import { logger } from "./logger.server.ts";
import { hitRateLimit } from "./rate-limit.server.ts";
import type { Env } from "./env.server.ts";
import { ACCOUNT_SUSPENDED, PASSWORD_MAX, PASSWORD_MIN } from "./account-policy.ts";
import { CLIENT_ADDRESS_HEADER } from "../../server/client-address.js";
import { PRODUCT_NAME } from "./brand.ts";
import { SESSION_DAYS } from "./legal.ts";

export const VERIFY_EMAIL_EXPIRES_IN = 60 * 60 * 24;

/**
 * Per account, whichever path asked (the forms, the admin's tool, "Resend
 * confirmation e-mail"): at most this many e-mails of each kind an hour.
 * Past it the request still answers as usual (no enumeration), but nothing is sent.
 */
export const AUTH_EMAILS_PER_ACCOUNT_HOUR = 5;

export type AuthMailer = {
  passwordReset: (input: { email: string; name: string; url: string }) => Promise<void>;
  verifyEmail: (input: { email: string; name: string; url: string }) => Promise<void>;
  /** To the new address of an e-mail change (/account): the change takes effect when its link is followed. */
  confirmNewEmail: (input: { email: string; name: string; url: string }) => Promise<void>;
};

/** Where the link of an e-mail change lands once the new address is confirmed. */
export const EMAIL_CHANGED_CALLBACK = "/account?email=changed";

/** better-auth's verification token is a JWT: its payload says whether it confirms an e-mail change. */
function isEmailChangeToken(token: string) {
  try {
    const payload = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as {
      requestType?: unknown;
    };
    return payload.requestType === "change-email-verification";
  } catch {
    return false;
  }
}

/** RFC 4648 base32 without padding: how authenticator apps take a secret. */
function base32(bytes: Uint8Array) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let out = "";
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    value = ((value << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

/** RFC 4648 base32 back to bytes (a secret imported as "base32:<secret>"). */
function base32Bytes(text: string) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text.toUpperCase().replace(/[\s=]/g, "")) {
    const index = alphabet.indexOf(char);
    if (index < 0) continue;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Uint8Array.from(bytes);
}

/** The authenticator app's codes: 6 digits, a new one every 30 seconds; one step either side is accepted (the plugin's defaults). */
export const TOTP_PERIOD_SECONDS = 30;
const TOTP_WINDOW = 1;

/** RFC 4226 HOTP, as the plugin computes it (HMAC-SHA-1, 6 digits). */
function hotp(key: Uint8Array, counter: number) {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac("sha1", key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/**
 * Backup codes: ten of "XXXXX-XXXXX", capitals and digits without the ones easily mistaken for
 * each other (no 0/O, 1/I/L). They are typed in any case, with or without spaces and the dash
 * (normaliseBackupCode, app/domain/user/two-factor-schemas.ts).
 */
export const BACKUP_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const BACKUP_CODE_COUNT = 10;

export function makeBackupCodes(amount = BACKUP_CODE_COUNT) {
  return Array.from({ length: amount }, () => {
    let code = "";
    for (let i = 0; i < 10; i++) code += BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** Where a sign-in that still needs its second factor continues (app/routes/auth/signin-two-factor.tsx). */
export const TWO_FACTOR_PAGE = "/signin/two-factor";

/** A correct code may be remembered on the device for this long ("Trust this device for 30 days"). */
export const TRUST_DEVICE_DAYS = 30;

/**
 * Two-factor sign-in. The plugin challenges the password sign-in itself
 * (better-auth's own after-hook on /sign-in/email: the new session is deleted,
 * a short-lived `two_factor` cookie names the pending sign-in). It does not
 * challenge the other ways a session is made: the OpenID return ("Continue
 * with Google", /callback/:id), the confirmation link's automatic sign-in
 * (/verify-email) and a social sign-in with an ID token. For those the same after-hook of the plugin runs here too
 * (so the challenge, its cookie and the trusted-device rule are the plugin's
 * own), and its answer becomes a redirect to the code page. Its HTTP
 * endpoints (/two-factor/*) stay closed at the auth edge: the app's pages
 * call `auth.api.*` (app/domain/user/two-factor.server.ts).
 */
function createTwoFactorPlugins() {
  const plugin = twoFactor({
    issuer: PRODUCT_NAME,
    trustDeviceMaxAge: TRUST_DEVICE_DAYS * 24 * 60 * 60,
    backupCodeOptions: {
      amount: BACKUP_CODE_COUNT,
      length: 10,
      storeBackupCodes: "encrypted",
      customBackupCodesGenerate: () => makeBackupCodes(),
    },
  });
  // The plugin's own challenge: its after-hook of the password sign-in.
  const signInHook = plugin.hooks.after.find((hook) => hook.matcher({ path: "/sign-in/email" } as never));
  if (!signInHook) throw new Error("better-auth's two-factor plugin has no sign-in hook: check its version");
  const challenge = signInHook.handler;
  // /sign-in/social makes a session by itself only with an ID token, which the app never sends: covered all the same.
  const OTHER_SIGN_IN_PATHS = new Set(["/callback/:id", "/verify-email", "/sign-in/social"]);

  const everywhere = {
    id: "two-factor-everywhere",
    endpoints: {
      /**
       * Server-only (no HTTP path): whose pending sign-in the request's `two_factor` cookie names, or null
       * (no cookie, a forged one, or one whose ten minutes are over). The code page's guard and its
       * per-account limit read it.
       */
      getTwoFactorChallenge: createAuthEndpoint.serverOnly({ method: "GET", requireHeaders: true }, async (ctx) => {
        const cookie = ctx.context.createAuthCookie("two_factor");
        const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
        if (!identifier) return { userId: null };
        const row = await ctx.context.internalAdapter.findVerificationValue(identifier);
        if (!row || new Date(row.expiresAt) <= new Date()) return { userId: null };
        return { userId: row.value as string };
      }),
      /**
       * Server-only (no HTTP path): a setup begun (`enableTwoFactor`) and not yet confirmed with a code —
       * the secret for manual entry and the authenticator's URI (the QR code) — or null. So the page can
       * show it again after a wrong code or a reload; it is never stored anywhere else.
       */
      getTwoFactorSetup: createAuthEndpoint.serverOnly(
        { method: "POST", body: z.object({ userId: z.string().min(1).max(200) }) },
        async (ctx) => {
          const row = (await ctx.context.adapter.findOne({
            model: "twoFactor",
            where: [{ field: "userId", value: ctx.body.userId }],
          })) as { secret: string; verified: boolean | null } | null;
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!row || row.verified !== false || !user) return { setup: null };
          const stored = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
          // Generated secrets are used as their UTF-8 bytes; an imported one is kept as "base32:<secret>".
          const secret = stored.startsWith("base32:")
            ? stored.slice(7).toUpperCase()
            : base32(new TextEncoder().encode(stored));
          const label = `${encodeURIComponent(PRODUCT_NAME)}:${encodeURIComponent(user.email)}`;
          const query = new URLSearchParams({ secret, issuer: PRODUCT_NAME, digits: "6", period: "30" });
          return { setup: { secret, uri: `otpauth://totp/${label}?${query}` } };
        },
      ),
      /**
       * Server-only (no HTTP path): the 30-second step a code from the app belongs to, when it is
       * right now (the step before and after count too, as for the plugin), or null. The app refuses
       * a step already used (two_factor.last_used_step, app/domain/user/two-factor.server.ts).
       */
      matchTotpStep: createAuthEndpoint.serverOnly(
        {
          method: "POST",
          body: z.object({ userId: z.string().min(1).max(200), code: z.string().regex(/^\d{6}$/) }),
        },
        async (ctx) => {
          const row = (await ctx.context.adapter.findOne({
            model: "twoFactor",
            where: [{ field: "userId", value: ctx.body.userId }],
          })) as { secret: string } | null;
          if (!row) return { step: null };
          const stored = await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.secret });
          // Generated secrets are used as their UTF-8 bytes; an imported one is kept as "base32:<secret>".
          const key = stored.startsWith("base32:") ? base32Bytes(stored.slice(7)) : new TextEncoder().encode(stored);
          const now = Math.floor(Date.now() / (TOTP_PERIOD_SECONDS * 1000));
          const typed = Buffer.from(ctx.body.code);
          let step: number | null = null;
          for (let counter = now - TOTP_WINDOW; counter <= now + TOTP_WINDOW; counter++) {
            if (timingSafeEqual(typed, Buffer.from(hotp(key, counter)))) step = counter;
          }
          return { step };
        },
      ),
      /** Server-only (no HTTP path): backup codes as the plugin stores them (encrypted with the app's secret). */
      sealBackupCodes: createAuthEndpoint.serverOnly(
        { method: "POST", body: z.object({ codes: z.array(z.string().min(1).max(40)).min(1).max(50) }) },
        async (ctx) => ({
          sealed: await symmetricEncrypt({ key: ctx.context.secretConfig, data: JSON.stringify(ctx.body.codes) }),
        }),
      ),
      /**
       * Server-only (no HTTP path): forgets "Trust this device" for the request's browser (its record
       * and cookie), as the plugin does when two-factor sign-in is turned off. Call with `returnHeaders`.
       */
      forgetTrustedDevice: createAuthEndpoint.serverOnly({ method: "POST", requireHeaders: true }, async (ctx) => {
        const cookie = ctx.context.createAuthCookie("trust_device");
        const value = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
        if (!value) return { forgotten: false };
        const trustId = value.split("!")[1];
        if (trustId) await ctx.context.internalAdapter.deleteVerificationByIdentifier(trustId);
        expireCookie(ctx, cookie);
        return { forgotten: true };
      }),
    },
    hooks: {
      after: [
        {
          matcher: (ctx: { path?: string }) => OTHER_SIGN_IN_PATHS.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const fresh = ctx.context.newSession;
            if (!fresh?.user || !(fresh.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled) return;
            // The confirmation link re-sets the request's own session when one is open: not a sign-in.
            const current = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
            if (current && current === fresh.session.token) return;
            const result = (await challenge({ ...ctx, returnHeaders: true } as never)) as {
              headers?: Headers | null;
              response?: { twoFactorRedirect?: boolean } | null;
            };
            result.headers?.forEach((value, key) => {
              if (key.toLowerCase() === "set-cookie") ctx.responseHeaders?.append(key, value);
            });
            // A trusted device keeps the session (the plugin renewed its cookie); otherwise the code comes first.
            if (!result.response?.twoFactorRedirect) return;
            throw ctx.redirect(TWO_FACTOR_PAGE);
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
  return [plugin, everywhere] as const;
}

export function createAuth(options: {
  db: Db;
  env: Env;
  mailer: AuthMailer;
  trustedOrigins?: string[];
  /** After an address is confirmed (a sign-up's, or a new one taking effect): the app's own copies follow. */
  onEmailVerified?: (userId: string) => Promise<void>;
  /** After a password set anew from a reset link: the account's address is told (password-changed-notice). */
  onPasswordReset?: (userId: string) => Promise<void>;
}) {
  const { db, env, mailer } = options;
  const withinLimit = async (kind: "reset" | "verify", email: string) => {
    if (!env.AUTH_RATE_LIMIT) return true;
    const { allowed } = await hitRateLimit(db, {
      key: `${kind}-email:account:${email.toLowerCase()}`,
      limit: AUTH_EMAILS_PER_ACCOUNT_HOUR,
      windowSeconds: 60 * 60,
    });
    if (!allowed) logger.warn({ kind }, "auth e-mail not sent: per-account limit reached");
    return allowed;
  };
  const plugins = [
    ...createTwoFactorPlugins(),
    ...(env.googleEnabled
      ? [
          genericOAuth({
            config: [
              {
                providerId: "google",
                name: "Google",
                clientId: env.GOOGLE_CLIENT_ID!,
                clientSecret: env.GOOGLE_CLIENT_SECRET!,
                discoveryUrl: `${env.GOOGLE_ISSUER.replace(/\/$/, "")}/.well-known/openid-configuration`,
                scopes: ["openid", "email", "profile"],
                pkce: true,
              },
            ],
          }),
        ]
      : []),
  ];
  return betterAuth({
    appName: PRODUCT_NAME,
    // Into the app's own structured log. A refused OAuth return or a bad token is a client's mistake: info, not error.
    logger: {
      log: (level, message, ...args) => {
        const detail = args.length ? { detail: args.map((a) => (a instanceof Error ? a.message : a)) } : {};
        if (level === "error" && /state not found|state mismatch|invalid token/i.test(message))
          logger.info(detail, `auth: ${message}`);
        else logger[level === "debug" ? "debug" : level](detail, `auth: ${message}`);
      },
    },
    baseURL: env.PUBLIC_URL,
    basePath: "/api/auth",
    secret: env.SESSION_SECRET,
    trustedOrigins: [env.PUBLIC_URL, ...(options.trustedOrigins ?? [])],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        twoFactor: schema.twoFactor,
      },
    }),
    verification: { storeIdentifier: "hashed" },
    user: {
      // Changed from /account (app/domain/user/change-email.server.ts): the new address must be confirmed first.
      changeEmail: { enabled: true },
      // Read by getViewer; never written through better-auth (update-user is not reachable, and input: false).
      additionalFields: { banned: { type: "boolean", required: false, defaultValue: false, input: false } },
    },
    databaseHooks: {
      session: {
        create: {
          // A banned account gets no session, by password or by Google (its callback redirects with the code).
          async before(session) {
            const [row] = await db
              .select({ banned: schema.user.banned })
              .from(schema.user)
              .where(eq(schema.user.id, session.userId));
            if (row?.banned) throw APIError.from("FORBIDDEN", { message: ACCOUNT_SUSPENDED, code: "BANNED_USER" });
          },
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      // Sign-up goes through our own action so that the profile rows are written
      // in the same transaction as the user (app/domain/user/create-user.server.ts).
      disableSignUp: true,
      // The same limits as the shared form schemas (common passwords are refused there and in createUser).
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        if (!(await withinLimit("reset", user.email))) return;
        await mailer.passwordReset({ email: user.email, name: user.name, url });
      },
      // A new password ends every other way in: the sessions (revokeSessionsOnPasswordReset) and every
      // reset link still outstanding (reset tokens are the verification rows whose value is the user id).
      onPasswordReset: async ({ user }) => {
        await db.delete(schema.verification).where(eq(schema.verification.value, user.id));
        await options
          .onPasswordReset?.(user.id)
          .catch((error: unknown) => logger.error({ err: error }, "password reset notice not sent"));
      },
    },
    emailVerification: {
      // A sign-in before confirming sends nothing by itself: the sign-in page offers "Resend confirmation e-mail"
      // (app/domain/user/resend-confirmation.server.ts, with its cool-down and this same hourly limit).
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_EMAIL_EXPIRES_IN,
      afterEmailVerification: async (user) => {
        await options
          .onEmailVerified?.(user.id)
          .catch((error: unknown) => logger.error({ err: error }, "profile e-mail not synced"));
      },
      sendVerificationEmail: async ({ user, url, token }) => {
        if (!(await withinLimit("verify", user.email))) return;
        if (isEmailChangeToken(token)) {
          const link = new URL(url);
          link.searchParams.set("callbackURL", EMAIL_CHANGED_CALLBACK);
          await mailer.confirmNewEmail({ email: user.email, name: user.name, url: link.toString() });
          return;
        }
        // Should better-auth send one itself: land on the confirmation page like the sign-up e-mail does.
        const link = new URL(url);
        link.searchParams.set("callbackURL", "/auth/callback?type=signup");
        await mailer.verifyEmail({ email: user.email, name: user.name, url: link.toString() });
      },
    },
    account: {
      accountLinking: { enabled: true, trustedProviders: ["google"] },
    },
    session: {
      expiresIn: SESSION_DAYS * 24 * 60 * 60,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: env.AUTH_RATE_LIMIT,
      window: 60,
      max: 100,
    },
    advanced: {
      useSecureCookies: env.PUBLIC_URL.startsWith("https://"),
      // The address server.js derived from the socket (or the trusted proxies), never a client's header.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    plugins,
  });
}

export type Auth = ReturnType<typeof createAuth>;
