/**
 * /account on a real database, through its loader and action: the profile form writes every copy of the
 * name, phone, company and website (the admin's user page reads them back) with an audit row, and bad input
 * writes nothing; the password changes only with the right current password (wrong ones counted and, past
 * the limit, refused), ends every other session and keeps this device signed in with a new cookie; the
 * e-mail changes only once the link sent to the new address is followed (better-auth's verify-email behind
 * the app's /api/auth route), then the profile's copy follows; an address in use is answered like a free
 * one; the sessions list marks this device, and signing out another device (never someone else's) or every
 * other one works; withdrawing alert consents writes the log and stops the alerts.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { action, loader } from "#app/routes/account/account.tsx";
import * as authApi from "#app/routes/api/auth.ts";
import { saveSearch } from "#app/domain/saved-search/save-search.server.ts";
import { setWatchlistAlerts } from "#app/domain/alert/alert-settings.server.ts";
import { ACCOUNT_MESSAGES } from "#app/domain/user/account-schemas.ts";
import { MESSAGES } from "#app/domain/user/auth-schemas.ts";
import { syncChangedEmail } from "#app/domain/user/change-email.server.ts";
import { changePassword } from "#app/domain/user/change-password.server.ts";
import { readToasts } from "#app/lib/toast.server.ts";
import { describeDevice } from "#app/domain/user/sessions.server.ts";
import { getUserDetails } from "#app/domain/user/find-users.server.ts";
import { findVerificationQueue } from "#app/domain/verification/find-verifications.server.ts";
import { signInWithPassword } from "#app/domain/user/sign-in.server.ts";
import { TOO_MANY } from "#app/lib/rate-limit.server.ts";
import { BASE, dbLabel, PASSWORD, startTestRuntime, type Persona, type TestRuntime } from "./support/harness.ts";

let h: TestRuntime;
beforeAll(async () => {
  h = await startTestRuntime();
});
afterAll(() => h.stop());

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const CHROME_ANDROID =
  "Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

const post = (p: Pick<Persona, "cookie">, fields: Record<string, string>) =>
  h.call(action, { path: "/account", cookie: p.cookie, body: form(fields) });
const load = (p: Pick<Persona, "cookie">, path = "/account") =>
  h.call(loader, { path, method: "GET", cookie: p.cookie });

/** The action's own Response (the harness's answer leaves out its headers): for the cookie it sets. */
async function postRaw(cookie: string, fields: Record<string, string>) {
  const request = new Request(`${BASE}/account`, { method: "POST", body: form(fields), headers: { cookie } });
  try {
    return (await action({ request, params: {}, context: { clientIp: "127.0.0.1" } } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .filter((c) => c.startsWith("better-auth.session_token="))
    .map((c) => c.split(";")[0])
    .join("; ");

/** A session of the same user, signed in from another device. */
async function anotherSession(email: string, password = PASSWORD, userAgent = CHROME_ANDROID) {
  const { headers } = await signInWithPassword({
    runtime: h.rt,
    email,
    password,
    request: new Request(`${BASE}/signin`, { method: "POST", headers: { "user-agent": userAgent } }),
  });
  return {
    cookie: headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; "),
  };
}
const signsIn = (cookie: string) =>
  h.call(loader, { path: "/account", method: "GET", cookie }).then((a) => a.status === 200);
const auditOf = (userId: string, action: string) =>
  h.rt.db
    .select()
    .from(s.auditEvents)
    .where(and(eq(s.auditEvents.entityId, userId), eq(s.auditEvents.action, action)))
    .orderBy(desc(s.auditEvents.createdAt));
/** The toast a redirect carries (its cookie, as the next page reads it). */
async function toastOf(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .filter((c) => c.startsWith("mm_toast="))
    .map((c) => c.split(";")[0])
    .join("; ");
  return (await readToasts(new Request(`${BASE}/account`, { headers: { cookie } }))).toasts;
}
const fieldErrors = (answer: { body: unknown }) =>
  (answer.body as { result?: { error?: Record<string, string[]> } }).result?.error ?? {};

describe(`the account page (${dbLabel})`, () => {
  it("a buyer, a seller, and an account without a role yet each see their account; a visitor is sent to sign in", async () => {
    const buyer = await h.persona("buyer");
    const seller = await h.persona("seller");
    const b = await load(buyer);
    expect(b.status).toBe(200);
    expect(b.body).toMatchObject({
      account: {
        email: buyer.viewer.email,
        hasPassword: true,
        google: false,
        twoFactorEnabled: false,
        verificationStatus: null,
      },
      isBuyer: true,
      isSeller: false,
    });
    expect((b.body as { sessions: { current: boolean }[] }).sessions[0]).toMatchObject({ current: true });
    const sl = await load(seller);
    expect(sl.body).toMatchObject({
      account: { verificationStatus: "unverified", profile: { phone: "082 000 0000" } },
      isSeller: true,
    });

    // No role yet: no profile row at all.
    const noRole = await h.persona("buyer", { buyerProfile: false });
    await h.rt.db.delete(s.buyers).where(eq(s.buyers.userId, noRole.viewer.userId));
    await h.rt.db.delete(s.profiles).where(eq(s.profiles.userId, noRole.viewer.userId));
    const n = await load(noRole);
    expect(n.status).toBe(200);
    expect(n.body).toMatchObject({
      account: { role: null, profile: { fullName: "Test buyer", phone: null } },
      isBuyer: false,
    });

    const visitor = await h.call(loader, { path: "/account", method: "GET" });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe("/signin?redirectTo=%2Faccount");
  });
});

describe(`profile (${dbLabel})`, () => {
  it("a seller's change reaches every copy (user, profile, seller row) and the admin's user page, with an audit row", async () => {
    const seller = await h.persona("seller");
    const admin = await h.createAdmin();
    const answer = await post(seller, {
      intent: "update-profile",
      fullName: "  Pieter van der Merwe ",
      phone: "+27 (0)82 555-1234",
      companyName: "Karoo Plant Hire",
      website: "https://karoo-plant.co.za",
    });
    expect(answer).toMatchObject({ status: 302, location: "/account" });
    const id = seller.viewer.userId;
    const [u] = await h.rt.db.select().from(s.user).where(eq(s.user.id, id));
    const [p] = await h.rt.db.select().from(s.profiles).where(eq(s.profiles.userId, id));
    const [sr] = await h.rt.db.select().from(s.sellers).where(eq(s.sellers.userId, id));
    expect(u!.name).toBe("Pieter van der Merwe");
    expect(p).toMatchObject({
      fullName: "Pieter van der Merwe",
      phoneNumber: "+27 (0)82 555-1234",
      companyName: "Karoo Plant Hire",
      website: "https://karoo-plant.co.za",
    });
    expect(sr).toMatchObject({ fullName: "Pieter van der Merwe", phoneNumber: "+27 (0)82 555-1234" });
    expect(await getUserDetails({ db: h.rt.db, admin, userId: id })).toMatchObject({
      fullName: "Pieter van der Merwe",
      phone: "+27 (0)82 555-1234",
      company: "Karoo Plant Hire",
      website: "https://karoo-plant.co.za",
    });
    const [audit] = await auditOf(id, "account.update");
    expect(audit!.actorUserId).toBe(id);
    expect(audit!.data).toMatchObject({
      before: { fullName: "Test seller", phone: "082 000 0000", companyName: null, website: null },
      after: { fullName: "Pieter van der Merwe", phone: "+27 (0)82 555-1234", companyName: "Karoo Plant Hire" },
    });
    // The page reads the new values back.
    expect((await load(seller)).body).toMatchObject({
      account: { profile: { fullName: "Pieter van der Merwe", companyName: "Karoo Plant Hire" } },
    });
    // Saving the same again changes nothing and is not audited twice.
    await post(seller, {
      intent: "update-profile",
      fullName: "Pieter van der Merwe",
      phone: "+27 (0)82 555-1234",
      companyName: "Karoo Plant Hire",
      website: "https://karoo-plant.co.za",
    });
    expect(await auditOf(id, "account.update")).toHaveLength(1);
  });

  it("a verified seller keeps the badge when the phone changes, and goes back to review when the name or company does", async () => {
    const seller = await h.persona("seller");
    const admin = await h.createAdmin();
    const id = seller.viewer.userId;
    await h.rt.db.update(s.sellers).set({ verificationStatus: "verified" }).where(eq(s.sellers.userId, id));
    const [now] = await h.rt.db.select().from(s.profiles).where(eq(s.profiles.userId, id));
    const fields = {
      intent: "update-profile",
      fullName: now!.fullName ?? "Test seller",
      phone: "082 111 2222",
      companyName: now!.companyName ?? "",
      website: now!.website ?? "",
    };
    const phoneOnly = await postRaw(seller.cookie, fields);
    expect(phoneOnly.status).toBe(302);
    expect(await toastOf(phoneOnly)).toEqual([
      { type: "success", title: "Profile saved", description: "Your name and contact details are updated everywhere." },
    ]);
    const status = async () =>
      (await h.rt.db.select().from(s.sellers).where(eq(s.sellers.userId, id)))[0]!.verificationStatus;
    expect(await status()).toBe("verified");
    // The loader tells the form the seller is verified (it warns before a new name or company is saved).
    expect((await load(seller)).body).toMatchObject({ account: { verificationStatus: "verified" } });

    const renamed = await postRaw(seller.cookie, { ...fields, companyName: "Barloworld Equipment (Pty) Ltd" });
    expect(renamed.status).toBe(302);
    // The message after saving says the badge came off and the review is pending.
    expect(await toastOf(renamed)).toEqual([
      { type: "success", title: "Profile saved", description: ACCOUNT_MESSAGES.renamedToReview },
    ]);
    expect(ACCOUNT_MESSAGES.renamedToReview).toMatch(/badge came off.*review/);
    expect(await status()).toBe("pending");
    expect(await auditOf(id, "seller.verification-renamed")).toHaveLength(1);
    const told = await h.rt.db
      .select()
      .from(s.notifications)
      .where(and(eq(s.notifications.userId, admin.userId), eq(s.notifications.type, "verification")));
    expect(told.map((n) => n.title)).toContain("Verified seller renamed");
    // The admin's queue says why the seller is back: renamed while verified (from what, to what).
    const queue = await findVerificationQueue({ db: h.rt.db, admin });
    const back = queue.pending.find((r) => r.userId === id)!;
    expect(back.history.map((e) => e.kind)).toEqual(["renamed"]);
    expect(back.history[0]).toMatchObject({
      kind: "renamed",
      from: { companyName: now!.companyName ?? null },
      to: { companyName: "Barloworld Equipment (Pty) Ltd" },
    });
  });

  it("a buyer's phone and company reach the buyer row; clearing the company clears every copy", async () => {
    const buyer = await h.persona("buyer");
    const id = buyer.viewer.userId;
    await post(buyer, {
      intent: "update-profile",
      fullName: "Sipho Dlamini",
      phone: "083 111 2222",
      companyName: "Dlamini Earthworks",
      website: "",
    });
    expect((await h.rt.db.select().from(s.buyers).where(eq(s.buyers.userId, id)))[0]).toMatchObject({
      phoneNumber: "083 111 2222",
      companyName: "Dlamini Earthworks",
    });
    await post(buyer, {
      intent: "update-profile",
      fullName: "Sipho Dlamini",
      phone: "083 111 2222",
      companyName: "  ",
      website: "",
    });
    expect((await h.rt.db.select().from(s.buyers).where(eq(s.buyers.userId, id)))[0]!.companyName).toBeNull();
    expect((await h.rt.db.select().from(s.profiles).where(eq(s.profiles.userId, id)))[0]!.companyName).toBeNull();
  });

  it("bad input answers 400 with the sign-up's and profile's own messages, and writes nothing", async () => {
    const buyer = await h.persona("buyer");
    const before = await h.rowCounts();
    const [u0] = await h.rt.db.select().from(s.user).where(eq(s.user.id, buyer.viewer.userId));
    const bad = await post(buyer, {
      intent: "update-profile",
      fullName: "   ",
      phone: "call me",
      companyName: "C".repeat(201),
      website: "karoo.co.za",
    });
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad)).toEqual({
      fullName: [MESSAGES.fullNameRequired],
      phone: [MESSAGES.invalidPhone],
      companyName: ["Company name must be at most 200 characters"],
      website: [MESSAGES.invalidWebsite],
    });
    expect(bad.body).toMatchObject({ intent: "update-profile", toast: { type: "error", title: "Full Name Required" } });
    const long = await post(buyer, {
      intent: "update-profile",
      fullName: "N".repeat(121),
      phone: "",
      companyName: "",
      website: "",
    });
    expect(long.status).toBe(400);
    expect(fieldErrors(long)).toEqual({
      fullName: ["Full name must be at most 120 characters"],
      phone: [MESSAGES.signUpRequired],
    });
    expect(await h.rowCounts()).toEqual(before);
    const [u1] = await h.rt.db.select().from(s.user).where(eq(s.user.id, buyer.viewer.userId));
    expect(u1).toEqual(u0);
  });
});

describe(`change password (${dbLabel})`, () => {
  const NEW = "Kudu-Grader-2027";

  it("the right current password: the old one stops working, every other session ends, this device stays signed in", async () => {
    const me = await h.persona("seller");
    const laptop = await anotherSession(me.viewer.email);
    const phone = await anotherSession(me.viewer.email);
    expect(await signsIn(laptop.cookie)).toBe(true);
    const response = await postRaw(me.cookie, {
      intent: "change-password",
      currentPassword: PASSWORD,
      newPassword: NEW,
      confirmPassword: NEW,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/account");
    const fresh = cookieOf(response);
    expect(fresh).toMatch(/^better-auth\.session_token=/);
    // This device carries on with its new cookie; the other two are signed out.
    expect(await signsIn(fresh)).toBe(true);
    expect(await signsIn(laptop.cookie)).toBe(false);
    expect(await signsIn(phone.cookie)).toBe(false);
    const sessions = await h.rt.db.select().from(s.session).where(eq(s.session.userId, me.viewer.userId));
    expect(sessions).toHaveLength(1);
    // The old password no longer signs in; the new one does.
    await expect(anotherSession(me.viewer.email)).rejects.toMatchObject({ title: "Invalid Credentials" });
    await expect(anotherSession(me.viewer.email, NEW)).resolves.toMatchObject({
      cookie: expect.stringContaining("session_token"),
    });
    const [audit] = await auditOf(me.viewer.userId, "account.password_change");
    expect(audit!.data).toEqual({ before: null, after: { sessionsEnded: 2 } });
    expect(JSON.stringify(audit!.data)).not.toContain(NEW);
    // The account's address is told, so a change its owner did not make does not go unnoticed.
    const notices = await h.rt.db
      .select()
      .from(s.emailOutbox)
      .where(and(eq(s.emailOutbox.toAddress, me.viewer.email), eq(s.emailOutbox.template, "password-changed-notice")));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.subject).toBe("Your DealEquip password was changed");
    expect(notices[0]!.text).toMatch(/was changed on your account page on \d{1,2} \w+ \d{4} at \d{2}:\d{2}\./);
    expect(notices[0]!.text).not.toContain(NEW);
  });

  it("a wrong current password is told on its field; past 10 in 10 minutes even the right one waits", async () => {
    const me = await h.persona("buyer");
    const wrong = await post(me, {
      intent: "change-password",
      currentPassword: "not-my-password",
      newPassword: NEW,
      confirmPassword: NEW,
    });
    expect(wrong.status).toBe(400);
    expect(fieldErrors(wrong)).toMatchObject({ currentPassword: [ACCOUNT_MESSAGES.wrongPassword] });
    expect(wrong.body).toMatchObject({
      intent: "change-password",
      toast: { description: ACCOUNT_MESSAGES.wrongPassword },
    });
    // Passwords never travel back.
    expect(JSON.stringify(wrong.body)).not.toContain("not-my-password");
    expect(JSON.stringify(wrong.body)).not.toContain(NEW);
    for (let i = 0; i < 9; i++) {
      expect(
        (
          await post(me, {
            intent: "change-password",
            currentPassword: `wrong-${i}`,
            newPassword: NEW,
            confirmPassword: NEW,
          })
        ).status,
      ).toBe(400);
    }
    const limited = await post(me, {
      intent: "change-password",
      currentPassword: PASSWORD,
      newPassword: NEW,
      confirmPassword: NEW,
    });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ toast: { description: TOO_MANY } });
    // Still the old password.
    await expect(anotherSession(me.viewer.email)).resolves.toBeTruthy();
    expect(await auditOf(me.viewer.userId, "account.password_change")).toHaveLength(0);
  });

  it("the new password follows the sign-up policy and must be typed twice; nothing changes otherwise", async () => {
    const me = await h.persona("buyer");
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [
        { currentPassword: "", newPassword: "", confirmPassword: "" },
        {
          currentPassword: [ACCOUNT_MESSAGES.currentPasswordRequired],
          newPassword: [MESSAGES.resetRequired],
          confirmPassword: [MESSAGES.resetRequired],
        },
      ],
      [
        { currentPassword: PASSWORD, newPassword: "short", confirmPassword: "short" },
        { newPassword: [MESSAGES.passwordTooShort] },
      ],
      [
        { currentPassword: PASSWORD, newPassword: "password123", confirmPassword: "password123" },
        { newPassword: [MESSAGES.passwordTooCommon] },
      ],
      [
        { currentPassword: PASSWORD, newPassword: NEW, confirmPassword: `${NEW}x` },
        { confirmPassword: [MESSAGES.resetMismatch] },
      ],
      [
        { currentPassword: PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD },
        { newPassword: [ACCOUNT_MESSAGES.samePassword] },
      ],
    ];
    for (const [fields, errors] of cases) {
      const answer = await post(me, { intent: "change-password", ...fields });
      expect(answer.status).toBe(400);
      expect(fieldErrors(answer)).toEqual(errors);
    }
    await expect(anotherSession(me.viewer.email)).resolves.toBeTruthy();
    // The domain refuses the current password as the new one for any caller, before asking better-auth.
    await expect(
      changePassword({
        runtime: h.rt,
        request: new Request(`${BASE}/account`, { method: "POST", headers: { cookie: me.cookie } }),
        userId: me.viewer.userId,
        sessionId: "unused",
        currentPassword: PASSWORD,
        newPassword: PASSWORD,
      }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      title: "Same Password",
      fieldErrors: { newPassword: [ACCOUNT_MESSAGES.samePassword] },
    });
    expect(await auditOf(me.viewer.userId, "account.password_change")).toHaveLength(0);
  });

  it("an account that signs in with Google only has no password form and cannot post one", async () => {
    const me = await h.persona("buyer");
    await h.rt.db
      .update(s.account)
      .set({ providerId: "google", password: null })
      .where(eq(s.account.userId, me.viewer.userId));
    expect((await load(me)).body).toMatchObject({ account: { hasPassword: false, google: true } });
    const answer = await post(me, {
      intent: "change-password",
      currentPassword: "anything",
      newPassword: NEW,
      confirmPassword: NEW,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ toast: { description: ACCOUNT_MESSAGES.googleOnly } });
  });
});

/** Whether the app's auth calls back when an address is confirmed (then the profile follows without /account). */
const hookWired = () =>
  Boolean(
    (h.rt.auth.options.emailVerification as { afterEmailVerification?: unknown } | undefined)?.afterEmailVerification,
  );

describe(`change e-mail (${dbLabel})`, () => {
  const outboxTo = (email: string) => h.rt.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, email));

  it("sends the link to the new address and changes nothing until it is followed; then the address and the profile's copy follow", async () => {
    const me = await h.persona("seller");
    const id = me.viewer.userId;
    const newEmail = `moved-${id.slice(0, 8)}@example.co.za`;
    const answer = await post(me, {
      intent: "change-email",
      newEmail: ` ${newEmail.toUpperCase()} `,
      currentPassword: PASSWORD,
    });
    expect(answer).toMatchObject({ status: 302, location: "/account" });
    const [mail] = await outboxTo(newEmail);
    expect(mail).toMatchObject({ template: "confirm-new-email", subject: expect.stringContaining("Confirm your new") });
    expect(await outboxTo(me.viewer.email)).toEqual([]);
    // Not yet.
    expect((await h.rt.db.select().from(s.user).where(eq(s.user.id, id)))[0]!.email).toBe(me.viewer.email);
    expect((await auditOf(id, "account.email_change_requested"))[0]!.data).toEqual({
      before: { email: me.viewer.email },
      after: { requested: newEmail },
    });
    // A reload of the page still says a link is waiting, for which address and until when.
    expect((await load(me)).body).toMatchObject({
      pendingEmail: { newEmail, requestedAt: expect.any(String), expiresAt: expect.any(String) },
    });

    // The link, followed through the app's /api/auth route, lands on /account?email=changed.
    const link = new URL(/https?:\/\/\S+\/api\/auth\/verify-email\S+/.exec(mail!.text)![0]);
    expect(link.searchParams.get("callbackURL")).toBe("/account?email=changed");
    const followed = await h.call(authApi.loader, { path: link.pathname + link.search, method: "GET" });
    expect(followed).toMatchObject({ status: 302, location: "/account?email=changed" });
    expect((await h.rt.db.select().from(s.user).where(eq(s.user.id, id)))[0]!.email).toBe(newEmail);
    // With better-auth's afterEmailVerification hook wired to syncChangedEmail (app/lib/auth.server.ts), the
    // profile's copy has followed already, before any page is opened.
    if (hookWired()) {
      expect((await h.rt.db.select().from(s.profiles).where(eq(s.profiles.userId, id)))[0]!.email).toBe(newEmail);
    }

    // The landing page says so, and the profile's copy has followed (better-auth's afterEmailVerification
    // hook calls syncChangedEmail once it is wired; the landing page does it too).
    const landing = await load(me, "/account?email=changed");
    expect(landing.body).toMatchObject({ landing: "changed", account: { email: newEmail }, pendingEmail: null });
    expect((await h.rt.db.select().from(s.profiles).where(eq(s.profiles.userId, id)))[0]!.email).toBe(newEmail);
    expect((await auditOf(id, "account.email_changed"))[0]!.data).toEqual({
      before: { email: me.viewer.email },
      after: { email: newEmail },
    });
    // The session goes on; the new address signs in, the old one no longer does.
    expect(await signsIn(me.cookie)).toBe(true);
    await expect(anotherSession(newEmail)).resolves.toBeTruthy();
    await expect(anotherSession(me.viewer.email)).rejects.toMatchObject({ title: "Invalid Credentials" });
    // The link works once: the address it was for has moved on.
    const again = await h.call(authApi.loader, { path: link.pathname + link.search, method: "GET" });
    expect(again.location).toMatch(/^\/account\?email=changed&error=/);
    expect((await load(me, again.location!)).body).toMatchObject({ landing: "failed" });
  });

  it("syncChangedEmail: the profile's copy follows the account's address, once, and is a no-op when they agree", async () => {
    const me = await h.persona("buyer");
    const id = me.viewer.userId;
    expect(await syncChangedEmail({ db: h.rt.db, userId: id })).toEqual({ changed: false });
    await h.rt.db
      .update(s.user)
      .set({ email: `direct-${id.slice(0, 8)}@example.co.za` })
      .where(eq(s.user.id, id));
    expect(await syncChangedEmail({ db: h.rt.db, userId: id })).toEqual({ changed: true });
    expect(await syncChangedEmail({ db: h.rt.db, userId: id })).toEqual({ changed: false });
    expect((await h.rt.db.select().from(s.profiles).where(eq(s.profiles.userId, id)))[0]!.email).toBe(
      `direct-${id.slice(0, 8)}@example.co.za`,
    );
    expect(await auditOf(id, "account.email_changed")).toHaveLength(1);
  });

  it("an address in use by another account is answered exactly like a free one, and nothing is sent to it", async () => {
    const me = await h.persona("buyer");
    const other = await h.persona("seller");
    const outboxBefore = (await outboxTo(other.viewer.email)).length;
    const taken = await post(me, { intent: "change-email", newEmail: other.viewer.email, currentPassword: PASSWORD });
    const free = await post(me, {
      intent: "change-email",
      newEmail: `free-${me.viewer.userId.slice(0, 8)}@example.co.za`,
      currentPassword: PASSWORD,
    });
    expect(taken.status).toBe(free.status);
    expect(taken.location).toBe(free.location);
    expect(await outboxTo(other.viewer.email)).toHaveLength(outboxBefore);
    expect((await h.rt.db.select().from(s.user).where(eq(s.user.id, me.viewer.userId)))[0]!.email).toBe(
      me.viewer.email,
    );
  });

  it("needs the right current password, a valid new address that differs, and at most 5 requests an hour", async () => {
    const me = await h.persona("buyer");
    const to = `next-${me.viewer.userId.slice(0, 8)}@example.co.za`;
    const cases: [Record<string, string>, Record<string, string[]>, number][] = [
      [
        { newEmail: "", currentPassword: "" },
        { newEmail: [MESSAGES.emailRequired], currentPassword: [ACCOUNT_MESSAGES.currentPasswordRequired] },
        400,
      ],
      [{ newEmail: "not-an-address", currentPassword: PASSWORD }, { newEmail: [MESSAGES.invalidEmail] }, 400],
      [
        { newEmail: me.viewer.email.toUpperCase(), currentPassword: PASSWORD },
        { newEmail: [ACCOUNT_MESSAGES.sameEmail] },
        400,
      ],
      [{ newEmail: to, currentPassword: "wrong-password" }, { currentPassword: [ACCOUNT_MESSAGES.wrongPassword] }, 400],
    ];
    for (const [fields, errors, status] of cases) {
      const answer = await post(me, { intent: "change-email", ...fields });
      expect(answer.status, JSON.stringify(fields)).toBe(status);
      expect(fieldErrors(answer)).toEqual(errors);
    }
    expect(await outboxTo(to)).toEqual([]);
    for (let i = 0; i < 5; i++) {
      expect((await post(me, { intent: "change-email", newEmail: to, currentPassword: PASSWORD })).status).toBe(302);
    }
    const sixth = await post(me, { intent: "change-email", newEmail: to, currentPassword: PASSWORD });
    expect(sixth.status).toBe(429);
    expect(await auditOf(me.viewer.userId, "account.email_change_requested")).toHaveLength(5);
  });

  it("an account that signs in with Google only asks no password", async () => {
    const me = await h.persona("buyer");
    await h.rt.db
      .update(s.account)
      .set({ providerId: "google", password: null })
      .where(eq(s.account.userId, me.viewer.userId));
    const to = `google-${me.viewer.userId.slice(0, 8)}@example.co.za`;
    expect(await post(me, { intent: "change-email", newEmail: to })).toMatchObject({ status: 302 });
    expect(await outboxTo(to)).toHaveLength(1);
  });
});

describe(`sessions (${dbLabel})`, () => {
  it("a page view moves the session's last activity on, at most once every five minutes", async () => {
    const me = await h.persona("buyer");
    // The latest activity of the user's sessions (the persona's own is the one its page views move on).
    const latest = async () =>
      Math.max(
        ...(await h.rt.db.select().from(s.session).where(eq(s.session.userId, me.viewer.userId))).map(
          (x) => +x.updatedAt,
        ),
      );
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    await h.rt.db.update(s.session).set({ updatedAt: hourAgo }).where(eq(s.session.userId, me.viewer.userId));
    await load(me);
    await expect.poll(latest, { timeout: 5_000 }).toBeGreaterThan(+hourAgo + 59 * 60 * 1000);
    const listed = (await load(me)).body as { sessions: { lastActiveAt: string | Date; current: boolean }[] };
    expect(Date.now() - +new Date(listed.sessions.find((x) => x.current)!.lastActiveAt)).toBeLessThan(60_000);
    // A minute ago is recent enough: no write.
    const minuteAgo = new Date(Date.now() - 60 * 1000);
    await h.rt.db.update(s.session).set({ updatedAt: minuteAgo }).where(eq(s.session.userId, me.viewer.userId));
    await load(me);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await latest()).toBe(+minuteAgo);
  });

  it("lists the user's sessions with this device marked, signs out one other and then every other; never someone else's", async () => {
    const me = await h.persona("seller");
    const other = await h.persona("buyer");
    const phone = await anotherSession(me.viewer.email);
    const laptop = await anotherSession(
      me.viewer.email,
      PASSWORD,
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
    );
    const tablet = await anotherSession(
      me.viewer.email,
      PASSWORD,
      "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    );
    const listed = (await load(me)).body as { sessions: { id: string; device: string; current: boolean }[] };
    expect(listed.sessions).toHaveLength(4);
    expect(listed.sessions[0]!.current).toBe(true);
    expect(listed.sessions.filter((x) => x.current)).toHaveLength(1);
    expect(listed.sessions.map((x) => x.device).sort()).toEqual([
      "Chrome on Android",
      "Edge on Windows",
      "Safari on iPad",
      "Unknown device",
    ]);

    // Someone else's session: "already ended", and it goes on.
    const theirs = (await h.rt.db.select().from(s.session).where(eq(s.session.userId, other.viewer.userId)))[0]!;
    const refused = await post(me, { intent: "sign-out-session", sessionId: theirs.id });
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ toast: { description: ACCOUNT_MESSAGES.sessionGone } });
    expect(await signsIn(other.cookie)).toBe(true);
    // This device is signed out with Logout, not here.
    const self = listed.sessions[0]!;
    expect((await post(me, { intent: "sign-out-session", sessionId: self.id })).status).toBe(400);

    const phoneRow = listed.sessions.find((x) => x.device === "Chrome on Android")!;
    expect(await post(me, { intent: "sign-out-session", sessionId: phoneRow.id })).toMatchObject({
      status: 302,
      location: "/account",
    });
    expect(await signsIn(phone.cookie)).toBe(false);
    expect(await signsIn(laptop.cookie)).toBe(true);
    expect((await auditOf(me.viewer.userId, "account.session_ended"))[0]!.data).toMatchObject({
      after: { device: "Chrome on Android" },
    });

    expect(await post(me, { intent: "sign-out-others" })).toMatchObject({ status: 302, location: "/account" });
    expect(await signsIn(laptop.cookie)).toBe(false);
    expect(await signsIn(tablet.cookie)).toBe(false);
    expect(await signsIn(me.cookie)).toBe(true);
    expect(await signsIn(other.cookie)).toBe(true);
    expect(((await load(me)).body as { sessions: unknown[] }).sessions).toHaveLength(1);
    expect((await auditOf(me.viewer.userId, "account.sessions_ended"))[0]!.data).toMatchObject({
      after: { sessionsEnded: 2 },
    });
  });

  it("names devices in plain words", () => {
    expect(describeDevice(CHROME_ANDROID)).toBe("Chrome on Android");
    expect(
      describeDevice(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iPhone");
    expect(describeDevice("Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:132.0) Gecko/20100101 Firefox/132.0")).toBe(
      "Firefox on macOS",
    );
    expect(
      describeDevice(
        "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
      ),
    ).toBe("Samsung Internet on Android");
    expect(
      describeDevice(
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36",
      ),
    ).toBe("Chrome on Linux");
    expect(describeDevice(null)).toBe("Unknown device");
    expect(describeDevice("curl/8.5.0")).toBe("Unknown device");
  });
});

describe(`consents (${dbLabel})`, () => {
  it("shows the alerts a buyer agreed to; withdrawing writes the log and stops them (Stop all alerts, watchlist off)", async () => {
    const buyer = await h.persona("buyer");
    const id = buyer.viewer.userId;
    await saveSearch({
      db: h.rt.db,
      userId: id,
      role: "buyer",
      name: "Cranes in Limpopo",
      frequency: "daily",
      query: "category=cranes&province=Limpopo",
    });
    await setWatchlistAlerts({ db: h.rt.db, userId: id, frequency: "instant", source: "/watchlist" });
    await h.rt.db.insert(s.consents).values({
      userId: id,
      purpose: "terms",
      granted: true,
      detail: "Terms of use and privacy policy of 26 November 2026",
      source: "sign-up",
    });
    const shown = (await load(buyer)).body as { account: { consents: Record<string, unknown> } };
    expect(shown.account.consents).toMatchObject({
      terms: [{ detail: "Terms of use and privacy policy of 26 November 2026", source: "sign-up" }],
      searchAlerts: {
        stopped: false,
        searches: [{ name: "Cranes in Limpopo", frequency: "daily" }],
        last: { granted: true, source: "catalog: Save this search" },
      },
      watchlistAlerts: { stopped: false, frequency: "instant", last: { granted: true, source: "/watchlist" } },
    });
    expect((shown.account.consents.history as unknown[]).length).toBe(3);

    expect(await post(buyer, { intent: "watchlist-alerts-off" })).toMatchObject({ status: 302, location: "/account" });
    const [prefs] = await h.rt.db.select().from(s.alertPreferences).where(eq(s.alertPreferences.userId, id));
    expect(prefs!.watchlistFrequency).toBe("off");

    expect(await post(buyer, { intent: "stop-all-alerts" })).toMatchObject({ status: 302, location: "/account" });
    const [after] = await h.rt.db.select().from(s.alertPreferences).where(eq(s.alertPreferences.userId, id));
    expect(after!.stoppedAt).not.toBeNull();
    const log = await h.rt.db
      .select()
      .from(s.consents)
      .where(and(eq(s.consents.userId, id), eq(s.consents.source, "/account")));
    expect(log.map((c) => [c.purpose, c.granted]).sort()).toEqual([
      ["search_alerts", false],
      ["watchlist_alerts", false],
      ["watchlist_alerts", false],
    ]);
    expect(((await load(buyer)).body as { account: { consents: unknown } }).account.consents).toMatchObject({
      searchAlerts: { stopped: true, last: { granted: false, source: "/account" } },
      watchlistAlerts: { stopped: true, frequency: "off" },
    });
  });

  it("alerts are for buyers: a seller's withdrawal is refused (403) and writes nothing", async () => {
    const seller = await h.persona("seller");
    const before = await h.rowCounts();
    for (const intent of ["stop-all-alerts", "watchlist-alerts-off"]) {
      expect((await post(seller, { intent })).status).toBe(403);
    }
    expect(await h.rowCounts()).toEqual(before);
  });

  it("an unknown intent returns to the page and does nothing", async () => {
    const buyer = await h.persona("buyer");
    expect(await post(buyer, { intent: "make-me-admin" })).toMatchObject({ status: 302, location: "/account" });
    const visitor = await h.call(action, { path: "/account", body: form({ intent: "sign-out-others" }) });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/signin/);
  });
});
