/**
 * An admin sends a password reset from /admin-auth-fix (a typed address) or
 * from a user's page: one domain path, so both send the reset e-mail and both
 * leave an audit row naming the admin; a non-admin is refused on either.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { action as authFixAction } from "#app/routes/admin/admin-auth-fix.tsx";
import { action as adminUserAction } from "#app/routes/admin/admin-user.tsx";
import { type Persona, startTestRuntime, type TestRuntime } from "./support/harness.ts";

let h: TestRuntime;
let admin: Persona;
let seller: Persona;
let buyer: Persona;

beforeAll(async () => {
  h = await startTestRuntime({ rateLimits: false });
  admin = await h.persona("admin");
  seller = await h.persona("seller");
  buyer = await h.persona("buyer");
});
afterAll(() => h.stop());

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

const resetAudits = (targetId: string) =>
  h.rt.db
    .select()
    .from(s.auditEvents)
    .where(and(eq(s.auditEvents.action, "user.password_reset_sent"), eq(s.auditEvents.entityId, targetId)));

const resetMails = async (to: string) =>
  (await h.rt.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, to))).filter((m) =>
    /reset/i.test(m.subject),
  ).length;

describe("admin password reset", () => {
  it("from a user's page sends the reset e-mail and writes the audit row", async () => {
    const answer = await h.call(adminUserAction, {
      path: `/admin/users/${seller.viewer.userId}`,
      params: { userId: seller.viewer.userId },
      body: form({ intent: "reset-password" }),
      cookie: admin.cookie,
    });
    expect(answer.status).toBe(200);
    const rows = await resetAudits(seller.viewer.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actorUserId).toBe(admin.viewer.userId);
    expect(await resetMails(seller.viewer.email)).toBe(1);
  });

  it("from /admin-auth-fix takes the same path: e-mail and audit row", async () => {
    const answer = await h.call(authFixAction, {
      path: "/admin-auth-fix",
      body: form({ email: buyer.viewer.email.toUpperCase() }),
      cookie: admin.cookie,
    });
    expect(answer.status).toBe(200);
    expect(await resetAudits(buyer.viewer.userId)).toHaveLength(1);
    expect(await resetMails(buyer.viewer.email)).toBe(1);
  });

  it("is refused to a non-admin on either page, with nothing sent or written", async () => {
    const other = await h.persona("seller");
    for (const [fn, path, body, params] of [
      [adminUserAction, `/admin/users/${other.viewer.userId}`, form({ intent: "reset-password" }), { userId: other.viewer.userId }],
      [authFixAction, "/admin-auth-fix", form({ email: other.viewer.email }), {}],
    ] as const) {
      const answer = await h.call(fn, { path, body, params, cookie: seller.cookie });
      expect(answer.status).toBe(302);
    }
    expect(await resetAudits(other.viewer.userId)).toHaveLength(0);
    expect(await resetMails(other.viewer.email)).toBe(0);
  });
});
