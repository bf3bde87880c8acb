/**
 * better-auth: e-mail + password with verification and reset, "Continue with
 * Google" (an OpenID Connect code flow whose issuer is configurable, see
 * docs/decisions/004-google-through-generic-oauth.md). Our own routes call
 * `auth.api.*` from domain functions; over HTTP only the endpoints in
 * AUTH_HTTP_ALLOWLIST (auth-edge.server.ts) answer. No admin plugin: admin
 * rights come from `admin_access` alone, and bans are ours (below).
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins";
import { eq } from "drizzle-orm";
import * as schema from "#db/schema.ts";
import type { Db } from "./db.server.ts";
import { logger } from "./logger.server.ts";
import { hitRateLimit } from "./rate-limit.server.ts";
import type { Env } from "./env.server.ts";
import { ACCOUNT_SUSPENDED, PASSWORD_MAX, PASSWORD_MIN } from "./account-policy.ts";
import { CLIENT_ADDRESS_HEADER } from "../../server/client-address.js";
import { PRODUCT_NAME } from "./brand.ts";

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

export function createAuth(options: { db: Db; env: Env; mailer: AuthMailer; trustedOrigins?: string[] }) {
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
      },
    },
    emailVerification: {
      // A sign-in before confirming sends nothing by itself: the sign-in page offers "Resend confirmation e-mail"
      // (app/domain/user/resend-confirmation.server.ts, with its cool-down and this same hourly limit).
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_EMAIL_EXPIRES_IN,
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
      expiresIn: 60 * 60 * 24 * 30,
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
