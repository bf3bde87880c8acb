/**
 * better-auth: e-mail + password with verification and reset, "Continue with
 * Google" (an OpenID Connect code flow whose issuer is configurable, see
 * docs/decisions/004-google-through-generic-oauth.md), the admin plugin.
 * Our own routes call `auth.api.*` from actions; the browser talks to
 * /api/auth/* only for the OAuth redirects and the verification links.
 */
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin, genericOAuth } from "better-auth/plugins";
import * as schema from "#db/schema.ts";
import type { Db } from "./db.server.ts";
import type { Env } from "./env.server.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "#app/domain/user/auth-schemas.ts";
import { ACCOUNT_SUSPENDED } from "#app/domain/user/sign-in.server.ts";

export const VERIFY_EMAIL_EXPIRES_IN = 60 * 60 * 24;

export type AuthMailer = {
  passwordReset: (input: { email: string; name: string; url: string }) => Promise<void>;
  verifyEmail: (input: { email: string; name: string; url: string }) => Promise<void>;
};

export function createAuth(options: { db: Db; env: Env; mailer: AuthMailer; trustedOrigins?: string[] }) {
  const { db, env, mailer } = options;
  const plugins = [
    admin({ bannedUserMessage: ACCOUNT_SUSPENDED }),
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
    appName: "Machinery Marketplace",
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
        await mailer.passwordReset({ email: user.email, name: user.name, url });
      },
    },
    emailVerification: {
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_EMAIL_EXPIRES_IN,
      sendVerificationEmail: async ({ user, url }) => {
        // Resent on an unverified sign-in: land on the confirmation page like the sign-up e-mail does.
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
      ipAddress: { ipAddressHeaders: ["x-forwarded-for", "x-real-ip"] },
    },
    plugins,
  });
}

export type Auth = ReturnType<typeof createAuth>;
