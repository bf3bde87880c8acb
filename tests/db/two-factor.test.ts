/**
 * Two-factor sign-in on a real database, through the pages' own loaders and actions: turning it on
 * takes the password and a code from the app (computed here with node:crypto, RFC 6238); a sign-in
 * with it on gets no session until the code; wrong codes are refused and limited; backup codes work
 * once each, typed in any case; a code from the app is accepted once (signing in, turning it off);
 * turning it off; a failing audit write changes nothing; admins where ADMIN_TWO_FACTOR=required (the
 * guard, granting access); and better-auth's own /two-factor/* endpoints stay closed over HTTP.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema.ts";
import * as accountTwoFactor from "#app/routes/account/two-factor.tsx";
import * as adminAuthFix from "#app/routes/admin/admin-auth-fix.tsx";
import * as adminLayout from "#app/routes/admin/admin-layout.tsx";
import * as adminListings from "#app/routes/admin/admin-listings.tsx";
import * as adminUser from "#app/routes/admin/admin-user.tsx";
import * as adminUsers from "#app/routes/admin/admin-users.tsx";
import * as emailTest from "#app/routes/admin/email-test.tsx";
import * as mailbox from "#app/routes/admin/mailbox.tsx";
import * as authApi from "#app/routes/api/auth.ts";
import * as signin from "#app/routes/auth/signin.tsx";
import * as signinTwoFactor from "#app/routes/auth/signin-two-factor.tsx";
import { resendConfirmation } from "#app/domain/user/resend-confirmation.server.ts";
import { setUserAccess, ADMIN_NEEDS_TWO_FACTOR } from "#app/domain/user/set-user-access.server.ts";
import { signInWithPassword, TwoFactorRequiredError } from "#app/domain/user/sign-in.server.ts";
import { confirmTwoFactorSetup, createNewBackupCodes, turnOffTwoFactor } from "#app/domain/user/two-factor.server.ts";
import { TWO_FACTOR_MESSAGES } from "#app/domain/user/two-factor-schemas.ts";
import { isAllowedAuthRequest } from "#app/lib/auth-edge.server.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import { adminTwoFactorLine } from "#app/lib/startup-banner.server.ts";
import { getViewer } from "#app/server/get-viewer.server.ts";
import { authenticatorApp, stepAt, totp, wrongTotp } from "../unit/totp.ts";
import { BASE, PASSWORD, refusal, startTestRuntime, type RouteFn, type TestRuntime } from "./support/harness.ts";

let h: TestRuntime;
beforeAll(async () => {
  h = await startTestRuntime();
}, 60_000);
afterAll(() => h.stop());

// ------------------------------------------------------------ a browser's cookies, and raw answers

/** The cookies a browser would hold: Set-Cookie headers applied in order (empty or Max-Age=0 removes). */
class Jar {
  private cookies = new Map<string, string>();
  constructor(header = "") {
    for (const part of header.split(/;\s*/).filter(Boolean)) {
      const i = part.indexOf("=");
      this.cookies.set(part.slice(0, i), part.slice(i + 1));
    }
  }
  apply(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair, ...attributes] = line.split(/;\s*/);
      const i = pair!.indexOf("=");
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      const gone =
        value === "" || attributes.some((a) => /^max-age=0$/i.test(a) || /^expires=thu, 01 jan 1970/i.test(a));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }
  has(name: string) {
    return [...this.cookies.keys()].some((k) => k.endsWith(name));
  }
  get header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

type Raw = { status: number; location: string | null; setCookies: string[]; body: unknown };

/** Runs a loader or action as React Router would, keeping the answer's headers (the harness's `call` drops them). */
async function raw(
  fn: RouteFn,
  o: { path: string; method?: string; form?: Record<string, string>; jar?: Jar },
): Promise<Raw> {
  const method = o.method ?? (o.form ? "POST" : "GET");
  const body = o.form ? new URLSearchParams(o.form) : undefined;
  const request = new Request(`${BASE}${o.path}`, {
    method,
    body,
    headers: {
      ...(o.jar ? { cookie: o.jar.header } : {}),
      ...(body ? { "content-type": "application/x-www-form-urlencoded", origin: BASE } : {}),
    },
  });
  const args = {
    request,
    params: {},
    context: { clientIp: "127.0.0.1", cspNonce: "n" },
    url: new URL(request.url),
    pattern: o.path,
  };
  let out: unknown;
  try {
    out = await (fn as (a: typeof args) => unknown)(args);
  } catch (thrown) {
    out = thrown;
  }
  if (out instanceof Response) {
    const text = await out.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return {
      status: out.status,
      location: out.headers.get("location"),
      setCookies: out.headers.getSetCookie(),
      body: parsed,
    };
  }
  if (out && typeof out === "object" && (out as { type?: string }).type === "DataWithResponseInit") {
    const d = out as { data: unknown; init: ResponseInit | null };
    return {
      status: d.init?.status ?? 200,
      location: null,
      setCookies: new Headers(d.init?.headers).getSetCookie(),
      body: d.data,
    };
  }
  if (out instanceof Error) throw out;
  return { status: 200, location: null, setCookies: [], body: out };
}

type SetupState = {
  enabled: boolean;
  setup: { secret: string; uri: string; qr: { size: number; path: string } } | null;
  required: boolean;
  backupCodesLeft: number | null;
  requiredForAdmin: boolean;
};
type Reply = {
  toast?: { title: string; description?: string };
  result?: { error?: Record<string, string[]> };
  backupCodes?: string[];
  next?: string;
};

/** A signed-in browser for a new account (a seller, an admin if asked). */
async function browserFor(o: { admin?: boolean } = {}) {
  const persona = await h.persona(o.admin ? "admin" : "seller");
  return { jar: new Jar(persona.cookie), viewer: persona.viewer, email: persona.viewer.email };
}

/** Turns two-factor sign-in on through the page: password, then the app's code. Returns the URI and backup codes. */
async function turnOn(b: { jar: Jar }) {
  const start = await raw(accountTwoFactor.action, {
    path: "/account/two-factor",
    form: { intent: "start", password: PASSWORD },
    jar: b.jar,
  });
  expect(start.status).toBe(302);
  b.jar.apply(start.setCookies);
  const page = (await raw(accountTwoFactor.loader, { path: "/account/two-factor", jar: b.jar })).body as SetupState;
  expect(page.setup).not.toBeNull();
  const uri = page.setup!.uri;
  const app = authenticatorApp(uri);
  const confirm = await raw(accountTwoFactor.action, {
    path: "/account/two-factor",
    form: { intent: "confirm", code: await app.next() },
    jar: b.jar,
  });
  expect(confirm.status).toBe(200);
  b.jar.apply(confirm.setCookies);
  return { uri, app, backupCodes: (confirm.body as Reply).backupCodes! };
}

/** The sign-in form with the password: the answer and the browser afterwards. */
async function passwordStep(email: string, o: { redirectTo?: string; jar?: Jar } = {}) {
  const jar = o.jar ?? new Jar();
  const answer = await raw(signin.action, {
    path: "/signin",
    form: { intent: "signin", email, password: PASSWORD, redirectTo: o.redirectTo ?? "" },
    jar,
  });
  jar.apply(answer.setCookies);
  return { answer, jar };
}

const codeStep = (jar: Jar, form: Record<string, string>, path = "/signin/two-factor") =>
  raw(signinTwoFactor.action, { path, form: { intent: "totp", ...form }, jar }).then((a) => {
    jar.apply(a.setCookies);
    return a;
  });

const viewerOf = (jar: Jar) => getViewer(new Request(`${BASE}/`, { headers: { cookie: jar.header } }));
const sessionsOf = async (userId: string) =>
  (await h.rt.db.select().from(schema.session).where(eq(schema.session.userId, userId))).length;
const auditOf = (userId: string, action: string) =>
  h.rt.db
    .select()
    .from(schema.auditEvents)
    .where(and(eq(schema.auditEvents.entityId, userId), eq(schema.auditEvents.action, action)));
const fieldError = (a: Raw) => Object.values((a.body as Reply).result?.error ?? {}).flat()[0];

async function withSetting<T>(value: "required" | "optional", work: () => Promise<T>) {
  const before = h.rt.env.ADMIN_TWO_FACTOR;
  h.rt.env.ADMIN_TWO_FACTOR = value;
  try {
    return await work();
  } finally {
    h.rt.env.ADMIN_TWO_FACTOR = before;
  }
}

// ------------------------------------------------------------ the tests

describe("turning it on", () => {
  it("takes the password, shows the key and QR code, and takes effect only once a code from the app confirms it", async () => {
    const b = await browserFor();
    const wrong = await raw(accountTwoFactor.action, {
      path: "/account/two-factor",
      form: { intent: "start", password: "Not-The-Password-1" },
      jar: b.jar,
    });
    expect(wrong.status).toBe(400);
    expect(fieldError(wrong)).toBe(TWO_FACTOR_MESSAGES.passwordWrong);
    expect(
      await h.rt.db.select().from(schema.twoFactor).where(eq(schema.twoFactor.userId, b.viewer.userId)),
    ).toHaveLength(0);

    const start = await raw(accountTwoFactor.action, {
      path: "/account/two-factor",
      form: { intent: "start", password: PASSWORD },
      jar: b.jar,
    });
    expect(start.status).toBe(302);
    const page = (await raw(accountTwoFactor.loader, { path: "/account/two-factor", jar: b.jar })).body as SetupState;
    expect(page.enabled).toBe(false);
    expect(page.setup!.uri).toMatch(
      /^otpauth:\/\/totp\/DealEquip:.+\?secret=[A-Z2-7]+&issuer=DealEquip&digits=6&period=30$/,
    );
    expect(page.setup!.uri).toContain(encodeURIComponent(b.email));
    expect(page.setup!.uri).toContain(`secret=${page.setup!.secret}`);
    expect(page.setup!.qr.size).toBeGreaterThanOrEqual(21);
    expect(page.setup!.qr.path).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);

    // Not in effect yet: a sign-in still gets a session with the password alone.
    const before = await signInWithPassword({
      runtime: h.rt,
      email: b.email,
      password: PASSWORD,
      request: new Request(`${BASE}/signin`, { method: "POST" }),
    });
    expect(before.userId).toBe(b.viewer.userId);

    const bad = await raw(accountTwoFactor.action, {
      path: "/account/two-factor",
      form: { intent: "confirm", code: wrongTotp(page.setup!.uri) },
      jar: b.jar,
    });
    expect(bad.status).toBe(400);
    expect(fieldError(bad)).toBe(TWO_FACTOR_MESSAGES.codeWrong);
    const notDigits = await raw(accountTwoFactor.action, {
      path: "/account/two-factor",
      form: { intent: "confirm", code: "12ab56" },
      jar: b.jar,
    });
    expect(notDigits.status).toBe(400);
    expect((await viewerOf(b.jar))!.twoFactorEnabled).toBe(false);

    // The code from the app (as typed: "123 456"): on, with ten backup codes shown once; the session stays.
    const code = totp(page.setup!.uri);
    const confirm = await raw(accountTwoFactor.action, {
      path: "/account/two-factor",
      form: { intent: "confirm", code: `${code.slice(0, 3)} ${code.slice(3)}` },
      jar: b.jar,
    });
    expect(confirm.status).toBe(200);
    const reply = confirm.body as Reply;
    expect(reply.backupCodes).toHaveLength(10);
    // Capitals and digits without the look-alikes (0/O, 1/I/L).
    expect(reply.backupCodes!.every((c) => /^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/.test(c))).toBe(true);
    expect(new Set(reply.backupCodes).size).toBe(10);
    b.jar.apply(confirm.setCookies);
    const viewer = await viewerOf(b.jar);
    expect(viewer?.userId).toBe(b.viewer.userId);
    expect(viewer?.twoFactorEnabled).toBe(true);
    const after = (await raw(accountTwoFactor.loader, { path: "/account/two-factor", jar: b.jar })).body as SetupState;
    expect(after).toMatchObject({ enabled: true, setup: null, backupCodesLeft: 10 });
    expect(await auditOf(b.viewer.userId, "user.two-factor-on")).toHaveLength(1);
  });

  it("cancelling a setup not yet confirmed leaves it off", async () => {
    const b = await browserFor();
    await raw(accountTwoFactor.action, {
      path: "/account/two-factor",
      form: { intent: "start", password: PASSWORD },
      jar: b.jar,
    });
    const cancel = await raw(accountTwoFactor.action, {
      path: "/account/two-factor",
      form: { intent: "cancel" },
      jar: b.jar,
    });
    expect(cancel.status).toBe(302);
    const page = (await raw(accountTwoFactor.loader, { path: "/account/two-factor", jar: b.jar })).body as SetupState;
    expect(page).toMatchObject({ enabled: false, setup: null });
  });

  it("the page is for signed-in users only", async () => {
    const answer = await raw(accountTwoFactor.loader, { path: "/account/two-factor" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/signin?redirectTo=%2Faccount%2Ftwo-factor");
  });
});

describe("signing in with it on", () => {
  it("the right password gives no session until the code; the sign-in's redirectTo survives", async () => {
    const b = await browserFor();
    const { app } = await turnOn(b);
    const sessions = await sessionsOf(b.viewer.userId);

    const error = await refusal(
      signInWithPassword({
        runtime: h.rt,
        email: b.email,
        password: PASSWORD,
        request: new Request(`${BASE}/signin`, { method: "POST" }),
      }),
    );
    expect(error).toBeInstanceOf(TwoFactorRequiredError);

    const { answer, jar } = await passwordStep(b.email, { redirectTo: "/saved-searches" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/signin/two-factor?redirectTo=%2Fsaved-searches");
    expect(jar.has("session_token")).toBe(false);
    expect(jar.has("two_factor")).toBe(true);
    expect(await viewerOf(jar)).toBeNull();
    expect(await sessionsOf(b.viewer.userId)).toBe(sessions);

    const page = await raw(signinTwoFactor.loader, { path: "/signin/two-factor?redirectTo=%2Fsaved-searches", jar });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ backup: false, redirectTo: "/saved-searches" });

    const done = await codeStep(jar, { code: await app.next(), redirectTo: "/saved-searches" });
    expect(done.status).toBe(302);
    expect(done.location).toBe("/saved-searches");
    expect((await viewerOf(jar))?.userId).toBe(b.viewer.userId);
    expect(jar.has("two_factor")).toBe(false);
    expect(await sessionsOf(b.viewer.userId)).toBe(sessions + 1);

    // The code page without a pending sign-in sends to /signin.
    const none = await raw(signinTwoFactor.loader, { path: "/signin/two-factor" });
    expect(none.status).toBe(302);
    expect(none.location).toBe("/signin");
  });

  it("wrong codes are refused with a clear message; five end the pending sign-in; ten in a row lock the account's codes", async () => {
    const b = await browserFor();
    const { uri, app, backupCodes } = await turnOn(b);
    const wrong = wrongTotp(uri);

    let { jar } = await passwordStep(b.email);
    for (let i = 0; i < 5; i++) {
      const answer = await codeStep(jar, { code: wrong });
      expect(answer.status).toBe(400);
      expect(fieldError(answer)).toBe(TWO_FACTOR_MESSAGES.codeWrong);
    }
    // The sixth: this sign-in is over, even with the right code.
    const over = await codeStep(jar, { code: await app.next() });
    expect(over.status).toBe(302);
    expect(over.location).toBe("/signin");
    expect(await viewerOf(jar)).toBeNull();

    // Five more on a new sign-in make ten in a row: the account's codes are locked for 15 minutes.
    ({ jar } = await passwordStep(b.email));
    for (let i = 0; i < 5; i++) expect((await codeStep(jar, { code: wrong })).status).toBe(400);
    ({ jar } = await passwordStep(b.email));
    // (Any right code, a backup code too.)
    const locked = await raw(signinTwoFactor.action, {
      path: "/signin/two-factor",
      form: { intent: "backup", code: backupCodes[0]! },
      jar,
    });
    expect(locked.status).toBe(429);
    expect(fieldError(locked) ?? (locked.body as Reply).toast?.description).toBe(TWO_FACTOR_MESSAGES.locked);
    expect(await viewerOf(jar)).toBeNull();

    // The app counted every wrong code for the account too.
    const [row] = (
      await h.rt.db.execute(sql`select count from rate_limits where key = ${`two-factor:account:${b.viewer.userId}`}`)
    ).rows as { count: number }[];
    expect(Number(row!.count)).toBe(10);
  });

  it("past the app's own limit for the account, even the right code waits", async () => {
    const b = await browserFor();
    const { app } = await turnOn(b);
    await h.rt.db.execute(
      sql`insert into rate_limits (key, window_start, count) values (${`two-factor:account:${b.viewer.userId}`}, now(), 20)`,
    );
    const { jar } = await passwordStep(b.email);
    const answer = await codeStep(jar, { code: await app.next() });
    expect(answer.status).toBe(429);
    expect(await viewerOf(jar)).toBeNull();
  });

  it("a backup code signs in once; used again it is refused; new codes replace the old ones", async () => {
    const b = await browserFor();
    const { backupCodes } = await turnOn(b);

    let { jar } = await passwordStep(b.email);
    const first = await raw(signinTwoFactor.action, {
      path: "/signin/two-factor",
      form: { intent: "backup", code: backupCodes[0]! },
      jar,
    });
    jar.apply(first.setCookies);
    expect(first.status).toBe(302);
    expect((await viewerOf(jar))?.userId).toBe(b.viewer.userId);
    expect(await auditOf(b.viewer.userId, "user.backup-code-used")).toHaveLength(1);

    ({ jar } = await passwordStep(b.email));
    const again = await raw(signinTwoFactor.action, {
      path: "/signin/two-factor",
      form: { intent: "backup", code: backupCodes[0]! },
      jar,
    });
    expect(again.status).toBe(400);
    expect(fieldError(again)).toBe(TWO_FACTOR_MESSAGES.backupCodeWrong);
    // Typed without the dash, the next one works.
    const second = await raw(signinTwoFactor.action, {
      path: "/signin/two-factor",
      form: { intent: "backup", code: backupCodes[1]!.replace("-", "") },
      jar,
    });
    expect(second.status).toBe(302);

    // New backup codes (the password again): the old ones stop working.
    const fresh = await raw(accountTwoFactor.action, {
      path: "/account/two-factor",
      form: { intent: "backup-codes", password: PASSWORD },
      jar: b.jar,
    });
    expect(fresh.status).toBe(200);
    const newCodes = (fresh.body as Reply).backupCodes!;
    expect(newCodes).toHaveLength(10);
    expect(await auditOf(b.viewer.userId, "user.backup-codes-new")).toHaveLength(1);
    ({ jar } = await passwordStep(b.email));
    expect(
      (
        await raw(signinTwoFactor.action, {
          path: "/signin/two-factor",
          form: { intent: "backup", code: backupCodes[2]! },
          jar,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await raw(signinTwoFactor.action, {
          path: "/signin/two-factor",
          form: { intent: "backup", code: newCodes[0]! },
          jar,
        })
      ).status,
    ).toBe(302);
  });

  it("“Trust this device for 30 days” skips the code on that browser only", async () => {
    const b = await browserFor();
    const { app } = await turnOn(b);
    const { jar } = await passwordStep(b.email);
    expect((await codeStep(jar, { code: await app.next(), trustDevice: "on" })).status).toBe(302);
    expect(jar.has("trust_device")).toBe(true);
    // Signed out, then in again on the same browser: no code asked.
    const trusted = new Jar().apply([...jar.header.split("; ").filter((c) => c.includes("trust_device"))]);
    const again = await passwordStep(b.email, { jar: trusted });
    expect(again.answer.status).toBe(302);
    expect(again.answer.location).not.toContain("two-factor");
    expect((await viewerOf(again.jar))?.userId).toBe(b.viewer.userId);
    // Another browser still needs it.
    expect((await passwordStep(b.email)).answer.location).toBe("/signin/two-factor");

    // Turned off on the account page (another browser) and on again: the old trust is gone everywhere.
    const off = await raw(accountTwoFactor.action, {
      path: "/account/two-factor",
      form: { intent: "disable", password: PASSWORD, code: await app.next() },
      jar: b.jar,
    });
    expect(off.status).toBe(302);
    b.jar.apply(off.setCookies);
    await turnOn(b);
    const afterReset = await passwordStep(b.email, { jar: trusted });
    expect(afterReset.answer.location).toBe("/signin/two-factor");
  });

  it("the confirmation link's automatic sign-in also asks for the code (the same path as Continue with Google)", async () => {
    const b = await browserFor();
    await turnOn(b);
    // An address not confirmed (changed by hand here): its confirmation link would sign in by itself.
    await h.rt.db.update(schema.user).set({ emailVerified: false }).where(eq(schema.user.id, b.viewer.userId));
    await resendConfirmation({ runtime: h.rt, email: b.email, ip: "192.0.2.77" });
    const [mail] = await h.rt.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.toAddress, b.email));
    const link = /https?:\/\/\S+verify-email\?\S+/.exec(mail!.text)![0];
    const path = link.replace(/^https?:\/\/[^/]+/, "");
    const sessions = await sessionsOf(b.viewer.userId);
    const jar = new Jar();
    const answer = await raw(authApi.loader, { path, jar });
    jar.apply(answer.setCookies);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/signin/two-factor");
    expect(jar.has("two_factor")).toBe(true);
    expect(await viewerOf(jar)).toBeNull();
    expect(await sessionsOf(b.viewer.userId)).toBe(sessions);
  });
});

describe("a code from the app is accepted once", () => {
  const lastUsedStep = async (userId: string) =>
    (
      await h.rt.db
        .select({ step: schema.twoFactor.lastUsedStep })
        .from(schema.twoFactor)
        .where(eq(schema.twoFactor.userId, userId))
    )[0]?.step;

  it("the code that confirmed the setup, or that signed in, is refused the second time, with the reason", async () => {
    const b = await browserFor();
    const { app } = await turnOn(b);
    const setupStep = app.lastStep;
    expect(await lastUsedStep(b.viewer.userId)).toBe(setupStep);

    // Signing in with the code that turned it on.
    let { jar } = await passwordStep(b.email);
    const again = await codeStep(jar, { code: app.codeOf(setupStep) });
    expect(again.status).toBe(400);
    expect(fieldError(again)).toBe(TWO_FACTOR_MESSAGES.codeReused);
    expect(await viewerOf(jar)).toBeNull();

    // Two sign-ins at once with one new code: exactly one gets in.
    const code = await app.next();
    const first = (await passwordStep(b.email)).jar;
    const second = (await passwordStep(b.email)).jar;
    const answers = await Promise.all([codeStep(first, { code }), codeStep(second, { code })]);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 400]);
    expect(answers.map(fieldError).filter(Boolean)).toEqual([TWO_FACTOR_MESSAGES.codeReused]);
    expect(await lastUsedStep(b.viewer.userId)).toBe(app.lastStep);

    // And once more afterwards, on a new sign-in: refused.
    ({ jar } = await passwordStep(b.email));
    expect(fieldError(await codeStep(jar, { code }))).toBe(TWO_FACTOR_MESSAGES.codeReused);
    expect(await viewerOf(jar)).toBeNull();
  });

  it("turning it off with a code already used is refused, and it stays on", async () => {
    const b = await browserFor();
    const { app } = await turnOn(b);
    const off = await raw(accountTwoFactor.action, {
      path: "/account/two-factor",
      form: { intent: "disable", password: PASSWORD, code: app.codeOf(app.lastStep) },
      jar: b.jar,
    });
    expect(off.status).toBe(400);
    expect(fieldError(off)).toBe(TWO_FACTOR_MESSAGES.codeReused);
    expect((await viewerOf(b.jar))?.twoFactorEnabled).toBe(true);
    expect(await auditOf(b.viewer.userId, "user.two-factor-off")).toHaveLength(0);
    // Counted like a wrong code.
    const [row] = (
      await h.rt.db.execute(sql`select count from rate_limits where key = ${`two-factor:account:${b.viewer.userId}`}`)
    ).rows as { count: number }[];
    expect(Number(row!.count)).toBe(1);
  });

  it("the step is the one the code belongs to: the app's step now, or one either side", async () => {
    const b = await browserFor();
    const { uri, app } = await turnOn(b);
    // A code of a step still to come (past the one after now) is not right yet, and claims nothing.
    const { jar } = await passwordStep(b.email);
    const early = await codeStep(jar, { code: totp(uri, { at: (stepAt() + 3) * 30_000 }) });
    expect(fieldError(early)).toBe(TWO_FACTOR_MESSAGES.codeWrong);
    expect(await lastUsedStep(b.viewer.userId)).toBe(app.lastStep);
  });
});

describe("backup codes as people type them", () => {
  it("any case, with spaces or without the dash, at sign-in and to turn it off", async () => {
    const b = await browserFor();
    const { backupCodes } = await turnOn(b);
    let { jar } = await passwordStep(b.email);
    const typed = ` ${backupCodes[0]!.toLowerCase().replace("-", " ")} `;
    const answer = await raw(signinTwoFactor.action, {
      path: "/signin/two-factor",
      form: { intent: "backup", code: typed },
      jar,
    });
    expect(answer.status).toBe(302);
    jar.apply(answer.setCookies);
    expect((await viewerOf(jar))?.userId).toBe(b.viewer.userId);
    // Used: refused in any spelling.
    ({ jar } = await passwordStep(b.email));
    const reused = await raw(signinTwoFactor.action, {
      path: "/signin/two-factor",
      form: { intent: "backup", code: backupCodes[0]! },
      jar,
    });
    expect(fieldError(reused)).toBe(TWO_FACTOR_MESSAGES.backupCodeWrong);

    const off = await raw(accountTwoFactor.action, {
      path: "/account/two-factor",
      form: { intent: "disable", password: PASSWORD, code: backupCodes[1]!.toLowerCase().replace("-", "") },
      jar: b.jar,
    });
    expect(off.status).toBe(302);
    expect((await viewerOf(b.jar))?.twoFactorEnabled).toBe(false);
  });
});

describe("the audit row and the change are one", () => {
  const ACTIONS = ["user.two-factor-on", "user.two-factor-off", "user.backup-codes-new"];
  /** The database refuses these audit rows (a trigger), as a failing write would. */
  async function withFailingAudit(work: () => Promise<void>) {
    await h.rt.db.execute(
      sql.raw(`create or replace function test_refuse_audit() returns trigger language plpgsql as $$
        begin raise exception 'audit write failed'; end $$`),
    );
    await h.rt.db.execute(
      sql.raw(`create trigger test_refuse_audit before insert on audit_events for each row
        when (new.action in (${ACTIONS.map((a) => `'${a}'`).join(", ")})) execute function test_refuse_audit()`),
    );
    try {
      await work();
    } finally {
      await h.rt.db.execute(sql.raw("drop trigger test_refuse_audit on audit_events"));
      await h.rt.db.execute(sql.raw("drop function test_refuse_audit()"));
    }
  }
  const rowOf = async (userId: string) =>
    (await h.rt.db.select().from(schema.twoFactor).where(eq(schema.twoFactor.userId, userId)))[0];
  const enabledOf = async (userId: string) =>
    (await h.rt.db.select({ on: schema.user.twoFactorEnabled }).from(schema.user).where(eq(schema.user.id, userId)))[0]
      ?.on;

  it("a failing audit write leaves two-factor sign-in as it was: not turned on, not turned off, the same backup codes", async () => {
    // Turning on.
    const b = await browserFor();
    await raw(accountTwoFactor.action, {
      path: "/account/two-factor",
      form: { intent: "start", password: PASSWORD },
      jar: b.jar,
    });
    const { setup } = (await raw(accountTwoFactor.loader, { path: "/account/two-factor", jar: b.jar }))
      .body as SetupState;
    const app = authenticatorApp(setup!.uri);
    const viewer = (await viewerOf(b.jar))!;
    await withFailingAudit(async () => {
      await expect(confirmTwoFactorSetup({ runtime: h.rt, viewer, code: await app.next() })).rejects.toThrow();
    });
    expect(await rowOf(b.viewer.userId)).toMatchObject({ verified: false, lastUsedStep: null });
    expect(await enabledOf(b.viewer.userId)).toBe(false);
    expect(await auditOf(b.viewer.userId, "user.two-factor-on")).toHaveLength(0);
    // Then it works (a new code: the one above was not used up).
    await confirmTwoFactorSetup({ runtime: h.rt, viewer, code: app.codeOf(app.lastStep) });
    expect(await enabledOf(b.viewer.userId)).toBe(true);
    expect(await auditOf(b.viewer.userId, "user.two-factor-on")).toHaveLength(1);

    // New backup codes, and turning off.
    const on = (await viewerOf(b.jar))!;
    const request = new Request(`${BASE}/account/two-factor`, { method: "POST", headers: { cookie: b.jar.header } });
    const before = await rowOf(b.viewer.userId);
    await withFailingAudit(async () => {
      await expect(createNewBackupCodes({ runtime: h.rt, viewer: on, password: PASSWORD, request })).rejects.toThrow();
      await expect(
        turnOffTwoFactor({ runtime: h.rt, viewer: on, password: PASSWORD, code: await app.next(), request }),
      ).rejects.toThrow();
    });
    expect(await rowOf(b.viewer.userId)).toMatchObject({ backupCodes: before!.backupCodes, verified: true });
    expect(await enabledOf(b.viewer.userId)).toBe(true);
    expect(await auditOf(b.viewer.userId, "user.backup-codes-new")).toHaveLength(0);
    expect(await auditOf(b.viewer.userId, "user.two-factor-off")).toHaveLength(0);
  });
});

describe("turning it off", () => {
  it("takes the password and a code; then signing in takes the password alone", async () => {
    const b = await browserFor();
    const { uri, app, backupCodes } = await turnOn(b);
    const badPassword = await raw(accountTwoFactor.action, {
      path: "/account/two-factor",
      form: { intent: "disable", password: "Nope-Nope-2026", code: await app.next() },
      jar: b.jar,
    });
    expect(badPassword.status).toBe(400);
    expect(fieldError(badPassword)).toBe(TWO_FACTOR_MESSAGES.passwordWrong);
    const badCode = await raw(accountTwoFactor.action, {
      path: "/account/two-factor",
      form: { intent: "disable", password: PASSWORD, code: wrongTotp(uri) },
      jar: b.jar,
    });
    expect(badCode.status).toBe(400);
    expect(fieldError(badCode)).toBe(TWO_FACTOR_MESSAGES.codeWrong);
    const noCode = await raw(accountTwoFactor.action, {
      path: "/account/two-factor",
      form: { intent: "disable", password: PASSWORD, code: "" },
      jar: b.jar,
    });
    expect(noCode.status).toBe(400);
    expect((await viewerOf(b.jar))?.twoFactorEnabled).toBe(true);

    // A backup code will do too (a lost phone).
    const off = await raw(accountTwoFactor.action, {
      path: "/account/two-factor",
      form: { intent: "disable", password: PASSWORD, code: backupCodes[0]! },
      jar: b.jar,
    });
    expect(off.status).toBe(302);
    b.jar.apply(off.setCookies);
    expect((await viewerOf(b.jar))?.twoFactorEnabled).toBe(false);
    expect(
      await h.rt.db.select().from(schema.twoFactor).where(eq(schema.twoFactor.userId, b.viewer.userId)),
    ).toHaveLength(0);
    expect(await auditOf(b.viewer.userId, "user.two-factor-off")).toHaveLength(1);
    const { answer } = await passwordStep(b.email);
    expect(answer.location).toBe("/seller-dashboard");
  });
});

describe("admins where ADMIN_TWO_FACTOR=required", () => {
  const adminPages: [string, RouteFn][] = [
    ["/admin", adminLayout.loader],
    ["/admin", adminListings.loader],
    ["/admin/users", adminUsers.loader],
    ["/email-test", emailTest.loader],
    ["/admin-auth-fix", adminAuthFix.loader],
    ["/admin/mailbox", mailbox.loader],
  ];

  it("the default follows PUBLIC_URL, and the start-up banner says which applies and why", () => {
    expect(parseEnv({ PUBLIC_URL: "https://machinery.example.co.za" }).ADMIN_TWO_FACTOR).toBe("required");
    expect(parseEnv({ PUBLIC_URL: "http://localhost:3000" }).ADMIN_TWO_FACTOR).toBe("optional");
    expect(parseEnv({}).ADMIN_TWO_FACTOR).toBe("optional");
    expect(
      parseEnv({ PUBLIC_URL: "https://machinery.example.co.za", ADMIN_TWO_FACTOR: "optional" }).ADMIN_TWO_FACTOR,
    ).toBe("optional");
    expect(() => parseEnv({ ADMIN_TWO_FACTOR: "sometimes" })).toThrow(
      /ADMIN_TWO_FACTOR must be "required" or "optional"/,
    );
    expect(adminTwoFactorLine(parseEnv({ PUBLIC_URL: "https://m.example.co.za" }))).toMatch(
      /required \(the default for an https:\/\/ PUBLIC_URL/,
    );
    expect(adminTwoFactorLine(parseEnv({ PUBLIC_URL: "http://localhost:3000" }))).toMatch(
      /optional \(the default for an http:\/\/ PUBLIC_URL/,
    );
    expect(adminTwoFactorLine(parseEnv({ ADMIN_TWO_FACTOR: "required" }))).toBe(
      "two-factor sign-in required (ADMIN_TWO_FACTOR=required)",
    );
  });

  it("optional: an admin without it opens the admin pages", async () => {
    const admin = await browserFor({ admin: true });
    await withSetting("optional", async () => {
      for (const [path, loader] of adminPages)
        expect((await raw(loader, { path, jar: admin.jar })).status, path).toBe(200);
    });
  });

  it("required: an admin without it is sent to set it up before any admin page or action, then comes back", async () => {
    const admin = await browserFor({ admin: true });
    const other = await h.persona("buyer");
    await withSetting("required", async () => {
      const viewer = await viewerOf(admin.jar);
      expect(viewer).toMatchObject({ isAdmin: false, adminNeedsTwoFactor: true, twoFactorEnabled: false });
      for (const [path, loader] of adminPages) {
        const answer = await raw(loader, { path, jar: admin.jar });
        expect(answer.status, path).toBe(302);
        expect(answer.location, path).toBe(`/account/two-factor?required=1&redirectTo=${encodeURIComponent(path)}`);
      }
      // An admin action too (and nothing changes).
      const ban = await raw(adminUser.action, {
        path: `/admin/users/${other.viewer.userId}`,
        form: { intent: "ban" },
        jar: admin.jar,
      });
      expect(ban.status).toBe(302);
      expect(ban.location).toContain("/account/two-factor?required=1");
      const [target] = await h.rt.db
        .select({ banned: schema.user.banned })
        .from(schema.user)
        .where(eq(schema.user.id, other.viewer.userId));
      expect(target!.banned).toBe(false);

      // The setup page says why; turning it on opens the admin pages, and the page offers the way back.
      const page = (
        await raw(accountTwoFactor.loader, {
          path: "/account/two-factor?required=1&redirectTo=%2Fadmin%2Fusers",
          jar: admin.jar,
        })
      ).body as SetupState;
      expect(page).toMatchObject({ required: true, requiredForAdmin: true, enabled: false });
      const start = await raw(accountTwoFactor.action, {
        path: "/account/two-factor?required=1&redirectTo=%2Fadmin%2Fusers",
        form: { intent: "start", password: PASSWORD },
        jar: admin.jar,
      });
      expect(start.location).toBe("/account/two-factor?required=1&redirectTo=%2Fadmin%2Fusers");
      const { setup } = (await raw(accountTwoFactor.loader, { path: "/account/two-factor", jar: admin.jar }))
        .body as SetupState;
      const confirm = await raw(accountTwoFactor.action, {
        path: "/account/two-factor?required=1&redirectTo=%2Fadmin%2Fusers",
        form: { intent: "confirm", code: totp(setup!.uri) },
        jar: admin.jar,
      });
      expect((confirm.body as Reply).next).toBe("/admin/users");
      admin.jar.apply(confirm.setCookies);
      expect(await viewerOf(admin.jar)).toMatchObject({
        isAdmin: true,
        adminNeedsTwoFactor: false,
        twoFactorEnabled: true,
      });
      for (const [path, loader] of adminPages)
        expect((await raw(loader, { path, jar: admin.jar })).status, path).toBe(200);

      // And it cannot be turned off while the account has admin access.
      const off = await raw(accountTwoFactor.action, {
        path: "/account/two-factor",
        form: { intent: "disable", password: PASSWORD, code: totp(setup!.uri) },
        jar: admin.jar,
      });
      expect(off.status).toBe(403);
      expect((off.body as Reply).toast?.description).toBe(TWO_FACTOR_MESSAGES.requiredForAdmins);
      expect((await viewerOf(admin.jar))?.twoFactorEnabled).toBe(true);
    });
  });

  it("granting admin access to an account without it is refused where required, allowed where optional", async () => {
    const granter = await browserFor({ admin: true });
    await turnOn(granter);
    const without = await h.persona("buyer");
    const withIt = await browserFor();
    await turnOn(withIt);
    await withSetting("required", async () => {
      const admin = (await viewerOf(granter.jar))!;
      expect(admin.isAdmin).toBe(true);
      const error = await refusal(
        setUserAccess({ runtime: h.rt, admin, userId: without.viewer.userId, change: "grant-admin" }),
      );
      expect(error.message).toBe(ADMIN_NEEDS_TWO_FACTOR);
      expect(error.status).toBe(409);
      const [row] = await h.rt.db
        .select()
        .from(schema.adminAccess)
        .where(eq(schema.adminAccess.userId, without.viewer.userId));
      expect(row).toBeUndefined();
      await setUserAccess({ runtime: h.rt, admin, userId: withIt.viewer.userId, change: "grant-admin" });
    });
    await withSetting("optional", async () => {
      const admin = (await viewerOf(granter.jar))!;
      await setUserAccess({ runtime: h.rt, admin, userId: without.viewer.userId, change: "grant-admin" });
      const [row] = await h.rt.db
        .select()
        .from(schema.adminAccess)
        .where(eq(schema.adminAccess.userId, without.viewer.userId));
      expect(row?.isActive).toBe(true);
    });
  });
});

describe("better-auth's two-factor endpoints over HTTP", () => {
  it("answer 404, signed in or not (the pages call them on the server)", async () => {
    const b = await browserFor();
    const { uri } = await turnOn(b);
    const paths = (Object.values(h.rt.auth.api) as { path?: string }[])
      .map((e) => e.path)
      .filter((p): p is string => Boolean(p?.startsWith("/two-factor")));
    for (const p of [
      "/two-factor/enable",
      "/two-factor/disable",
      "/two-factor/verify-totp",
      "/two-factor/verify-backup-code",
      "/two-factor/generate-backup-codes",
      "/two-factor/get-totp-uri",
    ]) {
      expect(paths).toContain(p);
    }
    const before = await h.rowCounts();
    for (const path of paths) {
      expect(isAllowedAuthRequest("POST", `/api/auth${path}`)).toBe(false);
      for (const cookie of [b.jar.header, ""]) {
        const answer = await h.call(authApi.action, {
          path: `/api/auth${path}`,
          method: "POST",
          cookie: cookie || undefined,
          body: JSON.stringify({ password: PASSWORD, code: totp(uri), userId: b.viewer.userId }),
          headers: { "content-type": "application/json", origin: BASE },
        });
        expect(answer.status, path).toBe(404);
      }
      expect(
        (await h.call(authApi.loader, { path: `/api/auth${path}`, method: "GET", cookie: b.jar.header })).status,
        path,
      ).toBe(404);
    }
    expect(await h.rowCounts()).toEqual(before);
  });
});
