/**
 * Accepting the terms on a real database: every way of creating an account — the e-mail sign-up form, an
 * invitation's form, and a Google account choosing its type (on /select-role or /complete-profile) — records
 * one `terms` consent naming the version, with its source, in the transaction that creates the account or
 * gives it its type. When that transaction fails nothing of either is left; a refused sign-up records
 * nothing; an account that already has its type records nothing more.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, consents, pendingInvitations, profiles, user } from "#db/schema.ts";
import { createInvitation } from "#app/domain/invitation/create-invitation.server.ts";
import { signUpWithInvitation } from "#app/domain/invitation/sign-up-with-invitation.server.ts";
import { completeProfile, selectRole } from "#app/domain/user/complete-profile.server.ts";
import { signUp } from "#app/domain/user/sign-up.server.ts";
import type { SignUpInput } from "#app/domain/user/create-user.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import type { Db } from "#app/lib/db.server.ts";
import { TERMS_CONSENT_DETAIL, TERMS_VERSION, TERMS_VERSION_LABEL } from "#app/lib/legal.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { action as signupAction } from "#app/routes/auth/signup.tsx";
import { action as completeSignupAction } from "#app/routes/auth/complete-signup.tsx";
import { action as selectRoleAction } from "#app/routes/auth/select-role.tsx";
import { action as completeProfileAction } from "#app/routes/auth/complete-profile.tsx";
import { dbLabel, PASSWORD, startTestRuntime, type TestRuntime } from "./support/harness.ts";

let h: TestRuntime;
let admin: Viewer;

beforeAll(async () => {
  h = await startTestRuntime({ rateLimits: false });
  admin = await h.createAdmin();
});
afterAll(() => h.stop());

let seq = 0;
const unique = (prefix: string) => `${prefix}-${++seq}-${Date.now().toString(36)}@legal.test`;

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

const signUpFields = (email: string, role: "buyer" | "seller" = "buyer") => ({
  email,
  password: PASSWORD,
  confirmPassword: PASSWORD,
  role,
  fullName: "Thandi Nkosi",
  phone: "082 555 0101",
  ...(role === "buyer" ? { commissionAccepted: "on" } : {}),
});

const userIdOf = async (email: string) =>
  (await h.rt.db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase())))[0]?.id;
const consentsOf = (userId: string) => h.rt.db.select().from(consents).where(eq(consents.userId, userId));
const countConsents = async () =>
  Number(((await h.rt.db.execute(sql`select count(*)::int as n from consents`)).rows[0] as { n: number }).n);

/** The one terms consent of a new account. */
async function expectTermsConsent(userId: string, source: string) {
  const rows = await consentsOf(userId);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ purpose: "terms", granted: true, detail: TERMS_CONSENT_DETAIL, source });
}

/**
 * The database as the domain gets it, except that inside a transaction writing a consent fails: proves
 * that the account (or its type) is written in the same transaction as the consent.
 */
function failingConsents(db: Db): Db {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== "transaction") return Reflect.get(target, prop, receiver) as unknown;
      return (fn: (tx: unknown) => Promise<unknown>, config?: unknown) =>
        target.transaction(
          (tx) =>
            fn(
              new Proxy(tx, {
                get(t, p, r) {
                  if (p !== "insert") return Reflect.get(t, p, r) as unknown;
                  return (table: unknown) => {
                    if (table === consents) throw new Error("consent not written");
                    return t.insert(table as typeof consents);
                  };
                },
              }),
            ),
          config as never,
        );
    },
  });
}

/** A signed-in account without a type yet: what a Google sign-up is until it chooses one. */
async function roleLessAccount() {
  const email = unique("google");
  const id = randomUUID();
  await h.rt.db.insert(user).values({ id, name: "Gugu Google", email, emailVerified: true });
  await h.rt.db.insert(account).values({
    id: randomUUID(),
    accountId: id,
    providerId: "credential",
    userId: id,
    password: await hashPassword(PASSWORD),
  });
  const cookie = await h.cookieFor(email);
  const viewer: Viewer = {
    userId: id,
    email,
    name: "Gugu Google",
    emailVerified: true,
    role: null,
    fullName: null,
    isAdmin: false,
    hasSellerProfile: false,
    hasBuyerProfile: false,
    commissionAccepted: false,
  };
  return { id, email, cookie, viewer };
}

describe(`terms accepted at sign-up (${dbLabel})`, () => {
  it("names the version it records: the terms of 26 November 2026", () => {
    expect(TERMS_VERSION).toBe("2026-11-26");
    expect(TERMS_VERSION_LABEL).toBe("26 November 2026");
    expect(TERMS_CONSENT_DETAIL).toBe("Terms of use and privacy policy of 26 November 2026");
  });

  it('the e-mail sign-up form records the acceptance with the account, from "sign-up"', async () => {
    for (const role of ["buyer", "seller"] as const) {
      const email = unique(`form-${role}`);
      const answer = await h.call(signupAction, { path: "/signup", body: form(signUpFields(email, role)) });
      expect(answer.status).toBe(200);
      const id = await userIdOf(email);
      expect(id).toBeTruthy();
      await expectTermsConsent(id!, "sign-up");
    }
  });

  it("a refused sign-up (invalid form, an address already registered) records nothing", async () => {
    const before = await countConsents();
    const bad = await h.call(signupAction, {
      path: "/signup",
      body: form({ ...signUpFields(unique("bad")), phone: "" }),
    });
    expect(bad.status).toBe(400);
    const email = unique("twice");
    await h.call(signupAction, { path: "/signup", body: form(signUpFields(email)) });
    const again = await h.call(signupAction, { path: "/signup", body: form(signUpFields(email)) });
    expect(again.status).toBe(409);
    expect(await countConsents()).toBe(before + 1);
  });

  it('an invitation\'s form records it as an "invitation sign-up", on /signup?invitation= and /complete-signup', async () => {
    for (const route of ["/signup", "/complete-signup"] as const) {
      const email = unique(`invited${route.replace("/", "-")}`);
      const sent = await createInvitation({ runtime: h.rt, admin, input: { email, role: "seller" } });
      const body = form({ ...signUpFields(email, "seller"), invitation: sent.token });
      const answer = await h.call(route === "/signup" ? signupAction : completeSignupAction, { path: route, body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(302);
      await expectTermsConsent((await userIdOf(email))!, "invitation sign-up");
    }
  });

  it('a Google account choosing its type on /select-role records it as a "Google sign-up", once', async () => {
    const g = await roleLessAccount();
    expect(await consentsOf(g.id)).toHaveLength(0);
    const answer = await h.call(selectRoleAction, {
      path: "/select-role",
      cookie: g.cookie,
      body: form({ role: "seller" }),
    });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/complete-profile");
    await expectTermsConsent(g.id, "Google sign-up");
    // Completing the profile afterwards (the type is set now) accepts nothing new.
    const done = await h.call(completeProfileAction, {
      path: "/complete-profile",
      cookie: await h.cookieFor(g.email),
      body: form({ role: "seller", fullName: "Gugu Google" }),
    });
    expect(done.status).toBe(302);
    await expectTermsConsent(g.id, "Google sign-up");
  });

  it("a Google account that chooses its type on /complete-profile records it there", async () => {
    const g = await roleLessAccount();
    const answer = await h.call(completeProfileAction, {
      path: "/complete-profile",
      cookie: g.cookie,
      body: form({ role: "buyer", fullName: "Gugu Google", commissionAccepted: "on" }),
    });
    expect(answer.status).toBe(302);
    await expectTermsConsent(g.id, "Google sign-up");
  });

  it("an account that signed up with the form records nothing more when it completes its profile", async () => {
    const p = await h.persona("seller");
    const before = (await consentsOf(p.viewer.userId)).length;
    await completeProfile({
      db: h.rt.db,
      viewer: p.viewer,
      data: { role: "seller", fullName: "Pieter Seller", commissionAccepted: false },
    });
    expect(await consentsOf(p.viewer.userId)).toHaveLength(before);
  });
});

describe(`the acceptance and the account are one transaction (${dbLabel})`, () => {
  const input = (email: string): SignUpInput => ({
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    role: "buyer",
    fullName: "Sipho Atomic",
    phone: "082 555 0102",
    commissionAccepted: true,
  });

  it("e-mail sign-up: when the consent cannot be written there is no account", async () => {
    const email = unique("no-consent");
    const runtime: Runtime = { ...h.rt, db: failingConsents(h.rt.db) };
    await expect(signUp({ runtime, ip: "127.0.0.1", input: input(email) })).rejects.toThrow("consent not written");
    expect(await userIdOf(email)).toBeUndefined();
  });

  it("e-mail sign-up: when the account's transaction fails after the consent (the confirmation e-mail), no consent is left", async () => {
    const email = unique("no-outbox");
    const before = await countConsents();
    const runtime: Runtime = {
      ...h.rt,
      queueEmail: async () => {
        throw new Error("outbox unavailable");
      },
    };
    await expect(signUp({ runtime, ip: "127.0.0.1", input: input(email) })).rejects.toThrow("outbox unavailable");
    expect(await userIdOf(email)).toBeUndefined();
    expect(await countConsents()).toBe(before);
  });

  it("invitation: when the consent cannot be written there is no account and the invitation is still unused", async () => {
    const email = unique("invited-no-consent");
    const sent = await createInvitation({ runtime: h.rt, admin, input: { email, role: "buyer" } });
    const runtime: Runtime = { ...h.rt, db: failingConsents(h.rt.db) };
    await expect(
      signUpWithInvitation({
        runtime,
        request: new Request("http://localhost:3000/complete-signup", { method: "POST" }),
        token: sent.token,
        invitation: { role: "buyer" },
        input: input(email),
      }),
    ).rejects.toThrow("consent not written");
    expect(await userIdOf(email)).toBeUndefined();
    const [row] = await h.rt.db.select().from(pendingInvitations).where(eq(pendingInvitations.id, sent.id));
    expect(row).toMatchObject({ used: false, usedAt: null });
  });

  it("Google: when the consent cannot be written the account has no type", async () => {
    for (const choose of ["select-role", "complete-profile"] as const) {
      const g = await roleLessAccount();
      const db = failingConsents(h.rt.db);
      const attempt =
        choose === "select-role"
          ? selectRole({ db, viewer: g.viewer, role: "seller" })
          : completeProfile({
              db,
              viewer: g.viewer,
              data: { role: "seller", fullName: "Gugu Google", commissionAccepted: false },
            });
      await expect(attempt).rejects.toThrow("consent not written");
      const rows = await h.rt.db
        .select()
        .from(profiles)
        .where(and(eq(profiles.userId, g.id)));
      expect(
        rows.filter((r) => r.role !== null),
        choose,
      ).toHaveLength(0);
      expect(await consentsOf(g.id)).toHaveLength(0);
    }
  });

  it("Google: a refused choice (an admin's account, a type already set otherwise) records nothing", async () => {
    const before = await countConsents();
    await expect(selectRole({ db: h.rt.db, viewer: admin, role: "seller" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect(await countConsents()).toBe(before);
  });
});
