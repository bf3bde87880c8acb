/**
 * Password sign-in, Google sign-in start, password reset — thin wrappers over
 * better-auth that translate its answers into the product's messages (docs/product.md#messages).
 */
import { APIError } from "better-auth/api";
import { ACCOUNT_SUSPENDED } from "#app/lib/account-policy.ts";
import { AppError } from "#app/lib/app-error.ts";
import { RESET_TOKEN } from "./auth-schemas.ts";
import { logger } from "#app/lib/logger.server.ts";
import { enforceRateLimits, isRateLimited, TOO_MANY } from "#app/lib/rate-limit.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";

function copySetCookies(from: Headers) {
  const headers = new Headers();
  for (const cookie of from.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

const INVALID = () =>
  new AppError("UNAUTHORIZED", "Invalid Credentials", "The email or password you entered is incorrect.");

const MINUTES = 60;

/**
 * The right password for an address not confirmed yet (docs/product.md#messages). Nothing is
 * sent by itself: the sign-in page offers "Resend confirmation e-mail".
 */
export class EmailNotVerifiedError extends AppError {
  constructor() {
    super(
      "FORBIDDEN",
      "Email Not Verified",
      "Please check your email and click the verification link before signing in.",
    );
  }
}

/**
 * The right password for an account with two-factor sign-in on: no session yet. `headers` set the
 * short-lived cookie of the pending sign-in; the code is asked at /signin/two-factor
 * (app/domain/user/two-factor.server.ts). A refusal, so that a caller expecting a session never
 * mistakes this for one.
 */
export class TwoFactorRequiredError extends AppError {
  constructor(public readonly headers: Headers) {
    super("UNAUTHORIZED", "Code Required", "Enter the code from your authenticator app to finish signing in.");
  }
}

export async function signInWithPassword(options: {
  runtime: Runtime;
  email: string;
  password: string;
  request: Request;
  ip?: string;
}): Promise<{ userId: string; headers: Headers }> {
  const { runtime, ...input } = options;
  // Failed attempts are counted (shared across instances) per account and per address;
  // once over the limit, even the right password waits for the window to pass.
  const limits = [
    ...(input.ip ? [{ key: `signin:ip:${input.ip}`, limit: 30, windowSeconds: 10 * MINUTES }] : []),
    { key: `signin:email:${input.email.toLowerCase()}`, limit: 10, windowSeconds: 10 * MINUTES },
  ];
  if (runtime.env.AUTH_RATE_LIMIT) {
    for (const limit of limits) {
      if (await isRateLimited(runtime.db, limit)) {
        throw new AppError("TOO_MANY_REQUESTS", "Sign In Failed", TOO_MANY);
      }
    }
  }
  const countFailure = () =>
    enforceRateLimits(runtime.db, limits, { enabled: runtime.env.AUTH_RATE_LIMIT }).catch(() => {});
  const response = await runtime.auth.api.signInEmail({
    body: { email: input.email.toLowerCase(), password: input.password, rememberMe: true },
    headers: input.request.headers,
    asResponse: true,
  });
  if (response.ok) {
    const body = (await response.json()) as { user?: { id: string }; twoFactorRedirect?: boolean };
    if (body.twoFactorRedirect || !body.user) throw new TwoFactorRequiredError(copySetCookies(response.headers));
    return { userId: body.user.id, headers: copySetCookies(response.headers) };
  }
  const body = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  if (body.code === "EMAIL_NOT_VERIFIED") throw new EmailNotVerifiedError();
  if (response.status === 401 || body.code === "INVALID_EMAIL_OR_PASSWORD" || body.code === "INVALID_EMAIL") {
    await countFailure();
    throw INVALID();
  }
  if (body.code === "BANNED_USER") {
    throw new AppError("FORBIDDEN", "Account Suspended", ACCOUNT_SUSPENDED);
  }
  if (response.status === 429) {
    throw new AppError("TOO_MANY_REQUESTS", "Sign In Failed", "Too many attempts. Please wait a minute and try again.");
  }
  logger.warn({ status: response.status, code: body.code }, "sign-in failed");
  throw new AppError("BAD_REQUEST", "Sign In Failed", body.message ?? "Sign in failed. Please try again.");
}

export { ACCOUNT_SUSPENDED };

export async function startGoogleSignIn(options: {
  runtime: Runtime;
  request: Request;
}): Promise<{ url: string; headers: Headers }> {
  const { runtime, request } = options;
  if (!runtime.env.googleEnabled) {
    throw new AppError("BAD_REQUEST", "Google Sign In Failed", "Google sign-in is not configured on this server.");
  }
  try {
    const response = await runtime.auth.api.signInSocial({
      body: { provider: "google", callbackURL: "/auth", errorCallbackURL: "/signin?error=google" },
      headers: request.headers,
      asResponse: true,
    });
    const body = (await response.json()) as { url?: string; message?: string };
    if (!response.ok || !body.url) throw new Error(body.message ?? `status ${response.status}`);
    return { url: body.url, headers: copySetCookies(response.headers) };
  } catch (error) {
    logger.error({ err: error }, "google sign-in start failed");
    throw new AppError("BAD_REQUEST", "Google Sign In Failed", "Could not reach Google. Please try again later.");
  }
}

export async function requestPasswordReset(options: { runtime: Runtime; email: string; ip?: string }) {
  const { runtime, email } = options;
  await enforceRateLimits(
    runtime.db,
    [
      ...(options.ip ? [{ key: `reset:ip:${options.ip}`, limit: 10, windowSeconds: 60 * MINUTES }] : []),
      { key: `reset:email:${email.toLowerCase()}`, limit: 5, windowSeconds: 60 * MINUTES },
    ],
    { enabled: runtime.env.AUTH_RATE_LIMIT, title: "Reset Failed" },
  );
  try {
    await runtime.auth.api.requestPasswordReset({
      body: { email: email.toLowerCase(), redirectTo: "/reset-password" },
    });
  } catch (error) {
    // Unknown addresses answer the same as known ones (no account enumeration).
    if (!(error instanceof APIError)) throw error;
    logger.warn({ err: error.message }, "password reset request refused");
  }
}

export async function resetPassword(options: { runtime: Runtime; token: string; password: string }) {
  const { runtime, ...input } = options;
  if (!RESET_TOKEN.test(input.token)) {
    throw new AppError("BAD_REQUEST", "Invalid Reset Link", "This password reset link is invalid or has expired.");
  }
  try {
    await runtime.auth.api.resetPassword({ body: { newPassword: input.password, token: input.token } });
  } catch (error) {
    if (error instanceof APIError) {
      throw new AppError("BAD_REQUEST", "Invalid Reset Link", "This password reset link is invalid or has expired.");
    }
    throw error;
  }
}

export async function signOut(options: { runtime: Runtime; request: Request }) {
  const response = await options.runtime.auth.api.signOut({ headers: options.request.headers, asResponse: true });
  return copySetCookies(response.headers);
}
