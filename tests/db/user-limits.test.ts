/**
 * Per-user rate limits through the real route actions, counted in
 * the database so they hold across instances: buyer requests, purchase
 * requests, listing uploads, signed-mandate uploads and live-notification
 * connections each stop with a 429 and the clear "too many attempts" message,
 * and the refused attempt writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as buyerDashboardAction } from "#app/routes/buyer/buyer-dashboard.tsx";
import { action as purchaseAction } from "#app/routes/catalog/listing-detail.tsx";
import { action as createListingAction } from "#app/routes/api/listings.ts";
import { loader as streamLoader } from "#app/routes/notifications-stream.ts";
import { TOO_MANY, USER_LIMITS } from "#app/lib/rate-limit.server.ts";
import { type Persona, startTestRuntime, type TestRuntime } from "./support/harness.ts";

let h: TestRuntime;
let buyer: Persona;
let seller: Persona;

beforeAll(async () => {
  h = await startTestRuntime();
  buyer = await h.persona("buyer");
  seller = await h.persona("seller");
});
afterAll(() => h.stop());

const quote = (i: number) => {
  const f = new FormData();
  f.set("intent", "quote");
  f.set("quoteType", "other");
  f.set("details", `Quote number ${i}`);
  return f;
};

describe("per-user limits", () => {
  it(`a buyer may send ${USER_LIMITS.request.limit} requests an hour; the next is refused with 429 and nothing is stored`, async () => {
    for (let i = 0; i < USER_LIMITS.request.limit; i++) {
      const ok = await h.call(buyerDashboardAction, { path: "/buyer-dashboard", body: quote(i), cookie: buyer.cookie });
      expect(ok.status, `request ${i + 1}`).toBe(200);
    }
    const before = await h.rowCounts();
    const refused = await h.call(buyerDashboardAction, { path: "/buyer-dashboard", body: quote(99), cookie: buyer.cookie });
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.body)).toContain(TOO_MANY);
    const after = await h.rowCounts();
    expect({ ...after, rate_limits: 0 }).toEqual({ ...before, rate_limits: 0 });
    // Another buyer is not affected.
    const other = await h.persona("buyer");
    expect((await h.call(buyerDashboardAction, { path: "/buyer-dashboard", body: quote(1), cookie: other.cookie })).status).toBe(200);
  });

  it("purchase requests stop after the limit with 429", async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= USER_LIMITS.purchase.limit; i++) {
      // Unknown listings: each attempt counts, none is stored.
      const r = await h.call(purchaseAction, {
        path: "/listing/00000000-0000-0000-0000-000000000000",
        params: { id: "00000000-0000-0000-0000-000000000000" },
        body: new FormData(),
        cookie: buyer.cookie,
      });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, -1).every((s) => s !== 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("listing uploads stop after the limit with a JSON 429", async () => {
    let last = { status: 0, body: {} as unknown };
    for (let i = 0; i <= USER_LIMITS.upload.limit; i++) {
      const f = new FormData();
      f.set("title", ""); // invalid: refused with 400 until the limit, then 429
      last = await h.call(createListingAction, { path: "/api/listings", body: f, cookie: seller.cookie });
      if (i < USER_LIMITS.upload.limit) expect(last.status).toBe(400);
    }
    expect(last.status).toBe(429);
    expect((last.body as { message: string }).message).toBe(TOO_MANY);
  });

  it("live-notification connections are limited per minute", async () => {
    const other = await h.persona("seller");
    const statuses: number[] = [];
    for (let i = 0; i <= USER_LIMITS.stream.limit; i++) {
      const r = await h.call(streamLoader, { path: "/notifications/stream?once=1", method: "GET", cookie: other.cookie });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
