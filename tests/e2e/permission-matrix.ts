/**
 * Personas × (every loader, every action intent, every API route) → expected
 * outcome. tests/unit/permission-matrix.test.ts fails when a route in
 * app/routes.ts has no GET row, when a route module exporting an `action`
 * has no POST row, or when an `intent` its action handles has no row (each
 * such route lists its intents in a sibling `<route>.intents.ts`, which the
 * action types its dispatch with and ROUTE_INTENTS below imports); the
 * browser suite (permission-matrix.e2e.ts) checks each cell against the
 * running app, one test per persona.
 *
 * Outcomes: a status code; "stream" (200 text/event-stream); "offsite" (a
 * redirect to another site: Google); or the path a redirect goes to (its
 * query ignored; a trailing "*" matches any rest).
 *
 * Actions are posted with valid bodies, so a refusal is the guard's and not
 * the form's. Whatever they act on is made for the cell (see
 * support/matrix-targets.ts): seller1's own listings for the seller cells
 * (otherSeller = seller2 must get 404 and change nothing), throwaway
 * accounts' listings, users and requests for the admin's. Rows marked
 * `actor: "twin"` change the actor's own account or session; they run as a
 * throwaway account of the persona's kind so the demo accounts stay as they are.
 *
 * A banned user's old cookie gets exactly a visitor's answers (the ban deleted
 * the session); only signing in with their password differs: "Account Suspended".
 */
import {
  intents as adminListingsIntents,
  type Intent as AdminListingsIntent,
} from "../../app/routes/admin/admin-listings.intents.ts";
import { intents as adminMessagesIntents } from "../../app/routes/admin/admin-messages.intents.ts";
import { intents as adminRequestsIntents } from "../../app/routes/admin/admin-requests.intents.ts";
import { intents as adminRevisionIntents } from "../../app/routes/admin/admin-revision.intents.ts";
import {
  intents as adminUserIntents,
  type Intent as AdminUserIntent,
} from "../../app/routes/admin/admin-user.intents.ts";
import { intents as emailTestIntents } from "../../app/routes/admin/email-test.intents.ts";
import { intents as mailboxIntents } from "../../app/routes/admin/mailbox.intents.ts";
import { intents as signinIntents } from "../../app/routes/auth/signin.intents.ts";
import { intents as signupIntents } from "../../app/routes/auth/signup.intents.ts";
import {
  intents as buyerDashboardIntents,
  type Intent as BuyerDashboardIntent,
} from "../../app/routes/buyer/buyer-dashboard.intents.ts";
import { intents as notificationsIntents } from "../../app/routes/notifications.intents.ts";
import { intents as sellerDashboardIntents } from "../../app/routes/seller/seller-dashboard.intents.ts";
import { intents as sellerListingIntents } from "../../app/routes/seller/seller-listing.intents.ts";
import { intents as sellerMandateIntents } from "../../app/routes/seller/seller-mandate.intents.ts";
import { intents as sellerRenewIntents } from "../../app/routes/seller/seller-renew.intents.ts";
import { intents as savedSearchesIntents } from "../../app/routes/alerts/saved-searches.intents.ts";
import { intents as accountIntents } from "../../app/routes/account/account.intents.ts";
import { intents as twoFactorIntents } from "../../app/routes/account/two-factor.intents.ts";
import { intents as signinTwoFactorIntents } from "../../app/routes/auth/signin-two-factor.intents.ts";
import { intents as accountDataIntents } from "../../app/routes/account/account-data.intents.ts";
import { intents as accountDeleteIntents } from "../../app/routes/account/account-delete.intents.ts";
import { intents as sellerVerificationIntents } from "../../app/routes/account/seller-verification.intents.ts";
import { intents as adminVerificationsIntents } from "../../app/routes/admin/admin-verifications.intents.ts";

/** The intents each route's action handles, as the route lists them: every one needs a POST row. */
export const ROUTE_INTENTS: Record<string, readonly string[]> = {
  "/signin": signinIntents,
  "/signup": signupIntents,
  "/buyer-dashboard": buyerDashboardIntents,
  "/seller-dashboard": sellerDashboardIntents,
  "/seller/mandate/:listingId": sellerMandateIntents,
  "/seller/listings/:id": sellerListingIntents,
  "/seller/renew/:listingId": sellerRenewIntents,
  "/notifications": notificationsIntents,
  "/saved-searches": savedSearchesIntents,
  "/account": accountIntents,
  "/account/two-factor": twoFactorIntents,
  "/signin/two-factor": signinTwoFactorIntents,
  "/account/data": accountDataIntents,
  "/account/delete": accountDeleteIntents,
  "/account/verification": sellerVerificationIntents,
  "/admin/verifications": adminVerificationsIntents,
  "/admin": adminListingsIntents,
  "/admin/users/:userId": adminUserIntents,
  "/admin/messages": adminMessagesIntents,
  "/admin/requests": adminRequestsIntents,
  "/admin/revisions/:id": adminRevisionIntents,
  "/admin/mailbox": mailboxIntents,
  "/email-test": emailTestIntents,
};

export const PERSONAS = [
  "visitor",
  "buyer",
  "buyerWithoutProfile",
  "seller",
  "otherSeller",
  "admin",
  "banned",
] as const;
export type Persona = (typeof PERSONAS)[number];
export type Outcome = number | "stream" | "offsite" | `/${string}`;
export type Expect = Record<Persona, Outcome>;

/** Values a row's target provides to its URL and body (ids, titles…). */
export type Vars = Record<string, string>;
/** The acting persona's own account, for "as yourself" bodies. */
export type Me = { email: string; password: string; fullName: string };
/** A form field; files are made by the runner. */
export type Field = string | { file: "pdf" | "jpeg" };

/** What the cells act on (implemented in support/matrix-targets.ts). */
export type Targets = {
  seller1Listing(options?: { signed?: boolean }): Promise<Vars>;
  seller1SignedPdf(): Promise<Vars>;
  seller1PublicListing(): Promise<Vars>;
  seller1UserId(): Promise<Vars>;
  publicListing(): Promise<Vars>;
  pendingListing(options?: { signed?: boolean }): Promise<Vars>;
  user(options?: { banned?: boolean; admin?: boolean }): Promise<Vars>;
  mailWithAttachment(): Promise<Vars>;
  buyerRequest(): Promise<Vars>;
  /** A throwaway buyer's offer on a public listing of seller1's (kind, requestId). */
  sellerLead(): Promise<Vars>;
  /** buyer1's offer, countered by its (throwaway) seller (kind, requestId). */
  countered(): Promise<Vars>;
  listingTitle(listingId: string): Promise<string | null>;
  listingPrice(listingId: string): Promise<string | null>;
  seller1WithdrawnListing(): Promise<Vars>;
  /** A public listing (a throwaway seller's) with changes waiting for review: listingId, revisionId, title. */
  pendingRevision(): Promise<Vars>;
  isRevisionPending(revisionId: string): Promise<boolean>;
  /** The badge seller1's dashboard shows for the listing (null when it is not there). */
  seller1Badge(listingId: string): Promise<string | null>;
  isPending(listingId: string): Promise<boolean>;
  userPage(userId: string): Promise<{ status: number; html: string }>;
  /** A saved search of a throwaway buyer's (savedSearchId, name). */
  savedSearch(): Promise<Vars>;
  /** The name and alert line its owner's page shows for it (null once deleted). */
  savedSearchState(savedSearchId: string): Promise<string | null>;
  /** The demo seller1's public page (sellerId). */
  seller1Page(): Promise<Vars>;
  /** A throwaway seller's verification document (documentId). */
  sellerDocument(): Promise<Vars>;
  /** A throwaway seller waiting for verification (sellerUserId, version). */
  pendingVerification(): Promise<Vars>;
  isVerificationPending(sellerUserId: string): Promise<boolean>;
  /** A throwaway buyer's data export, ready (exportId). */
  readyExport(): Promise<Vars>;
};

export type MatrixRow = {
  /** The route pattern exactly as in app/routes.ts. */
  pattern: string;
  method: "GET" | "POST";
  /** The form `intent` this row posts (action rows). */
  intent?: string;
  /** Made before each cell; its values fill `url` and `body`. */
  target?: (t: Targets) => Promise<Vars>;
  /** A concrete URL (defaults to the pattern). */
  url?: string | ((v: Vars) => string);
  body?: (v: Vars, me: Me) => Record<string, Field>;
  encoding?: "form" | "multipart" | "json";
  /**
   * "twin": run as the run's throwaway account of the persona's kind (the cell changes the actor's own account
   * or session); "new": as a brand-new account of that kind (the cell uses the account up: an export, a deletion).
   */
  actor?: "twin" | "new";
  expect: Expect;
  /** Text the response must contain, per persona. */
  contains?: Partial<Record<Persona, string>>;
  /** For every persona not in `changedBy`: describe any change the request made (null: none). */
  unchanged?: (t: Targets, v: Vars) => Promise<string | null>;
  changedBy?: Persona[];
  /** Removes what an allowed cell created (given the redirect location and response text). */
  cleanup?: (
    t: Targets & { deleteListing(id: string): Promise<void> },
    response: { location: string; text: string },
  ) => Promise<void>;
  note?: string;
};

// ---- outcome shorthands ----
const signedOut = (o: Outcome) => ({ visitor: o, banned: o });
const all = (o: Outcome): Expect => ({
  ...signedOut(o),
  buyer: o,
  buyerWithoutProfile: o,
  seller: o,
  otherSeller: o,
  admin: o,
});
/** Any signed-in user; visitors (and the banned) sign in first. */
const anyUser = (o: Outcome, signedOutOutcome: Outcome = "/signin"): Expect => ({
  ...all(o),
  ...signedOut(signedOutOutcome),
});
/** Signed-in users go to their home (docs/product.md#roles-and-accounts); a user without a role chooses one. */
const homes = (signedOutOutcome: Outcome): Expect => ({
  ...signedOut(signedOutOutcome),
  buyer: "/buyer-catalog",
  buyerWithoutProfile: "/select-role",
  seller: "/seller-dashboard",
  otherSeller: "/seller-dashboard",
  admin: "/admin",
});
const adminOnly = (o: Outcome): Expect => ({
  ...signedOut("/signin"),
  buyer: "/",
  buyerWithoutProfile: "/",
  seller: "/",
  otherSeller: "/",
  admin: o,
});
const sellerOnly = (seller: Outcome, otherSeller: Outcome = seller): Expect => ({
  ...signedOut("/signin"),
  buyer: "/",
  buyerWithoutProfile: "/",
  seller,
  otherSeller,
  admin: "/",
});
/** The buyer dashboard's guard: sellers to theirs, admins to /signup, no role yet to /select-role. */
const buyerDashboard = (buyer: Outcome): Expect => ({
  ...signedOut("/signin"),
  buyer,
  buyerWithoutProfile: "/select-role",
  seller: "/seller-dashboard",
  otherSeller: "/seller-dashboard",
  admin: "/signup",
});

const ZERO = "00000000-0000-0000-0000-000000000000";
const unique = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const listingFields = (title: string): Record<string, Field> => ({
  title,
  description: "Made by the permission matrix.",
  category: "generators",
  condition: "used",
  price: "1000",
  location: "Matrix",
  isUrgent: "on",
  images: { file: "jpeg" },
});
const stillPending = async (t: Targets, v: Vars) =>
  (await t.isPending(v.listingId!)) ? null : "the listing is no longer pending";
const stillThere = async (t: Targets, v: Vars) =>
  (await t.listingTitle(v.listingId!)) === null ? "the listing was deleted" : null;
const listingIdIn = (r: { location: string; text: string }) =>
  /\/seller\/mandate\/([0-9a-f-]{36})/.exec(r.location)?.[1] ?? /"listingId":"([0-9a-f-]{36})"/.exec(r.text)?.[1];
const removeCreatedListing: MatrixRow["cleanup"] = async (t, r) => {
  const id = listingIdIn(r);
  if (id) await t.deleteListing(id);
};
const adminUserAction = (intent: AdminUserIntent, options: { banned?: boolean; admin?: boolean } = {}): MatrixRow => ({
  pattern: "/admin/users/:userId",
  method: "POST",
  intent,
  target: (t) => t.user(options),
  url: (v) => `/admin/users/${v.userId}`,
  body: (v) => ({ intent, reason: "permission matrix", confirmation: `DELETE ${v.email}` }),
  expect: adminOnly(intent === "delete" ? "/admin/users" : 200),
  unchanged: async (t, v) => {
    const page = await t.userPage(v.userId!);
    if (page.status !== 200) return `the user page answers ${page.status}`;
    const banned = page.html.includes("Lift Ban");
    const admin = page.html.includes("Remove Admin Access");
    if (banned !== Boolean(options.banned)) return `banned is now ${banned}`;
    if (admin !== Boolean(options.admin)) return `admin is now ${admin}`;
    return null;
  },
  changedBy: ["admin"],
});
const moderation = (intent: AdminListingsIntent): MatrixRow => ({
  pattern: "/admin",
  method: "POST",
  intent,
  target: (t) => t.pendingListing({ signed: true }),
  url: "/admin?index",
  body: (v) => ({ intent, listingId: v.listingId! }),
  expect: adminOnly(200),
  unchanged: intent === "delete" ? stillThere : stillPending,
  changedBy: ["admin"],
  note: "a throwaway seller's pending listing with its mandate signed",
});
const buyerRequest = (
  intent: Extract<BuyerDashboardIntent, "offer" | "viewing" | "quote">,
  fields: Record<string, string>,
): MatrixRow => ({
  pattern: "/buyer-dashboard",
  method: "POST",
  intent,
  target: (t) => t.publicListing(),
  body: (v) => ({ intent, listingId: v.listingId!, message: "From the permission matrix.", ...fields }),
  expect: buyerDashboard(200),
});

const sellerAnswer = (
  intent: "accept-request" | "decline-request" | "counter-request",
  pattern = "/seller-dashboard",
): MatrixRow => ({
  pattern,
  method: "POST",
  intent,
  target: (t) => t.sellerLead(),
  url: (v) => pattern.replace(":id", v.listingId!),
  body: (v) => ({
    intent,
    kind: v.kind!,
    requestId: v.requestId!,
    offerAmount: "950",
    message: "From the permission matrix.",
  }),
  expect: sellerOnly(200, 404),
  contains: { otherSeller: "Request not found." },
  note: "a throwaway buyer's offer on seller1's listing: only seller1 answers it",
});
const buyerAnswer = (intent: "accept-counter" | "reoffer" | "withdraw-request"): MatrixRow => ({
  pattern: "/buyer-dashboard",
  method: "POST",
  intent,
  target: (t) => t.countered(),
  body: (v) => ({
    intent,
    kind: v.kind!,
    requestId: v.requestId!,
    offerAmount: "925",
    message: "From the permission matrix.",
  }),
  expect: buyerDashboard(200),
  note: "buyer1's offer, countered by its seller: only buyer1 answers it (another buyer gets 404: tests/db/offers.test.ts)",
});

export const PERMISSION_MATRIX: MatrixRow[] = [
  // ---- public pages and auth screens ----
  { pattern: "/", method: "GET", expect: all(200) },
  { pattern: "/auth", method: "GET", expect: homes("/signin") },
  { pattern: "/auth/callback", method: "GET", expect: all(200) },
  { pattern: "/signin", method: "GET", expect: homes(200) },
  {
    pattern: "/signin",
    method: "POST",
    intent: "signin",
    body: (_v, me) => ({ intent: "signin", email: me.email, password: me.password }),
    expect: { ...homes(401), banned: 403 },
    contains: { visitor: "Invalid Credentials", banned: "Account Suspended" },
    note: "as yourself: a visitor's address is unknown; a banned user is told. A form post renders the page after the action, so a signed-in user (even one whose sign-in failed, like the Google-only user without a password) is sent home by the loader",
  },
  {
    pattern: "/signin",
    method: "POST",
    intent: "forgot",
    body: (_v, me) => ({ intent: "forgot", email: me.email }),
    expect: homes(200),
    note: "the same answer for every address (no account enumeration); signed-in users are sent home by the loader",
  },
  {
    pattern: "/signin",
    method: "POST",
    intent: "resend-confirmation",
    body: () => ({ intent: "resend-confirmation", email: unique("matrix-resend") }),
    expect: homes(200),
    note: "the same answer for every address (no account enumeration); signed-in users are sent home by the loader",
  },
  { pattern: "/signin", method: "POST", intent: "google", body: () => ({ intent: "google" }), expect: all("offsite") },
  { pattern: "/signup", method: "GET", expect: homes(200) },
  {
    pattern: "/signup",
    method: "POST",
    body: () => ({
      email: unique("matrix-signup"),
      password: "Kudu-Grader-2026",
      confirmPassword: "Kudu-Grader-2026",
      role: "buyer",
      fullName: "Matrix Signup",
      phone: "082 555 1234",
      commissionAccepted: "on",
    }),
    expect: homes(200),
    note: "public: anyone may create an account; signed-in users are then sent home by the loader",
  },
  {
    pattern: "/signup",
    method: "POST",
    intent: "resend-confirmation",
    body: () => ({ intent: "resend-confirmation", email: unique("matrix-resend") }),
    expect: homes(200),
    note: "the same answer for every address (no account enumeration); signed-in users are sent home by the loader",
  },
  { pattern: "/reset-password", method: "GET", expect: all("/signin"), note: "without a token" },
  {
    pattern: "/reset-password",
    method: "POST",
    body: () => ({ token: "a".repeat(32), password: "Kudu-Grader-2026", confirmPassword: "Kudu-Grader-2026" }),
    expect: all("/signin"),
    note: "the token is the credential: an unknown one is an invalid link for everyone",
  },
  {
    pattern: "/complete-profile",
    method: "GET",
    expect: { ...homes("/signin"), buyerWithoutProfile: 200 },
  },
  {
    pattern: "/select-role",
    method: "GET",
    expect: { ...homes("/signin"), buyerWithoutProfile: 200 },
  },
  {
    pattern: "/complete-signup",
    method: "GET",
    expect: homes("/signin"),
    note: "only for a user who arrived through an invitation link",
  },
  {
    pattern: "/complete-signup",
    method: "POST",
    body: () => ({
      invitation: "x".repeat(43),
      email: unique("matrix-invite"),
      password: "Kudu-Grader-2026",
      confirmPassword: "Kudu-Grader-2026",
    }),
    expect: all("/signin"),
    note: "the invitation is the credential",
  },
  { pattern: "/signout", method: "GET", expect: all("/"), note: "GET goes home; POST signs out" },
  {
    pattern: "/account-types",
    method: "GET",
    url: "/account-types?need=buyer",
    expect: all(200),
    note: "public: buyer and seller accounts explained",
  },

  // ---- catalog ----
  { pattern: "/equipment", method: "GET", expect: all(200) },
  { pattern: "/buyer-catalog", method: "GET", expect: all(200) },
  { pattern: "/catalog", method: "GET", expect: all(200) },
  { pattern: "/parts", method: "GET", expect: all(200) },
  { pattern: "/listing/:id", method: "GET", url: `/listing/${ZERO}`, expect: all(404), note: "public listings only" },
  {
    pattern: "/listing/:id",
    method: "GET",
    url: `/listing/${"-".repeat(36)}`,
    expect: all(404),
    note: "a malformed id is a 404, never a database error",
  },
  {
    pattern: "/listing/:id",
    method: "GET",
    target: (t) => t.seller1PublicListing(),
    url: (v) => `/listing/${v.listingId}`,
    expect: all(200),
    note: "the page of a public listing is public",
  },
  {
    pattern: "/listing/:id",
    method: "GET",
    target: (t) => t.seller1Listing(),
    url: (v) => `/listing/${v.listingId}`,
    expect: { ...all(404), seller: 200, admin: 200 },
    note: "a pending listing is not public: only its seller and the admins see its preview",
  },
  {
    pattern: "/listing/:id",
    method: "POST",
    target: (t) => t.publicListing(),
    url: (v) => `/listing/${v.listingId}`,
    body: () => ({}),
    expect: { ...anyUser(403), buyer: 200 },
    note: "Make Purchase Request: buyers with a profile only (idempotent per buyer and listing)",
  },
  {
    pattern: "/listing/:id",
    method: "POST",
    target: (t) => t.seller1Listing(),
    url: (v) => `/listing/${v.listingId}`,
    body: () => ({}),
    expect: { ...anyUser(403), buyer: 404 },
    note: "a purchase request for a listing that is not public",
  },
  {
    pattern: "/compare",
    method: "GET",
    target: (t) => t.seller1PublicListing(),
    url: (v) => `/compare?ids=${v.listingId},${ZERO},not-an-id`,
    expect: all(200),
    note: "public: anyone compares public listings; unknown and malformed ids are left out",
  },
  {
    pattern: "/compare",
    method: "GET",
    target: (t) => t.seller1Listing(),
    url: (v) => `/compare?ids=${v.listingId}`,
    expect: all(200),
    contains: Object.fromEntries(PERSONAS.map((p) => [p, "No machines to compare yet"])),
    note: "a listing that is not public is never compared, not even by its seller or an admin",
  },

  // ---- buyer ----
  { pattern: "/watchlist", method: "GET", expect: anyUser(200) },
  {
    pattern: "/api/favourites",
    method: "POST",
    body: () => ({ listingId: ZERO, favourite: "false" }),
    expect: anyUser(200),
    note: "anyone signed in may remove a saved machine (unsaving: a no-op here)",
  },
  {
    pattern: "/api/favourites",
    method: "POST",
    target: (t) => t.seller1Listing(),
    body: (v) => ({ listingId: v.listingId!, favourite: "true" }),
    expect: { ...anyUser(403), buyer: 404 },
    note: "saving is for buyer accounts (403); a listing that is not public cannot be saved (404)",
  },
  // ---- saved searches and alerts ----
  { pattern: "/saved-searches", method: "GET", expect: anyUser(200) },
  {
    pattern: "/saved-searches",
    method: "POST",
    intent: "save",
    body: () => ({
      intent: "save",
      name: "Matrix search",
      frequency: "off",
      query: "category=cranes&province=Limpopo",
    }),
    expect: { ...anyUser(403), buyer: 200 },
    note: "saving searches is for buyer accounts (buyer1 keeps one silent search per run)",
  },
  ...(["update", "pause", "resume", "delete"] as const).map((intent): MatrixRow => ({
    pattern: "/saved-searches",
    method: "POST",
    intent,
    target: (t) => t.savedSearch(),
    body: (v) => ({ intent, id: v.savedSearchId!, name: "Taken over", frequency: "instant" }),
    expect: anyUser(404),
    unchanged: async (t, v) => {
      const state = await t.savedSearchState(v.savedSearchId!);
      return state === `${v.name}|paused:no` ? null : `the saved search is now ${state ?? "deleted"}`;
    },
    note: "another buyer's saved search: not found for everyone else",
  })),
  ...(["watchlist-alerts", "stop-all", "resume-all"] as const).map((intent): MatrixRow => ({
    pattern: "/saved-searches",
    method: "POST",
    intent,
    actor: "twin",
    body: () => ({ intent, frequency: "daily" }),
    expect: {
      ...anyUser(403),
      ...(intent === "watchlist-alerts"
        ? { buyer: 200, admin: 200 }
        : { buyer: "/saved-searches", admin: "/saved-searches" }),
    },
    note: "the actor's own alert settings, for buyer accounts (the admin's twin is one); a change on the page returns to it",
  })),
  { pattern: "/saved-searches/:id/open", method: "GET", url: `/saved-searches/${ZERO}/open`, expect: anyUser(404) },
  {
    pattern: "/saved-searches/:id/open",
    method: "GET",
    target: (t) => t.savedSearch(),
    url: (v) => `/saved-searches/${v.savedSearchId}/open`,
    expect: anyUser(404),
    note: "only its owner opens a saved search",
  },
  {
    pattern: "/unsubscribe/:token",
    method: "GET",
    url: `/unsubscribe/s.${ZERO}.forged`,
    expect: all(400),
    contains: Object.fromEntries(PERSONAS.map((p) => [p, "This unsubscribe link is not valid."])),
    note: "public: the signed token is the key; a forged one is refused",
  },
  {
    pattern: "/unsubscribe/:token",
    method: "POST",
    url: `/unsubscribe/s.${ZERO}.forged`,
    body: () => ({ "List-Unsubscribe": "One-Click" }),
    expect: all(400),
  },

  {
    pattern: "/buyer-dashboard",
    method: "GET",
    expect: buyerDashboard(200),
    note: "Sellers to their dashboard, admins to /signup",
  },
  {
    pattern: "/buyer-dashboard",
    method: "POST",
    intent: "create-buyer-profile",
    actor: "twin",
    body: (_v, me) => ({ intent: "create-buyer-profile", fullName: me.fullName, commissionAccepted: "on" }),
    expect: buyerDashboard("/buyer-dashboard"),
  },
  {
    pattern: "/buyer-dashboard",
    method: "POST",
    intent: "contact-admin",
    body: () => ({ intent: "contact-admin", subject: "Matrix", message: "From the permission matrix." }),
    expect: buyerDashboard(200),
  },
  buyerRequest("offer", { offerAmount: "900" }),
  buyerRequest("viewing", { preferredDate: inAWeek(), preferredTime: "10:00" }),
  buyerRequest("quote", { quoteType: "equipment-purchase", details: "Delivery to Durban." }),
  buyerAnswer("accept-counter"),
  buyerAnswer("reoffer"),
  buyerAnswer("withdraw-request"),
  { pattern: "/feedback", method: "GET", expect: anyUser(200) },
  {
    pattern: "/feedback",
    method: "POST",
    body: () => ({ type: "buyer", rating: "4", comments: "From the permission matrix." }),
    expect: anyUser(200),
  },
  { pattern: "/contact", method: "GET", expect: all(200) },
  {
    pattern: "/contact",
    method: "POST",
    body: () => ({
      name: "Matrix",
      email: "matrix@example.test",
      subject: "Permission matrix",
      message: "Hello.",
      website: "matrix",
    }),
    expect: all(200),
    note: "public. With the honeypot filled (same answer, nothing stored): real messages count against the per-address limit (5 an hour) the other suites need",
  },

  // ---- seller ----
  { pattern: "/seller-dashboard", method: "GET", expect: sellerOnly(200) },
  {
    pattern: "/seller-dashboard",
    method: "POST",
    intent: "delete",
    target: (t) => t.seller1Listing(),
    body: (v) => ({ intent: "delete", listingId: v.listingId! }),
    expect: sellerOnly(200, 404),
    contains: { otherSeller: "Failed to delete listing" },
    unchanged: stillThere,
    changedBy: ["seller"],
    note: "seller1's listing: only seller1 deletes it",
  },
  {
    pattern: "/seller-dashboard",
    method: "POST",
    intent: "change-price",
    target: async (t) => {
      const v = await t.seller1Listing();
      return { ...v, price: (await t.listingPrice(v.listingId!))! };
    },
    body: (v) => ({ intent: "change-price", listingId: v.listingId!, price: String(Number(v.price) + 1) }),
    expect: sellerOnly(200, 404),
    contains: { seller: "Price Changed", otherSeller: "Listing not found." },
    unchanged: async (t, v) => ((await t.listingPrice(v.listingId!)) === v.price ? null : "the price changed"),
    changedBy: ["seller"],
    note: "seller1's listing: only seller1 changes its price",
  },
  {
    pattern: "/seller-dashboard",
    method: "POST",
    intent: "withdraw",
    target: (t) => t.seller1Listing(),
    body: (v) => ({ intent: "withdraw", listingId: v.listingId! }),
    expect: sellerOnly(200, 404),
    contains: { seller: "is withdrawn", otherSeller: "Listing not found." },
    unchanged: async (t, v) =>
      (await t.seller1Badge(v.listingId!)) === "Withdrawn" ? "the listing was withdrawn" : null,
    changedBy: ["seller"],
    note: "seller1's listing: only seller1 withdraws it",
  },
  {
    pattern: "/seller-dashboard",
    method: "POST",
    intent: "relist",
    target: (t) => t.seller1WithdrawnListing(),
    body: (v) => ({ intent: "relist", listingId: v.listingId! }),
    expect: sellerOnly(200, 404),
    contains: { seller: "is back", otherSeller: "Listing not found." },
    unchanged: async (t, v) =>
      (await t.seller1Badge(v.listingId!)) === "Withdrawn" ? null : "the listing was relisted",
    changedBy: ["seller"],
    note: "seller1's withdrawn listing: only seller1 relists it",
  },
  {
    pattern: "/seller-dashboard",
    method: "POST",
    intent: "mark-sold",
    target: (t) => t.seller1Listing(),
    body: (v) => ({ intent: "mark-sold", listingId: v.listingId! }),
    expect: sellerOnly(200, 404),
    contains: { seller: "is marked sold", otherSeller: "Listing not found." },
    unchanged: async (t, v) => ((await t.seller1Badge(v.listingId!)) === "Sold" ? "the listing was marked sold" : null),
    changedBy: ["seller"],
    note: "seller1's listing: only seller1 marks it sold",
  },
  {
    pattern: "/seller-dashboard",
    method: "POST",
    intent: "contact-admin",
    body: () => ({ intent: "contact-admin", subject: "Matrix", message: "From the permission matrix." }),
    expect: sellerOnly(200),
  },
  sellerAnswer("accept-request"),
  sellerAnswer("decline-request"),
  sellerAnswer("counter-request"),
  ...sellerListingIntents.map((intent) => sellerAnswer(intent, "/seller/listings/:id")),
  { pattern: "/seller/create", method: "GET", expect: sellerOnly(200) },
  {
    pattern: "/seller/create",
    method: "POST",
    encoding: "multipart",
    body: () => listingFields("Matrix no-JS listing"),
    expect: sellerOnly("/seller/mandate/*"),
    cleanup: removeCreatedListing,
    note: "the form without JavaScript",
  },
  {
    pattern: "/api/listings",
    method: "GET",
    expect: all(404),
    note: "POST only",
  },
  {
    pattern: "/api/listings",
    method: "POST",
    encoding: "multipart",
    body: () => listingFields("Matrix upload"),
    expect: { ...signedOut(401), buyer: 403, buyerWithoutProfile: 403, seller: 201, otherSeller: 201, admin: 403 },
    contains: { buyer: "Seller Access Required", visitor: "Authentication Required" },
    cleanup: removeCreatedListing,
    note: "the upload API answers JSON: 401 signed out, 403 not a seller",
  },
  {
    pattern: "/api/listings/:id",
    method: "GET",
    url: `/api/listings/${ZERO}`,
    expect: all(404),
    note: "POST only",
  },
  {
    pattern: "/api/listings/:id",
    method: "POST",
    encoding: "multipart",
    target: (t) => t.seller1Listing(),
    url: (v) => `/api/listings/${v.listingId}`,
    body: () => ({ ...listingFields("Matrix edited by API"), images: { file: "jpeg" } }),
    expect: { ...signedOut(401), buyer: 403, buyerWithoutProfile: 403, seller: 200, otherSeller: 404, admin: 403 },
    contains: { buyer: "Seller Access Required", visitor: "Authentication Required" },
    unchanged: async (t, v) => ((await t.listingTitle(v.listingId!)) === v.title ? null : "the title changed"),
    changedBy: ["seller"],
    note: "the edit API answers JSON: 401 signed out, 403 not a seller, 404 another seller's listing",
  },
  { pattern: "/seller/listings/:id", method: "GET", url: `/seller/listings/${ZERO}`, expect: sellerOnly(404) },
  {
    pattern: "/seller/listings/:id",
    method: "GET",
    target: (t) => t.seller1Listing(),
    url: (v) => `/seller/listings/${v.listingId}`,
    expect: sellerOnly(200, 404),
    note: "a seller only sees their own listings' figures",
  },
  {
    pattern: "/seller/listings/:id/edit",
    method: "GET",
    url: `/seller/listings/${ZERO}/edit`,
    expect: sellerOnly(404),
  },
  {
    pattern: "/seller/listings/:id/edit",
    method: "GET",
    target: (t) => t.seller1Listing(),
    url: (v) => `/seller/listings/${v.listingId}/edit`,
    expect: sellerOnly(200, 404),
    note: "a seller only edits their own listings",
  },
  {
    pattern: "/seller/listings/:id/edit",
    method: "POST",
    encoding: "multipart",
    target: (t) => t.seller1Listing(),
    url: (v) => `/seller/listings/${v.listingId}/edit`,
    body: () => ({ ...listingFields("Matrix edited without JS"), images: { file: "jpeg" } }),
    expect: sellerOnly("/seller-dashboard", 404),
    unchanged: async (t, v) => ((await t.listingTitle(v.listingId!)) === v.title ? null : "the title changed"),
    changedBy: ["seller"],
    note: "the edit form without JavaScript",
  },
  {
    pattern: "/seller/mandate/:listingId",
    method: "GET",
    url: `/seller/mandate/${ZERO}`,
    expect: sellerOnly(404),
  },
  {
    pattern: "/seller/mandate/:listingId",
    method: "GET",
    target: (t) => t.seller1Listing(),
    url: (v) => `/seller/mandate/${v.listingId}`,
    expect: sellerOnly(200, 404),
    note: "a seller only reaches their own listings' mandates",
  },
  {
    pattern: "/seller/mandate/:listingId",
    method: "POST",
    intent: "sign",
    target: (t) => t.seller1Listing(),
    url: (v) => `/seller/mandate/${v.listingId}`,
    body: () => ({ intent: "sign", accept: "on" }),
    expect: sellerOnly("/seller-dashboard", 404),
  },
  {
    pattern: "/seller/mandate/:listingId",
    method: "POST",
    intent: "request-pdf",
    target: (t) => t.seller1Listing(),
    url: (v) => `/seller/mandate/${v.listingId}`,
    body: () => ({ intent: "request-pdf" }),
    expect: sellerOnly(200, 404),
  },
  {
    pattern: "/seller/mandate/:listingId",
    method: "POST",
    intent: "upload",
    target: (t) => t.seller1Listing(),
    url: (v) => `/seller/mandate/${v.listingId}`,
    encoding: "multipart",
    body: () => ({ intent: "upload", signedPdf: { file: "pdf" } }),
    expect: sellerOnly("/seller-dashboard", 404),
  },
  {
    pattern: "/seller/renew/:listingId",
    method: "GET",
    url: `/seller/renew/${ZERO}`,
    expect: sellerOnly(404),
  },
  {
    pattern: "/seller/renew/:listingId",
    method: "GET",
    target: (t) => t.seller1Listing({ signed: true }),
    url: (v) => `/seller/renew/${v.listingId}`,
    expect: sellerOnly(200, 404),
    contains: { seller: "too early to renew" },
    note: "a seller only reaches their own listings' renewal; a new listing's mandate is 90 days off",
  },
  ...(["sign", "request-pdf", "upload"] as const).map((intent): MatrixRow => ({
    pattern: "/seller/renew/:listingId",
    method: "POST",
    intent,
    target: (t) => t.seller1Listing({ signed: true }),
    url: (v) => `/seller/renew/${v.listingId}`,
    encoding: intent === "upload" ? "multipart" : "form",
    body: () => ({
      intent,
      ...(intent === "sign" ? { accept: "on" } : {}),
      ...(intent === "upload" ? { signedPdf: { file: "pdf" as const } } : {}),
    }),
    expect: sellerOnly(409, 404),
    contains: { seller: "too early to renew", otherSeller: "Listing not found." },
    note: "seller1's new listing reaches the renewal rule (too early: 409); nobody else's renewal reaches it",
  })),
  {
    pattern: "/mandates/:agreementId/pdf",
    method: "GET",
    url: `/mandates/${ZERO}/pdf`,
    expect: anyUser(404),
    note: "unknown: 404",
  },
  {
    pattern: "/mandates/:agreementId/pdf",
    method: "GET",
    target: (t) => t.seller1SignedPdf(),
    url: (v) => `/mandates/${v.agreementId}/pdf`,
    expect: { ...anyUser(404), seller: 200, admin: 200 },
    note: "seller1's signed mandate: only its signer and admins",
  },

  // ---- notifications ----
  { pattern: "/notifications", method: "GET", expect: anyUser(200) },
  {
    pattern: "/notifications",
    method: "POST",
    body: () => ({ id: ZERO }),
    expect: anyUser(200),
    note: "mark one read (ownership in the query)",
  },
  {
    pattern: "/notifications",
    method: "POST",
    intent: "read-all",
    actor: "twin",
    body: () => ({ intent: "read-all" }),
    expect: anyUser(200),
  },
  {
    pattern: "/notifications/stream",
    method: "GET",
    url: "/notifications/stream?once=1",
    expect: anyUser("stream"),
    note: "Server-Sent Events: checked for its content type, not read to the end",
  },

  // ---- admin ----
  { pattern: "/admin", method: "GET", expect: adminOnly(200) },
  moderation("approve"),
  moderation("reject"),
  moderation("mark-sold"),
  moderation("delete"),
  {
    pattern: "/admin",
    method: "POST",
    intent: "approve",
    target: (t) => t.seller1Listing(),
    url: "/admin?index",
    body: (v) => ({ intent: "approve", listingId: v.listingId! }),
    expect: adminOnly(409),
    unchanged: stillPending,
    note: "no approval before the seller signs the mandate",
  },
  { pattern: "/admin/users", method: "GET", expect: adminOnly(200) },
  { pattern: "/admin/users/:userId", method: "GET", url: "/admin/users/no-such-user", expect: adminOnly(404) },
  {
    pattern: "/admin/users/:userId",
    method: "GET",
    target: (t) => t.seller1UserId(),
    url: (v) => `/admin/users/${v.userId}`,
    expect: adminOnly(200),
  },
  adminUserAction("get-email"),
  adminUserAction("reset-password"),
  adminUserAction("ban"),
  adminUserAction("unban", { banned: true }),
  adminUserAction("grant-admin"),
  adminUserAction("revoke-admin", { admin: true }),
  adminUserAction("delete"),
  { pattern: "/admin/messages", method: "GET", expect: adminOnly(200) },
  {
    pattern: "/admin/messages",
    method: "POST",
    intent: "mark-handled",
    body: () => ({ intent: "mark-handled", messageId: ZERO }),
    expect: adminOnly(404),
    note: "no such message (a real one would use up the contact form's per-address limit; admin-inbox.e2e marks one)",
  },
  {
    pattern: "/admin/mailbox",
    method: "POST",
    intent: "retry",
    body: () => ({ intent: "retry", messageId: ZERO }),
    expect: adminOnly(404),
    note: "no such message (the e2e server has no SMTP, so nothing fails there; email-delivery.test drives a real failure)",
  },
  { pattern: "/admin/requests", method: "GET", expect: adminOnly(200) },
  {
    pattern: "/admin/requests",
    method: "POST",
    intent: "set-status",
    target: (t) => t.buyerRequest(),
    body: (v) => ({ intent: "set-status", kind: v.kind!, requestId: v.requestId!, status: "contacted" }),
    expect: adminOnly(200),
    note: "a throwaway buyer's offer",
  },
  { pattern: "/admin/invitations", method: "GET", expect: adminOnly(200) },
  {
    pattern: "/admin/invitations",
    method: "POST",
    body: () => ({ email: unique("matrix-invitee"), fullName: "Matrix Invitee", role: "buyer" }),
    expect: adminOnly(200),
  },
  { pattern: "/admin/audit", method: "GET", expect: adminOnly(200) },
  { pattern: "/admin/revisions/:id", method: "GET", url: `/admin/revisions/${ZERO}`, expect: adminOnly(404) },
  {
    pattern: "/admin/revisions/:id",
    method: "GET",
    target: (t) => t.pendingRevision(),
    url: (v) => `/admin/revisions/${v.revisionId}`,
    expect: adminOnly(200),
  },
  ...adminRevisionIntents.map((intent): MatrixRow => ({
    pattern: "/admin/revisions/:id",
    method: "POST",
    intent,
    target: (t) => t.pendingRevision(),
    url: (v) => `/admin/revisions/${v.revisionId}`,
    body: () => ({ intent, reason: "Matrix" }),
    expect: adminOnly("/admin"),
    unchanged: async (t, v) => ((await t.isRevisionPending(v.revisionId!)) ? null : "the changes were decided"),
    changedBy: ["admin"],
  })),
  {
    pattern: "/admin/listings/:id/edit",
    method: "GET",
    url: `/admin/listings/${ZERO}/edit`,
    expect: adminOnly(404),
  },
  {
    pattern: "/admin/listings/:id/edit",
    method: "GET",
    target: (t) => t.pendingListing(),
    url: (v) => `/admin/listings/${v.listingId}/edit`,
    expect: adminOnly(200),
  },
  {
    pattern: "/admin/listings/:id/edit",
    method: "POST",
    target: (t) => t.pendingListing(),
    url: (v) => `/admin/listings/${v.listingId}/edit`,
    body: () => ({
      title: "Edited by the matrix",
      description: "Edited.",
      price: "1",
      category: "generators",
      isUrgent: "on",
    }),
    expect: adminOnly("/admin"),
    unchanged: async (t, v) => ((await t.listingTitle(v.listingId!)) === v.title ? null : "the title changed"),
    changedBy: ["admin"],
  },
  { pattern: "/email-test", method: "GET", expect: adminOnly(200) },
  ...emailTestIntents.map((intent): MatrixRow => ({
    pattern: "/email-test",
    method: "POST",
    intent,
    body: () => ({ intent, email: unique("matrix-test-mail") }),
    expect: adminOnly(200),
  })),
  { pattern: "/admin-auth-fix", method: "GET", expect: adminOnly(200) },
  {
    pattern: "/admin-auth-fix",
    method: "POST",
    target: (t) => t.user(),
    body: (v) => ({ email: v.email! }),
    expect: adminOnly(200),
    note: "sends a throwaway user a password reset e-mail",
  },
  { pattern: "/admin/mailbox", method: "GET", expect: adminOnly(200) },
  { pattern: "/admin/mailbox/:id", method: "GET", url: `/admin/mailbox/${ZERO}`, expect: adminOnly(404) },
  {
    pattern: "/admin/mailbox/:id",
    method: "GET",
    target: (t) => t.mailWithAttachment(),
    url: (v) => `/admin/mailbox/${v.messageId}`,
    expect: adminOnly(200),
  },
  {
    pattern: "/admin/mailbox/:id/attachments/:index",
    method: "GET",
    url: `/admin/mailbox/${ZERO}/attachments/0`,
    expect: adminOnly(404),
  },
  {
    pattern: "/admin/mailbox/:id/attachments/:index",
    method: "GET",
    target: (t) => t.mailWithAttachment(),
    url: (v) => `/admin/mailbox/${v.messageId}/attachments/0`,
    expect: adminOnly(200),
  },

  // ---- better-auth's own endpoints ----
  { pattern: "/api/auth/*", method: "GET", url: "/api/auth/ok", expect: all(200), note: "health endpoint" },
  {
    pattern: "/api/auth/*",
    method: "GET",
    url: "/api/auth/admin/list-users",
    expect: all(404),
    note: "better-auth's endpoints answer only where the allowlist says (app/lib/auth-edge.server.ts)",
  },
  {
    pattern: "/api/auth/*",
    method: "POST",
    url: "/api/auth/admin/ban-user",
    target: (t) => t.user(),
    body: (v) => ({ userId: v.userId! }),
    encoding: "json",
    expect: all(404),
    unchanged: async (t, v) => ((await t.userPage(v.userId!)).html.includes("Lift Ban") ? "the user was banned" : null),
  },
  {
    pattern: "/api/auth/*",
    method: "POST",
    url: "/api/auth/update-user",
    actor: "twin",
    body: () => ({ name: "Renamed Directly" }),
    encoding: "json",
    expect: all(404),
    note: "profiles change through the app's own forms only",
  },
  {
    pattern: "/api/auth/*",
    method: "POST",
    url: "/api/auth/sign-in/email",
    body: () => ({ email: "admin@demo.machinery.co.za", password: "demo1234" }),
    encoding: "json",
    expect: all(404),
    note: "sign-in goes through /signin only (its rate limits)",
  },
  {
    pattern: "/api/auth/*",
    method: "POST",
    url: "/api/auth/sign-up/email",
    body: () => ({ email: unique("matrix-direct"), password: "Kudu-Grader-2026", name: "Direct" }),
    encoding: "json",
    expect: all(404),
    note: "sign-up goes through /signup only (profile rows in the same transaction)",
  },
  { pattern: "/api/favourites", method: "GET", expect: all(404), note: "POST only" },
  { pattern: "/sitemap.xml", method: "GET", expect: all(200) },
  { pattern: "/robots.txt", method: "GET", expect: all(200) },
  { pattern: "*", method: "GET", url: "/no-such-page", expect: all(404) },

  // ---- the account page, two-factor sign-in, the legal pages, seller pages ----
  { pattern: "/account", method: "GET", expect: anyUser(200) },
  {
    pattern: "/account",
    method: "POST",
    intent: "update-profile",
    body: () => ({ intent: "update-profile", fullName: "", phone: "" }),
    expect: anyUser(400),
    note: "the guard lets anyone signed in through to the form's own checks (valid changes: tests/db/account.test.ts)",
  },
  {
    pattern: "/account",
    method: "POST",
    intent: "change-password",
    body: () => ({
      intent: "change-password",
      currentPassword: "Not-The-Password-1",
      newPassword: "Kudu-Grader-2026x",
      confirmPassword: "Kudu-Grader-2026x",
    }),
    expect: anyUser(400),
    note: "a wrong current password changes nothing (a Google-only account has none)",
  },
  {
    pattern: "/account",
    method: "POST",
    intent: "change-email",
    body: () => ({ intent: "change-email", newEmail: "not-an-address", currentPassword: "x" }),
    expect: anyUser(400),
  },
  {
    pattern: "/account",
    method: "POST",
    intent: "sign-out-session",
    body: () => ({ intent: "sign-out-session", sessionId: "no-such-session" }),
    expect: anyUser(404),
    note: "only one's own sessions: another's id is as unknown as a made-up one",
  },
  {
    pattern: "/account",
    method: "POST",
    intent: "sign-out-others",
    actor: "new",
    body: () => ({ intent: "sign-out-others" }),
    expect: anyUser("/account"),
    note: "ends the actor's other sessions (a new account, so no other cell's session ends)",
  },
  ...(["stop-all-alerts", "watchlist-alerts-off"] as const).map((intent): MatrixRow => ({
    pattern: "/account",
    method: "POST",
    intent,
    actor: "twin",
    body: () => ({ intent }),
    expect: { ...anyUser(403), buyer: "/account", admin: "/account" },
    note: "withdrawing alert consents: buying accounts only (the admin's twin is one)",
  })),
  { pattern: "/account/two-factor", method: "GET", expect: anyUser(200) },
  {
    pattern: "/account/two-factor",
    method: "POST",
    intent: "start",
    actor: "new",
    body: (_v, me) => ({ intent: "start", password: me.password }),
    expect: { ...anyUser("/account/two-factor"), buyerWithoutProfile: 400 },
    note: "setting up takes the password (a Google-only account has none); it takes effect only once a code confirms it",
  },
  {
    pattern: "/account/two-factor",
    method: "POST",
    intent: "cancel",
    body: () => ({ intent: "cancel" }),
    expect: anyUser("/account/two-factor"),
  },
  {
    pattern: "/account/two-factor",
    method: "POST",
    intent: "confirm",
    body: () => ({ intent: "confirm", code: "123456" }),
    expect: anyUser(409),
    note: "nothing is being set up",
  },
  ...(["backup-codes", "disable"] as const).map((intent): MatrixRow => ({
    pattern: "/account/two-factor",
    method: "POST",
    intent,
    body: (_v, me) => ({ intent, password: me.password, code: "123456" }),
    expect: { ...anyUser(409), buyerWithoutProfile: 400 },
    note: "two-factor is not on for these accounts",
  })),
  { pattern: "/signin/two-factor", method: "GET", expect: homes("/signin"), note: "only in the middle of a sign-in" },
  ...(
    [
      ["totp", "123456"],
      ["backup", "ABCDE-12345"],
    ] as const
  ).map(([intent, code]): MatrixRow => ({
    pattern: "/signin/two-factor",
    method: "POST",
    intent,
    body: () => ({ intent, code }),
    expect: homes("/signin"),
    note: "a code without a pending sign-in signs nobody in",
  })),
  { pattern: "/terms", method: "GET", expect: all(200) },
  { pattern: "/privacy", method: "GET", expect: all(200) },
  { pattern: "/about", method: "GET", expect: all(200) },
  { pattern: "/sellers/:id", method: "GET", url: `/sellers/${ZERO}`, expect: all(404) },
  {
    pattern: "/sellers/:id",
    method: "GET",
    url: "/sellers/not-a-seller",
    expect: all(404),
    note: "a malformed id is a 404",
  },
  {
    pattern: "/sellers/:id",
    method: "GET",
    target: (t) => t.seller1Page(),
    url: (v) => `/sellers/${v.sellerId}`,
    expect: all(200),
    note: "a seller's page is public",
  },

  // ---- the account's own data, seller verification ----
  { pattern: "/account/data", method: "GET", expect: anyUser(200) },
  {
    pattern: "/account/data",
    method: "POST",
    intent: "prepare",
    actor: "new",
    body: () => ({ intent: "prepare" }),
    expect: anyUser("/account/data"),
    note: "anyone signed in asks for a copy of their own data (a new account each time: one copy is prepared at a time)",
  },
  { pattern: "/account/data/:id/download", method: "GET", url: `/account/data/${ZERO}/download`, expect: anyUser(404) },
  {
    pattern: "/account/data/:id/download",
    method: "GET",
    target: (t) => t.readyExport(),
    url: (v) => `/account/data/${v.exportId}/download`,
    expect: anyUser(404),
    note: "another account's ready copy: only its owner downloads it",
  },
  { pattern: "/account/delete", method: "GET", expect: anyUser(200) },
  {
    pattern: "/account/delete",
    method: "POST",
    intent: "delete",
    body: () => ({ intent: "delete", password: "Not-The-Password-1", confirmation: "DELETE someone-else@example.com" }),
    expect: anyUser(400),
    contains: { buyer: "Account Not Deleted", seller: "Account Not Deleted", admin: "Account Not Deleted" },
    note: "a phrase that does not name the account deletes nothing",
  },
  {
    pattern: "/account/delete",
    method: "POST",
    intent: "delete",
    actor: "new",
    body: (_v, me) => ({ intent: "delete", password: me.password, confirmation: `DELETE ${me.email}` }),
    expect: anyUser("/"),
    note: "anyone deletes their own account (a new account each time), and only their own",
  },
  { pattern: "/account/verification", method: "GET", expect: sellerOnly(200) },
  {
    pattern: "/account/verification",
    method: "POST",
    intent: "upload",
    actor: "new",
    encoding: "multipart",
    body: () => ({ intent: "upload", kind: "identity", document: { file: "pdf" } }),
    expect: sellerOnly("/account/verification"),
    note: "a seller's own documents (a new seller each time: the demo's seller1 is verified and would go back to review)",
  },
  {
    pattern: "/account/verification",
    method: "POST",
    intent: "submit",
    actor: "twin",
    body: () => ({ intent: "submit" }),
    expect: sellerOnly(400),
    contains: { seller: "Please upload these documents first", otherSeller: "Please upload these documents first" },
    note: "sending for verification needs the documents: the guard lets a seller through to that check",
  },
  {
    pattern: "/verification-documents/:id",
    method: "GET",
    url: `/verification-documents/${ZERO}`,
    expect: anyUser(404),
  },
  {
    pattern: "/verification-documents/:id",
    method: "GET",
    target: (t) => t.sellerDocument(),
    url: (v) => `/verification-documents/${v.documentId}`,
    expect: { ...anyUser(404), admin: 200 },
    note: "private: a throwaway seller's document, for its owner and the admins only",
  },
  { pattern: "/admin/verifications", method: "GET", expect: adminOnly(200) },
  ...(["verify", "reject"] as const).map((intent): MatrixRow => ({
    pattern: "/admin/verifications",
    method: "POST",
    intent,
    target: (t) => t.pendingVerification(),
    body: (v) => ({
      intent,
      sellerUserId: v.sellerUserId!,
      version: v.version!,
      reason: "Matrix: the document is not readable.",
    }),
    expect: adminOnly("/admin/verifications"),
    unchanged: async (t, v) =>
      (await t.isVerificationPending(v.sellerUserId!))
        ? null
        : `the seller was ${intent === "verify" ? "verified" : "rejected"}`,
    changedBy: ["admin"],
  })),

  // ---- these change the actor's own account or end its session (run as twins) ----
  {
    pattern: "/select-role",
    method: "POST",
    actor: "twin",
    body: () => ({ role: "buyer" }),
    expect: { ...homes("/signin"), buyer: "/complete-profile", buyerWithoutProfile: "/complete-profile" },
    note: "the role is chosen once (the same one again is a no-op); a seller's or admin's post is refused (403) and the loader then sends them home",
  },
  {
    pattern: "/complete-profile",
    method: "POST",
    actor: "twin",
    body: (_v, me) => ({ role: "buyer", fullName: me.fullName, commissionAccepted: "on" }),
    expect: { ...homes("/signin"), buyerWithoutProfile: "/buyer-catalog" },
    note: "completes the Google user's profile; a seller or admin cannot become a buyer (403, then sent home)",
  },
  { pattern: "/signout", method: "POST", actor: "twin", body: () => ({}), expect: all("/") },
  {
    pattern: "/account-types",
    method: "POST",
    actor: "twin",
    body: () => ({ need: "buyer" }),
    expect: all("/signup"),
    note: "signs out (a no-op signed out) and opens sign-up for the account needed",
  },
];
