/**
 * The auth edge: which of better-auth's own HTTP endpoints answer at all.
 * Every other /api/auth/* path is a 404, so signing in, signing up, resetting
 * or changing a password and editing a profile happen only through the app's
 * own forms, where the rate limits, the password policy, input checks and the
 * audit log apply. Server code reaches the rest through `auth.api.*`.
 */

import { plainPage } from "./plain-page.ts";
import { safeRedirect } from "./safe-redirect.ts";

type AllowedEndpoint = { method: "GET" | "POST"; path: RegExp; why: string };

export const AUTH_HTTP_ALLOWLIST: readonly AllowedEndpoint[] = [
  { method: "GET", path: /^\/verify-email$/, why: "the link in the confirmation e-mail" },
  {
    method: "GET",
    path: /^\/reset-password\/[A-Za-z0-9_-]{1,200}$/,
    why: "the link in the password-reset e-mail (checks the token, then opens /reset-password)",
  },
  {
    method: "GET",
    path: /^\/callback\/[A-Za-z0-9_-]{1,40}$/,
    why: "the OpenID provider's return (Continue with Google)",
  },
  {
    method: "POST",
    path: /^\/callback\/[A-Za-z0-9_-]{1,40}$/,
    why: "the same return when the provider posts it (response_mode=form_post)",
  },
  { method: "GET", path: /^\/ok$/, why: "health check" },
  { method: "GET", path: /^\/error$/, why: "better-auth's own error page, where a broken OAuth return lands" },
];

export const AUTH_BASE_PATH = "/api/auth";

/** Query parameters better-auth redirects to: each must be a path on this site, or the request is refused. */
const REDIRECT_PARAMS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"];

/** A link whose redirect target is not a path on this site (better-auth would answer 500 for some). */
export function hasForeignRedirect(url: URL) {
  return REDIRECT_PARAMS.some((name) => {
    const value = url.searchParams.get(name);
    return value !== null && safeRedirect(value, "\u0000") !== value;
  });
}

/** A link the app cannot follow (a foreign redirect, a token cut short by a mail program): a page that says what to do. */
export function invalidAuthLink() {
  return new Response(
    plainPage({
      title: "Link invalid or expired",
      heading: "This link is invalid or has expired",
      text: "The link may be incomplete, already used or too old. Sign in to ask for a new one from your account.",
      link: { href: "/signin", label: "Go to sign in" },
    }),
    { status: 400, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } },
  );
}

/** Whether a request to better-auth's handler may pass (HEAD counts as GET). */
export function isAllowedAuthRequest(method: string, pathname: string) {
  if (!pathname.startsWith(`${AUTH_BASE_PATH}/`)) return false;
  const rest = pathname.slice(AUTH_BASE_PATH.length).replace(/\/+$/, "") || "/";
  const m = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
  return AUTH_HTTP_ALLOWLIST.some((e) => e.method === m && e.path.test(rest));
}

export function authNotFound() {
  return new Response("Not Found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
