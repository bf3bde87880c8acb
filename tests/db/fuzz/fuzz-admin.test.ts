/** Fuzzing the admin's actions (see fuzz-support.ts for the properties). */
import { afterAll, beforeAll, describe, it } from "vitest";
import * as adminAuthFix from "#app/routes/admin/admin-auth-fix.tsx";
import * as adminInvitations from "#app/routes/admin/admin-invitations.tsx";
import * as adminListingEdit from "#app/routes/admin/admin-listing-edit.tsx";
import * as adminListings from "#app/routes/admin/admin-listings.tsx";
import * as adminMessages from "#app/routes/admin/admin-messages.tsx";
import * as adminRequests from "#app/routes/admin/admin-requests.tsx";
import * as adminUser from "#app/routes/admin/admin-user.tsx";
import * as emailTest from "#app/routes/admin/email-test.tsx";
import { fuzzTarget, RUNS, type Target } from "./fuzz-support.ts";
import { cookieOf, fuzzWorld } from "./fixtures.ts";

let w: Awaited<ReturnType<typeof fuzzWorld>>;
beforeAll(async () => {
  w = await fuzzWorld();
}, 60_000);
afterAll(() => w.h.stop());

const targets = (): Target[] => [
  {
    name: "/admin (moderation)",
    fn: adminListings.action,
    path: "/admin?index",
    cookie: cookieOf(w.admin),
    bases: ["approve", "reject", "mark-sold", "delete"].flatMap((intent) => w.listingIds.map((listingId) => ({ intent, listingId }))),
  },
  {
    name: "/admin/users/:userId",
    fn: adminUser.action,
    path: "/admin/users/x",
    params: { userId: w.buyer.viewer.userId },
    cookie: cookieOf(w.admin),
    bases: [{ intent: "get-email" }, { intent: "ban", reason: "Spam" }, { intent: "unban" }, { intent: "grant-admin" }, { intent: "delete", confirmation: "DELETE" }],
  },
  { name: "/admin/users/:userId (garbage id)", fn: adminUser.action, path: "/admin/users/x", params: { userId: "'; drop table user; --" }, cookie: cookieOf(w.admin), bases: [{ intent: "ban" }] },
  {
    name: "/admin/listings/:id/edit",
    fn: adminListingEdit.action,
    path: "/admin/listings/x/edit",
    params: { id: w.listingIds[0]! },
    cookie: cookieOf(w.admin),
    bases: [
      { title: "CAT 320", description: "Good machine", price: "150000", category: "excavators", isUrgent: "on", isBargain: "on" },
      { title: "CAT 320", price: "150000", category: "excavators", make: "other", makeOther: "cat", model: "320", year: "2015", usage: "7000", vat: "none", serial: "ABC-123" },
    ],
  },
  { name: "/admin/messages", fn: adminMessages.action, path: "/admin/messages", cookie: cookieOf(w.admin), bases: [{ intent: "mark-handled", messageId: w.ids[0]! }] },
  {
    name: "/admin/requests",
    fn: adminRequests.action,
    path: "/admin/requests",
    cookie: cookieOf(w.admin),
    bases: [{ intent: "set-status", kind: "offer", requestId: w.ids[0]!, status: "contacted" }],
  },
  { name: "/admin/invitations", fn: adminInvitations.action, path: "/admin/invitations", cookie: cookieOf(w.admin), bases: [{ email: "new@example.co.za", role: "seller" }] },
  { name: "/admin-auth-fix", fn: adminAuthFix.action, path: "/admin-auth-fix", cookie: cookieOf(w.admin), bases: [{ email: "someone@example.co.za" }] },
  { name: "/email-test", fn: emailTest.action, path: "/email-test", cookie: cookieOf(w.admin), bases: [{ intent: "submit", email: "someone@example.co.za" }] },
];

describe(`admin actions: ${RUNS} generated bodies each, never a 5xx, never a partial write`, () => {
  for (const name of [
    "/admin (moderation)",
    "/admin/users/:userId",
    "/admin/users/:userId (garbage id)",
    "/admin/listings/:id/edit",
    "/admin/messages",
    "/admin/requests",
    "/admin/invitations",
    "/admin-auth-fix",
    "/email-test",
  ]) {
    it(name, async () => {
      await fuzzTarget(w.h, targets().find((t) => t.name === name)!, w.ids);
    }, 120_000);
  }
});
