/** Fuzzing the buyers' and sellers' actions and the upload APIs (see fuzz-support.ts for the properties). */
import { afterAll, beforeAll, describe, it } from "vitest";
import * as listingsApi from "#app/routes/api/listings.ts";
import * as favouritesApi from "#app/routes/api/favourites.ts";
import * as buyerDashboard from "#app/routes/buyer/buyer-dashboard.tsx";
import * as listingDetail from "#app/routes/catalog/listing-detail.tsx";
import * as contact from "#app/routes/contact.tsx";
import * as feedback from "#app/routes/feedback.tsx";
import * as notifications from "#app/routes/notifications.tsx";
import * as sellerCreate from "#app/routes/seller/seller-create.tsx";
import * as sellerDashboard from "#app/routes/seller/seller-dashboard.tsx";
import * as sellerMandate from "#app/routes/seller/seller-mandate.tsx";
import { fuzzTarget, RUNS, type Target } from "./fuzz-support.ts";
import { cookieOf, fuzzWorld } from "./fixtures.ts";

let w: Awaited<ReturnType<typeof fuzzWorld>>;
beforeAll(async () => {
  w = await fuzzWorld();
}, 60_000);
afterAll(() => w.h.stop());

const LISTING = {
  title: "Volvo EC220",
  description: "Well kept, 4 200 hours.",
  category: "excavators",
  condition: "used",
  price: "985000",
  location: "Rustenburg",
  isUrgent: "on",
  make: "Volvo",
  model: "EC220DL",
  year: "2018",
  usage: "4200",
  serial: "VCEC220DV00123",
  weightKg: "22000",
  powerKw: "122",
  attachments: "Quick coupler\nGP bucket",
  vat: "exclusive",
};

const targets = (): Target[] => [
  {
    name: "/buyer-dashboard (requests, profile, contact admin)",
    fn: buyerDashboard.action,
    path: "/buyer-dashboard",
    cookie: cookieOf(w.buyer),
    bases: [
      { intent: "offer", listingId: w.listingIds[0]!, offerAmount: "150000", message: "Cash buyer" },
      { intent: "viewing", listingId: w.listingIds[0]!, preferredDate: w.tomorrow, preferredTime: "10:00", message: "Morning" },
      { intent: "quote", quoteType: "finance", details: "36 months" },
      { intent: "contact-admin", subject: "Question", message: "Hello" },
      { intent: "create-buyer-profile", fullName: "Sipho", commissionAccepted: "on" },
    ],
  },
  { name: "/listing/:id (purchase request)", fn: listingDetail.action, path: "/listing/x", params: { id: w.listingIds[0]! }, cookie: cookieOf(w.buyer), bases: [{}] },
  { name: "/api/favourites", fn: favouritesApi.action, path: "/api/favourites", cookie: cookieOf(w.buyer), bases: [{ listingId: w.listingIds[0]!, favourite: "true" }] },
  { name: "/feedback", fn: feedback.action, path: "/feedback", cookie: cookieOf(w.buyer), bases: [{ type: "buyer", rating: "4", comments: "Quick and clear" }] },
  {
    name: "/contact (visitor)",
    fn: contact.action,
    path: "/contact",
    cookie: () => undefined,
    bases: [{ name: "Thandi", email: "thandi@example.co.za", phone: "082 555 1234", subject: "Hire", message: "Do you rent?" }],
  },
  { name: "/notifications", fn: notifications.action, path: "/notifications", cookie: cookieOf(w.seller), bases: [{ intent: "read", id: w.ids[0]! }, { intent: "read-all" }] },
  {
    name: "/seller-dashboard",
    fn: sellerDashboard.action,
    path: "/seller-dashboard",
    cookie: cookieOf(w.seller),
    bases: [{ intent: "delete", listingId: w.listingIds[1]! }, { intent: "contact-admin", subject: "Help", message: "Please call" }],
  },
  { name: "/seller/create", fn: sellerCreate.action, path: "/seller/create", cookie: cookieOf(w.seller), files: ["images"], bases: [LISTING], goodFiles: [w.photo] },
  { name: "/api/listings (upload)", fn: listingsApi.action, path: "/api/listings", cookie: cookieOf(w.seller), files: ["images"], bases: [LISTING], goodFiles: [w.photo] },
  {
    name: "/seller/mandate/:listingId",
    fn: sellerMandate.action,
    path: "/seller/mandate/x",
    params: { listingId: w.listingIds[1]! },
    cookie: cookieOf(w.seller),
    files: ["signedPdf"],
    bases: [{ intent: "sign", accept: "on" }, { intent: "request-pdf" }, { intent: "upload" }],
    goodFiles: [w.pdf],
  },
];

describe(`buyer and seller actions: ${RUNS} generated bodies each, never a 5xx, never a partial write`, () => {
  for (const name of [
    "/buyer-dashboard (requests, profile, contact admin)",
    "/listing/:id (purchase request)",
    "/api/favourites",
    "/feedback",
    "/contact (visitor)",
    "/notifications",
    "/seller-dashboard",
    "/seller/create",
    "/api/listings (upload)",
    "/seller/mandate/:listingId",
  ]) {
    it(name, async () => {
      await fuzzTarget(w.h, targets().find((t) => t.name === name)!, w.ids);
    }, 120_000);
  }
});
