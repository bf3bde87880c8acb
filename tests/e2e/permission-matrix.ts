/**
 * Roles × routes → expected outcome. Every path in app/routes.ts must have a
 * row (tests/unit/permission-matrix.test.ts fails otherwise); the browser suite
 * (permission-matrix.e2e.ts) checks each cell against the running app.
 *
 * Outcomes: "ok" = 200; "404"; "stream" = 200 text/event-stream; or a path the request is redirected to.
 */
export type Persona = "visitor" | "buyer" | "seller" | "admin";
export type Outcome = "ok" | "404" | "stream" | `/${string}`;

export type MatrixRow = {
  /** The route pattern exactly as in app/routes.ts. */
  pattern: string;
  /** A concrete URL to request (defaults to the pattern). */
  url?: string;
  expect: Record<Persona, Outcome>;
  /** Why a row is not a plain page (API, action-only...). */
  note?: string;
};

const all = (o: Outcome): Record<Persona, Outcome> => ({ visitor: o, buyer: o, seller: o, admin: o });

export const PERMISSION_MATRIX: MatrixRow[] = [
  { pattern: "/", expect: all("ok") },
  { pattern: "/auth", expect: { visitor: "/signin", buyer: "/buyer-catalog", seller: "/seller-dashboard", admin: "/admin" } },
  { pattern: "/auth/callback", expect: all("ok") },
  { pattern: "/signin", expect: { visitor: "ok", buyer: "/buyer-catalog", seller: "/seller-dashboard", admin: "/admin" } },
  { pattern: "/signup", expect: { visitor: "ok", buyer: "/buyer-catalog", seller: "/seller-dashboard", admin: "/admin" } },
  { pattern: "/reset-password", expect: all("/signin"), note: "without a token" },
  {
    pattern: "/complete-profile",
    expect: { visitor: "/signin", buyer: "/buyer-catalog", seller: "/seller-dashboard", admin: "/admin" },
  },
  {
    pattern: "/select-role",
    expect: { visitor: "/signin", buyer: "/buyer-catalog", seller: "/seller-dashboard", admin: "/admin" },
  },
  {
    pattern: "/complete-signup",
    expect: { visitor: "/signin", buyer: "/buyer-catalog", seller: "/seller-dashboard", admin: "/admin" },
    note: "only for a user who arrived through an invitation link",
  },
  { pattern: "/signout", expect: all("/"), note: "GET goes home; POST signs out" },
  { pattern: "/equipment", expect: all("ok") },
  { pattern: "/buyer-catalog", expect: all("ok") },
  { pattern: "/catalog", expect: all("ok") },
  { pattern: "/parts", expect: all("ok") },
  {
    pattern: "/listing/:id",
    url: "/listing/00000000-0000-0000-0000-000000000000",
    expect: all("404"),
    note: "public listings only; the page itself is public",
  },
  {
    pattern: "/listing/:id",
    url: `/listing/${"-".repeat(36)}`,
    expect: all("404"),
    note: "a malformed id is a 404, never a database error",
  },
  { pattern: "/watchlist", expect: { visitor: "/signin", buyer: "ok", seller: "ok", admin: "ok" } },
  {
    pattern: "/buyer-dashboard",
    expect: { visitor: "/signin", buyer: "ok", seller: "/seller-dashboard", admin: "/signup" },
    note: "spec §2: sellers to their dashboard, other roles to /signup",
  },
  { pattern: "/feedback", expect: { visitor: "/signin", buyer: "ok", seller: "ok", admin: "ok" } },
  { pattern: "/contact", expect: all("ok") },
  { pattern: "/seller-dashboard", expect: { visitor: "/signin", buyer: "/", seller: "ok", admin: "/" } },
  { pattern: "/seller/create", expect: { visitor: "/signin", buyer: "/", seller: "ok", admin: "/" } },
  {
    pattern: "/seller/mandate/:listingId",
    url: "/seller/mandate/00000000-0000-0000-0000-000000000000",
    expect: { visitor: "/signin", buyer: "/", seller: "404", admin: "/" },
    note: "a seller only reaches their own listings' mandates (others: 404)",
  },
  {
    pattern: "/mandates/:agreementId/pdf",
    url: "/mandates/00000000-0000-0000-0000-000000000000/pdf",
    expect: { visitor: "/signin", buyer: "404", seller: "404", admin: "404" },
    note: "only the signer and admins; unknown or someone else's: 404",
  },
  { pattern: "/notifications", expect: { visitor: "/signin", buyer: "ok", seller: "ok", admin: "ok" } },
  {
    pattern: "/notifications/stream",
    url: "/notifications/stream?once=1",
    expect: { visitor: "/signin", buyer: "stream", seller: "stream", admin: "stream" },
    note: "Server-Sent Events: checked for its content type, not read to the end",
  },
  { pattern: "/admin", expect: { visitor: "/signin", buyer: "/", seller: "/", admin: "ok" } },
  { pattern: "/admin/users", expect: { visitor: "/signin", buyer: "/", seller: "/", admin: "ok" } },
  {
    pattern: "/admin/users/:userId",
    url: "/admin/users/no-such-user",
    expect: { visitor: "/signin", buyer: "/", seller: "/", admin: "404" },
  },
  { pattern: "/admin/messages", expect: { visitor: "/signin", buyer: "/", seller: "/", admin: "ok" } },
  { pattern: "/admin/requests", expect: { visitor: "/signin", buyer: "/", seller: "/", admin: "ok" } },
  { pattern: "/admin/invitations", expect: { visitor: "/signin", buyer: "/", seller: "/", admin: "ok" } },
  { pattern: "/admin/audit", expect: { visitor: "/signin", buyer: "/", seller: "/", admin: "ok" } },
  {
    pattern: "/admin/listings/:id/edit",
    url: "/admin/listings/00000000-0000-0000-0000-000000000000/edit",
    expect: { visitor: "/signin", buyer: "/", seller: "/", admin: "404" },
  },
  { pattern: "/email-test", expect: { visitor: "/signin", buyer: "/", seller: "/", admin: "ok" } },
  { pattern: "/admin-auth-fix", expect: { visitor: "/signin", buyer: "/", seller: "/", admin: "ok" } },
  { pattern: "/admin/mailbox", expect: { visitor: "/signin", buyer: "/", seller: "/", admin: "ok" } },
  {
    pattern: "/admin/mailbox/:id",
    url: "/admin/mailbox/00000000-0000-0000-0000-000000000000",
    expect: { visitor: "/signin", buyer: "/", seller: "/", admin: "404" },
  },
  {
    pattern: "/admin/mailbox/:id/attachments/:index",
    url: "/admin/mailbox/00000000-0000-0000-0000-000000000000/attachments/0",
    expect: { visitor: "/signin", buyer: "/", seller: "/", admin: "404" },
  },
  { pattern: "/api/auth/*", url: "/api/auth/ok", expect: all("ok"), note: "better-auth health endpoint" },
  { pattern: "/api/listings", expect: all("404"), note: "POST only (see listing-permissions.e2e.ts)" },
  { pattern: "/api/favourites", expect: all("404"), note: "POST only" },
  { pattern: "/sitemap.xml", expect: all("ok") },
  { pattern: "/robots.txt", expect: all("ok") },
  { pattern: "*", url: "/no-such-page", expect: all("404") },
];
