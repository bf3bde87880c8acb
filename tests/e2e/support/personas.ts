/**
 * Who the browser tests act as. The demo log-ins (visitor, buyer, seller =
 * seller1, otherSeller = seller2, admin) plus two personas made for real in
 * the test: a buyer without a profile (signed in with "Google", no role
 * chosen yet) and a banned user (signed up, confirmed, signed in, then banned
 * through the admin's own action: their old cookie is all they have left).
 */
import {
  request as playwrightRequest,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../../db/demo-accounts.ts";
import { BASE_URL, OIDC_PORT } from "../../../playwright.config.ts";
import type { Persona } from "../permission-matrix.ts";
import { createConfirmedAccount, TEST_PASSWORD } from "./accounts.ts";
import { gotoReady, uniqueEmail } from "./steps.ts";
import { signIn } from "../../../scripts/lib/app-server.ts";

export type DemoRole = "buyer" | "seller" | "otherSeller" | "admin";

export function demoUser(role: "admin" | "buyer" | "seller" | "otherSeller") {
  const u =
    role === "otherSeller"
      ? DEMO_ACCOUNTS.users.find((x) => x.email.startsWith("seller2@"))!
      : DEMO_ACCOUNTS.users.find((x) => x.role === role)!;
  return { ...u, password: DEMO_ACCOUNTS.password };
}

/** Where the sign-in form sends each demo persona. */
export const LANDING: Record<DemoRole, RegExp> = {
  buyer: /\/buyer-catalog$/,
  seller: /\/seller-dashboard$/,
  otherSeller: /\/seller-dashboard$/,
  admin: /\/admin$/,
};

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/**
 * Each demo persona signs in once per worker, and the tests that are not about
 * signing in reuse that session (its cookies). A test that signs out, or does
 * anything else that ends a session, takes a session of its own
 * (`signedIn`) so that the shared one stays valid.
 */
const browserSessions = new Map<DemoRole, Promise<StorageState>>();

function remembered(cache: Map<DemoRole, Promise<StorageState>>, role: DemoRole, make: () => Promise<StorageState>) {
  let state = cache.get(role);
  if (!state) {
    state = make();
    cache.set(role, state);
    // A failed sign-in is not remembered: the next test tries again.
    state.catch(() => cache.delete(role));
  }
  return state;
}

/** The persona's shared session, made by signing in through the sign-in form (and landing where the persona lands). */
export function sessionState(browser: Browser, role: DemoRole) {
  return remembered(browserSessions, role, async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const u = demoUser(role);
      await signInThroughForm(page, u.email, u.password);
      await expect(page, `${role} lands on their start page`).toHaveURL(LANDING[role]);
      return await context.storageState();
    } finally {
      await context.close();
    }
  });
}

/** An HTTP client signed in as a demo persona (or none for a visitor). */
export async function clientFor(persona: "visitor" | DemoRole): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL: BASE_URL });
  if (persona === "visitor") return ctx;
  const u = demoUser(persona);
  const res = await ctx.post("/signin", {
    form: { intent: "signin", email: u.email, password: u.password },
    maxRedirects: 0,
  });
  expect(res.status(), `sign-in as ${persona}`).toBe(302);
  return ctx;
}

/** A browser page signed in as a demo persona through the sign-in form, a session of its own, on the persona's start page. */
export async function signedIn(browser: Browser, role: DemoRole) {
  const page = await (await browser.newContext()).newPage();
  const u = demoUser(role);
  await signInThroughForm(page, u.email, u.password);
  await expect(page).not.toHaveURL(/\/signin/);
  return page;
}

/**
 * A browser page with the demo persona's shared session (see `sessionState`),
 * still blank: navigate first. For tests that are not about signing in and
 * do not end the session (one that signs out takes `signedIn`).
 */
export async function sessionPage(browser: Browser, role: DemoRole, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ ...options, storageState: await sessionState(browser, role) });
  return context.newPage();
}

/** Gives a page (the `page` fixture, say) the persona's shared session: no sign-in form, no page load. */
export async function withSession(page: Page, role: DemoRole) {
  const browser = page.context().browser();
  if (!browser) throw new Error("withSession needs a page of a launched browser");
  await page.context().addCookies((await sessionState(browser, role)).cookies);
}

/**
 * Signs a page in as any account through the sign-in form's action (one POST
 * from the page's own context, which keeps the cookie) instead of filling the
 * form: for tests that need someone signed in but are not about signing in.
 * Returns where the sign-in sends them.
 */
export async function signInByRequest(page: Page, email: string, password: string) {
  const res = await page.request.post("/signin", {
    form: { intent: "signin", email, password },
    headers: { Origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(res.status(), `sign-in as ${email}`).toBe(302);
  const location = res.headers()["location"] ?? "";
  expect(location, `sign-in as ${email}`).not.toMatch(/\/signin/);
  return location;
}

export { gotoReady, uniqueEmail };

/** The first listing a catalogue page links to (its path). */
export async function firstListingPath(page: Page, catalog = "/equipment") {
  await gotoReady(page, catalog);
  return (await page.locator('a[href^="/listing/"]').first().getAttribute("href")) ?? catalog;
}

/** Every admin page that takes no parameter: the accessibility and layout suites visit them all. */
export const ADMIN_PAGES = [
  "/admin",
  "/admin/users",
  "/admin/messages",
  "/admin/requests",
  "/admin/invitations",
  "/admin/audit",
  "/admin/verifications",
  "/admin/mailbox",
  "/email-test",
  "/admin-auth-fix",
];

export async function signInThroughForm(page: Page, email: string, password: string) {
  await gotoReady(page, "/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

// ---- Sessions as plain cookie headers (for the permission matrix: no state kept between requests) ----

/** Signs in through the real form action and returns the session cookie (fails unless it is a 302 with a session). */
export const sessionCookie = (email: string, password: string) => signIn(BASE_URL, email, password);

/** Someone the tests can act as: the cookie and their own account (for bodies like "sign in as yourself"). */
export type Session = { cookie: string; email: string; password: string; fullName: string; userId?: string };

/**
 * "Continue with Google" through the local OpenID provider (API requests, no
 * browser): a new, verified user without a role or profile.
 */
export async function googleUserWithoutProfile(): Promise<Session> {
  const email = uniqueEmail("no-profile");
  const ctx = await playwrightRequest.newContext({ baseURL: BASE_URL });
  try {
    const start = await ctx.post("/signin", { form: { intent: "google" }, headers: { Origin: BASE_URL }, maxRedirects: 0 });
    expect(start.status(), "Continue with Google").toBe(302);
    const login = await ctx.get(start.headers()["location"]!);
    const loginAction = /<form[^>]*action="([^"]+)"/.exec(await login.text())?.[1];
    expect(loginAction, "the provider's login form").toBeTruthy();
    const oidc = `http://localhost:${OIDC_PORT}`;
    const consent = await ctx.post(new URL(loginAction!, oidc).toString(), { form: { prompt: "login", login: email, password: "any" } });
    const consentAction = /<form[^>]*action="([^"]+)"/.exec(await consent.text())?.[1];
    expect(consentAction, "the provider's consent form").toBeTruthy();
    const done = await ctx.post(new URL(consentAction!, oidc).toString(), { form: { prompt: "consent" } });
    expect(new URL(done.url()).pathname, "a new Google user is asked for a role").toBe("/select-role");
    const cookies = (await ctx.storageState()).cookies.filter((c) => c.name.startsWith("better-auth"));
    return { cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; "), email, password: "", fullName: "Google Tester" };
  } finally {
    await ctx.dispose();
  }
}

/**
 * A real banned user: signs up, confirms, signs in (the cookie we keep), and
 * is then banned by the demo admin through /admin/users/:id. The ban deletes
 * their sessions, so the kept cookie should get a visitor's answers.
 */
export async function bannedUser(): Promise<Session> {
  const account = await createConfirmedAccount({ role: "buyer", prefix: "banned", fullName: "Banned Bheki" });
  const cookie = await sessionCookie(account.email, account.password);
  const admin = await sessionCookie(demoUser("admin").email, demoUser("admin").password);
  const res = await fetch(new URL(`/admin/users/${account.userId}`, BASE_URL), {
    method: "POST",
    redirect: "manual",
    headers: { Origin: BASE_URL, cookie: admin },
    body: new URLSearchParams({ intent: "ban", reason: "permission matrix" }),
  });
  expect(res.status, "the admin bans the user").toBe(200);
  return { cookie, ...account };
}

/** The session each persona of the permission matrix uses (visitor: no cookie). */
export async function sessionFor(persona: Persona): Promise<Session> {
  switch (persona) {
    case "visitor":
      return { cookie: "", email: uniqueEmail("visitor"), password: TEST_PASSWORD, fullName: "Vusi Visitor" };
    case "buyerWithoutProfile":
      return googleUserWithoutProfile();
    case "banned":
      return bannedUser();
    default: {
      const u = demoUser(persona);
      return { cookie: await sessionCookie(u.email, u.password), email: u.email, password: u.password, fullName: u.fullName };
    }
  }
}
