/**
 * The terms of use and the privacy policy: their version, the words a sign-up
 * records as the user's acceptance (a `consents` row, purpose `terms`), and the
 * retention periods the privacy policy promises (docs/product.md#legal).
 * Change the pages (/terms, /privacy) and TERMS_VERSION together.
 */

/** The day the terms and the privacy policy were last changed (ISO date): "Last updated" on both pages. */
export const TERMS_VERSION = "2026-11-26";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** An ISO date written out, without time zones: "2026-11-26" → "26 November 2026". */
export function legalDate(iso: string) {
  const [year, month, day] = iso.split("-").map(Number);
  return `${day} ${MONTHS[(month ?? 1) - 1]} ${year}`;
}

/** "26 November 2026". */
export const TERMS_VERSION_LABEL = legalDate(TERMS_VERSION);

/** The consent row's detail: what exactly was accepted. */
export const TERMS_CONSENT_DETAIL = `Terms of use and privacy policy of ${TERMS_VERSION_LABEL}`;

/** Where the terms were accepted: the consent row's source, one per way of creating an account. */
export const TERMS_CONSENT_SOURCES = {
  signUp: "sign-up",
  invitation: "invitation sign-up",
  google: "Google sign-up",
} as const;
export type TermsConsentSource = (typeof TERMS_CONSENT_SOURCES)[keyof typeof TERMS_CONSENT_SOURCES];

/**
 * How long a sign-in lasts (docs/product.md#roles-and-accounts), as the privacy policy says it. better-auth's
 * session `expiresIn` (app/lib/auth.server.ts) should read it rather than repeat the number.
 */
export const SESSION_DAYS = 30;

/**
 * The legal pages' headers: the same text for everyone, so a visitor's copy may be cached for an hour
 * (a signed-in page, or one setting a cookie, is made `private, no-store` by server/private-responses.js).
 * The parent's headers are kept: the root's cookie (a one-shot toast) must still be sent.
 */
export function legalPageHeaders({ parentHeaders }: { parentHeaders: Headers }) {
  const headers = new Headers(parentHeaders);
  headers.set("Cache-Control", "public, max-age=3600");
  return headers;
}
