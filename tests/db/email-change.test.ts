/**
 * An e-mail change taking effect, on a real database: the old address is told (the `email-changed-notice`
 * e-mail, with the new address and the support contact), once, written with the profile's copy of the
 * address; the confirmation link opened while signed out lands on the sign-in page through /account's
 * guard, which says the address changed, or that the link expired or is invalid (used, altered, made up).
 * And the sign-in's last hop: a file goes by way of the browser's own navigation (/signin?download=…,
 * a page that starts the download), another address that is not a page straight there, a page inside the app.
 */
import { and, eq } from "drizzle-orm";
import { createEmailVerificationToken } from "better-auth/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import * as authApi from "#app/routes/api/auth.ts";
import { loader as accountLoader } from "#app/routes/account/account.tsx";
import { action as signInAction, loader as signInLoader } from "#app/routes/auth/signin.tsx";
import { requestEmailChange, syncChangedEmail } from "#app/domain/user/change-email.server.ts";
import { CONTACT_DETAILS } from "#app/lib/company.ts";
import { BASE, dbLabel, PASSWORD, startTestRuntime, type Persona, type TestRuntime } from "./support/harness.ts";

let h: TestRuntime;
beforeAll(async () => {
  h = await startTestRuntime();
});
afterAll(() => h.stop());

const outboxTo = (email: string) =>
  h.rt.db
    .select()
    .from(s.emailOutbox)
    .where(and(eq(s.emailOutbox.toAddress, email), eq(s.emailOutbox.template, "email-changed-notice")));
const profileEmail = async (userId: string) =>
  (await h.rt.db.select({ email: s.profiles.email }).from(s.profiles).where(eq(s.profiles.userId, userId)))[0]!.email;

/** Asks for the change as /account does, and returns the link the new address received. */
async function askToChange(me: Persona, newEmail: string) {
  await requestEmailChange({
    runtime: h.rt,
    request: new Request(`${BASE}/account`, { method: "POST", headers: { cookie: me.cookie } }),
    userId: me.viewer.userId,
    currentEmail: me.viewer.email,
    newEmail,
    currentPassword: PASSWORD,
  });
  const [mail] = await h.rt.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, newEmail));
  return new URL(/https?:\/\/\S+\/api\/auth\/verify-email\S+/.exec(mail!.text)![0]);
}

/** Opens a link in a browser that is signed out: better-auth's answer, then where /account's guard sends it. */
async function openSignedOut(link: URL) {
  const followed = await h.call(authApi.loader, { path: link.pathname + link.search, method: "GET" });
  expect(followed.status).toBe(302);
  const landing = await h.call(accountLoader, { path: followed.location!, method: "GET" });
  expect(landing.status).toBe(302);
  const signIn = new URL(landing.location!, BASE);
  expect(signIn.pathname).toBe("/signin");
  const page = await h.call(signInLoader, { path: signIn.pathname + signIn.search, method: "GET" });
  expect(page.status).toBe(200);
  return { followed: followed.location!, signIn: signIn.pathname + signIn.search, page: page.body as object };
}

describe(`an e-mail change taking effect (${dbLabel})`, () => {
  it("tells the old address once, with the new address and how to reach us; the link opened signed out says the address changed", async () => {
    const me = await h.persona("seller");
    const id = me.viewer.userId;
    const oldEmail = me.viewer.email;
    const newEmail = `notice-${id.slice(0, 8)}@example.co.za`;
    const link = await askToChange(me, newEmail);
    // Nothing to the old address while the change is only asked for.
    expect(await outboxTo(oldEmail)).toEqual([]);

    const opened = await openSignedOut(link);
    expect(opened.followed).toBe("/account?email=changed");
    expect(opened.page).toMatchObject({ emailChange: "changed", download: null });
    // The address and the profile's copy moved; the notice went to the old address with them.
    expect((await h.rt.db.select().from(s.user).where(eq(s.user.id, id)))[0]!.email).toBe(newEmail);
    expect(await profileEmail(id)).toBe(newEmail);
    const notices = await outboxTo(oldEmail);
    expect(notices).toHaveLength(1);
    const [notice] = notices;
    expect(notice!.subject).toBe("Your DealEquip e-mail address was changed");
    expect(notice!.text).toContain(`Your e-mail address on DealEquip was changed to ${newEmail} on `);
    expect(notice!.text).toContain("Hello Test seller,");
    expect(notice!.text).toContain(
      `If this was not you, contact us straight away at ${CONTACT_DETAILS.email} or ${CONTACT_DETAILS.phone}`,
    );
    expect(notice!.html).toContain(newEmail);
    expect(await h.rt.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, newEmail))).toHaveLength(1);

    // Signing in with the new address after the landing, and the account page's own sync, send nothing more.
    const cookie = await h.cookieFor(newEmail);
    const account = await h.call(accountLoader, { path: "/account?email=changed", method: "GET", cookie });
    expect(account.status).toBe(200);
    expect(await syncChangedEmail({ db: h.rt.db, userId: id, queueEmail: h.rt.queueEmail })).toEqual({
      changed: false,
    });
    expect(await outboxTo(oldEmail)).toHaveLength(1);

    // The same link again: used. The sign-in page says it is invalid or used; nothing changes, nothing is sent.
    const again = await openSignedOut(link);
    expect(again.followed).toMatch(/^\/account\?email=changed&error=INVALID_TOKEN$/);
    expect(again.page).toMatchObject({ emailChange: "invalid" });
    expect(await outboxTo(oldEmail)).toHaveLength(1);
    expect(await outboxTo(newEmail)).toHaveLength(0);
  });

  it("sends the notice only with the profile's copy: a failed write leaves both undone", async () => {
    const me = await h.persona("buyer");
    const id = me.viewer.userId;
    const moved = `direct-${id.slice(0, 8)}@example.co.za`;
    await h.rt.db.update(s.user).set({ email: moved }).where(eq(s.user.id, id));
    const failing: typeof h.rt.queueEmail = async (email, tx) => {
      await h.rt.queueEmail(email, tx);
      throw new Error("outbox unavailable");
    };
    await expect(syncChangedEmail({ db: h.rt.db, userId: id, queueEmail: failing })).rejects.toThrow(
      "outbox unavailable",
    );
    expect(await profileEmail(id)).toBe(me.viewer.email);
    expect(await outboxTo(me.viewer.email)).toEqual([]);
    // Once it works, both are written.
    expect(await syncChangedEmail({ db: h.rt.db, userId: id, queueEmail: h.rt.queueEmail })).toEqual({ changed: true });
    expect(await profileEmail(id)).toBe(moved);
    expect(await outboxTo(me.viewer.email)).toHaveLength(1);
  });

  it("a confirmed sign-up (no change of address) sends no notice", async () => {
    const me = await h.persona("buyer");
    expect(await syncChangedEmail({ db: h.rt.db, userId: me.viewer.userId, queueEmail: h.rt.queueEmail })).toEqual({
      changed: false,
    });
    expect(await outboxTo(me.viewer.email)).toEqual([]);
  });

  it("an expired link and a made-up one are refused and the sign-in page says so", async () => {
    const me = await h.persona("seller");
    const id = me.viewer.userId;
    const newEmail = `late-${id.slice(0, 8)}@example.co.za`;
    const link = await askToChange(me, newEmail);
    const callbackURL = link.searchParams.get("callbackURL")!;

    // Past its 24 hours: the same token, signed as better-auth does, already expired.
    const expired = await createEmailVerificationToken(h.rt.env.SESSION_SECRET, me.viewer.email, newEmail, -60, {
      requestType: "change-email-verification",
      userId: id,
    });
    const late = await openSignedOut(
      new URL(`/api/auth/verify-email?${new URLSearchParams({ token: expired, callbackURL })}`, BASE),
    );
    expect(late.followed).toBe("/account?email=changed&error=TOKEN_EXPIRED");
    expect(late.page).toMatchObject({ emailChange: "expired" });

    const madeUp = await openSignedOut(
      new URL(`/api/auth/verify-email?${new URLSearchParams({ token: "not-a-token", callbackURL })}`, BASE),
    );
    expect(madeUp.page).toMatchObject({ emailChange: "invalid" });

    // Nothing changed, nothing was sent to the old address.
    expect((await h.rt.db.select().from(s.user).where(eq(s.user.id, id)))[0]!.email).toBe(me.viewer.email);
    expect(await outboxTo(me.viewer.email)).toEqual([]);

    // Any other redirectTo is no e-mail change landing.
    for (const path of ["/signin", "/signin?redirectTo=%2Faccount", "/signin?redirectTo=%2Faccount%3Femail%3Dother"]) {
      expect((await h.call(signInLoader, { path, method: "GET" })).body).toMatchObject({ emailChange: null });
    }
  });
});

/** The sign-in action's own Response (the harness's answer leaves out the headers). */
async function signIn(email: string, redirectTo: string) {
  const body = new FormData();
  for (const [k, v] of Object.entries({ intent: "signin", email, password: PASSWORD, redirectTo })) body.set(k, v);
  const request = new Request(`${BASE}/signin`, { method: "POST", body });
  try {
    return (await signInAction({ request, params: {}, context: { clientIp: "127.0.0.1" } } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe(`the sign-in's last hop (${dbLabel})`, () => {
  const file = "/account/data/00000000-0000-4000-8000-000000000001/download";

  it("a file: the browser's own navigation, to the page that starts the download once signed in", async () => {
    const me = await h.persona("buyer");
    const answer = await signIn(me.viewer.email, file);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(`/signin?download=${encodeURIComponent(file)}`);
    expect(answer.headers.get("x-remix-reload-document")).toBe("true");
    const cookie = answer.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(cookie).toContain("better-auth.session_token=");

    const page = await h.call(signInLoader, { path: answer.headers.get("location")!, method: "GET", cookie });
    expect(page).toMatchObject({ status: 200, body: { download: { file, home: "/buyer-catalog" } } });
    // Without the session: sign in first, on the way to the same file.
    const signedOut = await h.call(signInLoader, { path: answer.headers.get("location")!, method: "GET" });
    expect(signedOut).toMatchObject({ status: 302, location: `/signin?redirectTo=${encodeURIComponent(file)}` });
    // Only a file on this site: anything else sends a signed-in user home as before.
    for (const other of ["/listing/abc", "//evil.example/account/data/x/download", "https://evil.example/x"]) {
      const answer = await h.call(signInLoader, {
        path: `/signin?download=${encodeURIComponent(other)}`,
        method: "GET",
        cookie,
      });
      expect(answer).toMatchObject({ status: 302, location: "/buyer-catalog" });
    }
  });

  it("another address that is not a page: straight there by the browser; a page: inside the app", async () => {
    const me = await h.persona("buyer");
    const resource = await signIn(me.viewer.email, "/saved-searches/00000000-0000-4000-8000-000000000001/open");
    expect(resource.headers.get("location")).toBe("/saved-searches/00000000-0000-4000-8000-000000000001/open");
    expect(resource.headers.get("x-remix-reload-document")).toBe("true");
    const page = await signIn(me.viewer.email, "/listing/00000000-0000-4000-8000-000000000001");
    expect(page.headers.get("location")).toBe("/listing/00000000-0000-4000-8000-000000000001");
    expect(page.headers.get("x-remix-reload-document")).toBeNull();
  });
});
