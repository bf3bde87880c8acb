/**
 * The auth edge: better-auth's own HTTP endpoints answer only where the
 * allowlist says so; admin rights come from admin_access alone; auth e-mails
 * are limited per account whichever path asks; a new password ends every
 * outstanding reset link and every session.
 */
import { and, eq, like, sql } from "drizzle-orm";
import { admin as adminPlugin, genericOAuth } from "better-auth/plugins";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema.ts";
import * as authApi from "#app/routes/api/auth.ts";
import * as adminUsers from "#app/routes/admin/admin-users.tsx";
import * as signup from "#app/routes/auth/signup.tsx";
import { createUser } from "#app/domain/user/create-user.server.ts";
import { requestPasswordReset, resetPassword, signInWithPassword } from "#app/domain/user/sign-in.server.ts";
import { getConfirmationCooldown } from "#app/domain/user/confirmation-cooldown.server.ts";
import { resendConfirmation } from "#app/domain/user/resend-confirmation.server.ts";
import { AUTH_EMAILS_PER_ACCOUNT_HOUR } from "#app/lib/auth.server.ts";
import { AUTH_HTTP_ALLOWLIST, isAllowedAuthRequest } from "#app/lib/auth-edge.server.ts";
import { BASE, PASSWORD, refusal, startTestRuntime, type TestRuntime } from "./support/harness.ts";

let h: TestRuntime;
beforeAll(async () => {
  h = await startTestRuntime();
}, 60_000);
afterAll(() => h.stop());

type Endpoint = { path?: string; options?: { method?: string | string[] } };

/**
 * Every endpoint better-auth would serve, read from the library: the app's instance, Google's plugin (generic
 * OAuth; today it adds none of its own, it uses the core /callback/:id) and the admin plugin the app does not use.
 */
function everyAuthEndpoint() {
  const google = genericOAuth({
    config: [{ providerId: "google", clientId: "id", clientSecret: "secret", discoveryUrl: "http://127.0.0.1:9/x" }],
  });
  const endpoints = [
    ...Object.values(h.rt.auth.api),
    ...Object.values((google as { endpoints?: object }).endpoints ?? {}),
    ...Object.values(adminPlugin().endpoints),
  ] as unknown as Endpoint[];
  const found: { method: string; path: string }[] = [];
  for (const e of endpoints) {
    if (!e.path) continue; // server-only helpers have no path
    const methods = e.options?.method === "*" ? ["GET", "POST"] : [e.options?.method ?? "GET"].flat();
    for (const method of methods)
      found.push({ method, path: e.path.replace(/:(\w+)/g, (_, name: string) => (name === "id" ? "google" : "x")) });
  }
  return found;
}

describe("better-auth's endpoints over HTTP", () => {
  it("answer 404 unless allowlisted (the whole list, so a new version's endpoints are covered)", async () => {
    const endpoints = everyAuthEndpoint();
    // The library's list really is walked: its sign-in, sign-up, password and admin endpoints are among them.
    for (const p of [
      "/sign-in/email",
      "/sign-up/email",
      "/change-password",
      "/update-user",
      "/request-password-reset",
      "/admin/list-users",
      "/admin/impersonate-user",
      "/admin/set-user-password",
      "/admin/create-user",
      "/admin/ban-user",
    ]) {
      expect(endpoints.map((e) => e.path)).toContain(p);
    }
    expect(endpoints.length).toBeGreaterThan(40);
    const open: string[] = [];
    for (const { method, path } of endpoints) {
      const url = `/api/auth${path}`;
      const answer = await h.call(method === "GET" ? authApi.loader : authApi.action, {
        path: url,
        method,
        body: method === "GET" ? undefined : JSON.stringify({ email: "a@b.co", password: "password" }),
        headers: { "content-type": "application/json", origin: BASE },
      });
      if (isAllowedAuthRequest(method, url)) expect(answer.status, `${method} ${url}`).not.toBe(404);
      else if (answer.status !== 404) open.push(`${method} ${url} → ${answer.status}`);
    }
    expect(open).toEqual([]);
    // Nothing in the allowlist beyond the two e-mail links, the OAuth return, the health check and the error page.
    expect(AUTH_HTTP_ALLOWLIST.map((e) => `${e.method} ${e.path.source}`)).toHaveLength(6);
  });

  it("a signed-in admin cannot use the admin plugin's endpoints either (list, set password, ban, impersonate, create)", async () => {
    const admin = await h.persona("admin");
    const victim = await h.persona("buyer");
    const calls = [
      { method: "GET", path: "/api/auth/admin/list-users" },
      {
        method: "POST",
        path: "/api/auth/admin/set-user-password",
        body: { userId: victim.viewer.userId, newPassword: "Taken-Over-2026" },
      },
      { method: "POST", path: "/api/auth/admin/ban-user", body: { userId: victim.viewer.userId } },
      { method: "POST", path: "/api/auth/admin/impersonate-user", body: { userId: victim.viewer.userId } },
      {
        method: "POST",
        path: "/api/auth/admin/create-user",
        body: { email: "made@example.co.za", password: "password", name: "Made", role: "admin" },
      },
      {
        method: "POST",
        path: "/api/auth/change-password",
        body: { currentPassword: PASSWORD, newPassword: "12345678" },
      },
      {
        method: "POST",
        path: "/api/auth/update-user",
        body: { name: "x".repeat(200_000), image: "javascript:alert(1)" },
      },
      { method: "POST", path: "/api/auth/update-user", body: { name: "a\u0000b" } },
      {
        method: "POST",
        path: "/api/auth/reset-password",
        body: { token: "abc\u0000", newPassword: "Kudu-Grader-2026" },
      },
      { method: "POST", path: "/api/auth/sign-in/email", body: { email: victim.viewer.email, password: PASSWORD } },
    ];
    const before = await h.rowCounts();
    for (const c of calls) {
      const answer = await h.call(c.method === "GET" ? authApi.loader : authApi.action, {
        path: c.path,
        method: c.method,
        cookie: admin.cookie,
        body: c.body ? JSON.stringify(c.body) : undefined,
        headers: { "content-type": "application/json", origin: BASE },
      });
      expect(answer.status, c.path).toBe(404);
    }
    expect(await h.rowCounts()).toEqual(before);
    const [u] = await h.rt.db.select().from(schema.user).where(eq(schema.user.id, victim.viewer.userId));
    expect(u!.banned).toBe(false);
    expect(u!.name).toBe("Test buyer");
  });

  it("the allowlisted endpoints still answer: health check, verification link, OAuth return", async () => {
    expect((await h.call(authApi.loader, { path: "/api/auth/ok", method: "GET" })).status).toBe(200);
    // An invalid verification token with a callback goes back to the app with the error, as before.
    const verify = await h.call(authApi.loader, {
      path: "/api/auth/verify-email?token=nope&callbackURL=%2Fauth%2Fcallback",
      method: "GET",
    });
    expect(verify.status).toBe(302);
    expect(verify.location).toContain("error=");
    // A link that lost its way back (cut short by a mail program) gets a page, not better-auth's JSON.
    const cut = await h.call(authApi.loader, { path: "/api/auth/verify-email?token=nope", method: "GET" });
    expect(cut.status).toBe(400);
    expect(String(cut.body)).toContain("This link is invalid or has expired");
    // A redirect target that is not a path on this site is refused here (better-auth answered 500 for "M").
    for (const target of ["M", "https://evil.example/", "//evil.example"]) {
      const refused = await h.call(authApi.loader, {
        path: `/api/auth/verify-email?token=M&callbackURL=${encodeURIComponent(target)}`,
        method: "GET",
      });
      expect(refused.status, target).toBe(400);
    }
  });
});

describe("one admin model", () => {
  it("admin rights come from an active admin_access row alone: a removed admin signing in again is refused, and no other flag is left to grant them", async () => {
    const admin = await h.persona("admin");
    expect(
      (await h.call(adminUsers.loader, { path: "/admin/users", method: "GET", cookie: admin.cookie })).status,
    ).toBe(200);
    await h.rt.db
      .update(schema.adminAccess)
      .set({ isActive: false })
      .where(eq(schema.adminAccess.userId, admin.viewer.userId));
    const answer = await h.call(adminUsers.loader, { path: "/admin/users", method: "GET", cookie: admin.cookie });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/");
    const columns = await h.rt.db.execute(
      sql`select column_name from information_schema.columns where table_schema = 'public' and table_name in ('user', 'session')`,
    );
    const names = columns.rows.map((r) => (r as { column_name: string }).column_name);
    expect(names).toContain("banned");
    expect(names).not.toContain("role");
    expect(names).not.toContain("impersonated_by");
  });

  it("a banned account gets no session, even with the right password", async () => {
    const buyer = await h.persona("buyer");
    await h.rt.db.update(schema.user).set({ banned: true }).where(eq(schema.user.id, buyer.viewer.userId));
    const sessions = () => h.rt.db.select().from(schema.session).where(eq(schema.session.userId, buyer.viewer.userId));
    const before = (await sessions()).length;
    const error = await refusal(
      signInWithPassword({
        runtime: h.rt,
        email: buyer.viewer.email,
        password: PASSWORD,
        request: new Request(`${BASE}/signin`, { method: "POST" }),
      }),
    );
    expect(error.title).toBe("Account Suspended");
    expect(await sessions()).toHaveLength(before);
  });
});

const resetMails = (email: string) =>
  h.rt.db
    .select({ text: schema.emailOutbox.text })
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.toAddress, email), like(schema.emailOutbox.subject, "%eset%")));

const tokenOf = (text: string) =>
  /reset-password\/([A-Za-z0-9]+)/.exec(text)?.[1] ?? /token=([A-Za-z0-9]+)/.exec(text)?.[1];

describe("password reset", () => {
  it(`sends at most ${AUTH_EMAILS_PER_ACCOUNT_HOUR} reset e-mails an hour to one account, from any number of addresses`, async () => {
    const buyer = await h.persona("buyer");
    // The form says "too many" past the limit; whichever path asks, no more e-mails go out.
    for (let i = 0; i < 9; i++)
      await requestPasswordReset({ runtime: h.rt, email: buyer.viewer.email, ip: `198.51.100.${i}` }).catch(() => {});
    expect(await resetMails(buyer.viewer.email)).toHaveLength(AUTH_EMAILS_PER_ACCOUNT_HOUR);
  });

  it("a new password ends every outstanding reset link and every session", async () => {
    const buyer = await h.persona("buyer");
    await requestPasswordReset({ runtime: h.rt, email: buyer.viewer.email, ip: "203.0.113.1" });
    await requestPasswordReset({ runtime: h.rt, email: buyer.viewer.email, ip: "203.0.113.2" });
    const tokens = (await resetMails(buyer.viewer.email)).map((m) => tokenOf(m.text));
    expect(tokens).toHaveLength(2);
    expect(tokens.every(Boolean)).toBe(true);
    await resetPassword({ runtime: h.rt, token: tokens[1]!, password: "Fresh-Grader-2026" });
    const stale = await refusal(resetPassword({ runtime: h.rt, token: tokens[0]!, password: "Other-Grader-2026" }));
    expect(stale.title).toBe("Invalid Reset Link");
    expect(
      await h.rt.db.select().from(schema.session).where(eq(schema.session.userId, buyer.viewer.userId)),
    ).toHaveLength(0);
    // The account's address is told the password was set anew.
    const notices = await h.rt.db
      .select({ text: schema.emailOutbox.text })
      .from(schema.emailOutbox)
      .where(
        and(
          eq(schema.emailOutbox.toAddress, buyer.viewer.email),
          eq(schema.emailOutbox.template, "password-changed-notice"),
        ),
      );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain("was set anew from a reset link");
  });
});

describe("confirmation e-mails", () => {
  const confirmationMails = (email: string) =>
    h.rt.db
      .select()
      .from(schema.emailOutbox)
      .where(and(eq(schema.emailOutbox.toAddress, email), like(schema.emailOutbox.subject, "Confirm your%")));
  /** Moves the cool-down of an address into the past, as if its seconds had gone by. */
  const passCooldown = (email: string) =>
    h.rt.db.execute(
      sql`update rate_limits set window_start = now() - interval '1 hour' where key = ${`verify-email:cooldown:${email}`}`,
    );
  const signUp = (email: string) =>
    createUser({
      runtime: h.rt,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role: "buyer",
      fullName: "Unconfirmed",
      phone: "082 000 0000",
    });

  it("an unconfirmed account's sign-ins send nothing by themselves", async () => {
    const email = "unconfirmed@example.co.za";
    await signUp(email);
    for (let i = 0; i < 3; i++) {
      const error = await refusal(
        signInWithPassword({
          runtime: h.rt,
          email,
          password: PASSWORD,
          request: new Request(`${BASE}/signin`, { method: "POST" }),
          ip: `192.0.2.${i}`,
        }),
      );
      expect(error.title).toBe("Email Not Verified");
    }
    expect(await confirmationMails(email)).toHaveLength(1); // the sign-up's own
  });

  it("a resend waits for the cool-down from the last e-mail, then sends one; at most the hourly limit in all", async () => {
    const email = "resender@example.co.za";
    await signUp(email);
    const early = await resendConfirmation({ runtime: h.rt, email, ip: "192.0.2.50" });
    expect(early).toMatchObject({ sent: false, reason: "cooldown" });
    expect(early.retryAfterSeconds).toBeGreaterThan(0);
    expect(early.retryAfterSeconds).toBeLessThanOrEqual(h.rt.env.CONFIRMATION_RESEND_COOLDOWN_SECONDS);
    expect(await getConfirmationCooldown({ runtime: h.rt, email })).toBeGreaterThan(0);
    expect(await confirmationMails(email)).toHaveLength(1);

    const answers = [];
    for (let i = 0; i < AUTH_EMAILS_PER_ACCOUNT_HOUR + 1; i++) {
      await passCooldown(email);
      answers.push(await resendConfirmation({ runtime: h.rt, email: email.toUpperCase(), ip: "192.0.2.51" }));
    }
    // The sign-up's e-mail counts: four more, then "try again later" (in minutes, not seconds).
    expect(answers.slice(0, AUTH_EMAILS_PER_ACCOUNT_HOUR - 1).every((a) => a.sent)).toBe(true);
    expect(answers.at(-1)).toMatchObject({ sent: false, reason: "hourly" });
    expect(answers.at(-1)!.retryAfterSeconds).toBeGreaterThan(60);
    expect(await confirmationMails(email)).toHaveLength(AUTH_EMAILS_PER_ACCOUNT_HOUR);
    // Each link confirms this account.
    const [latest] = (await confirmationMails(email)).sort((a, b) => +b.createdAt - +a.createdAt);
    expect(latest!.text).toContain("/api/auth/verify-email?token=");
  });

  it("answers an unknown or confirmed address exactly as an unconfirmed one, and sends it nothing", async () => {
    const confirmed = await h.persona("buyer");
    for (const email of ["nobody-here@example.co.za", confirmed.viewer.email]) {
      expect(await resendConfirmation({ runtime: h.rt, email, ip: "192.0.2.60" })).toEqual({
        sent: true,
        retryAfterSeconds: h.rt.env.CONFIRMATION_RESEND_COOLDOWN_SECONDS,
      });
      expect(await resendConfirmation({ runtime: h.rt, email, ip: "192.0.2.60" })).toMatchObject({
        sent: false,
        reason: "cooldown",
      });
      expect(await confirmationMails(email)).toHaveLength(0);
    }
  });
});

describe("sign-up", () => {
  it("one address is tried at most 5 times an hour, whatever each attempt says", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const body = new FormData();
      for (const [k, v] of Object.entries({
        email: "Repeated@Example.co.za",
        password: "Kudu-Grader-2026",
        confirmPassword: "Kudu-Grader-2026",
        role: "buyer",
        fullName: "Repeat",
        phone: "082 555 1234",
        commissionAccepted: "on",
      }))
        body.set(k, v);
      statuses.push((await h.call(signup.action, { path: "/signup", body })).status);
    }
    expect(statuses[0]).toBe(200); // created (the confirmation e-mail goes out)
    expect(statuses.slice(1, 5)).toEqual([409, 409, 409, 409]); // "Account Already Exists"
    expect(statuses[5]).toBe(429);
  });
});
