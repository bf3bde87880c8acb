/**
 * The auth edge over real HTTP, on the production build with the production
 * rate limits on (an instance of its own: the shared one runs without them).
 * Sign-in and reset go through the app's forms only, and the client address
 * the limits count is the socket's, whatever X-Forwarded-For says.
 */
import { expect, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../db/demo-accounts.ts";
import { signIn, startAppServer, type AppServer } from "../../scripts/lib/app-server.ts";
import { E2E_PORT } from "../../playwright.config.ts";

const PORT = E2E_PORT + 30;
let app: AppServer;
let adminCookie = "";
const seller = DEMO_ACCOUNTS.users.find((u) => u.email.startsWith("seller1"))!;
const buyer2 = DEMO_ACCOUNTS.users.find((u) => u.email.startsWith("buyer2"))!;
const adminAccount = DEMO_ACCOUNTS.users.find((u) => u.role === "admin")!;


test.describe.configure({ mode: "serial", timeout: 240_000 });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  app = await startAppServer({ port: PORT, seed: true, env: { AUTH_RATE_LIMIT: "1" } });
  // Signed in first: the tests below use up this address's sign-in allowance.
  adminCookie = await signIn(app.url, adminAccount.email, DEMO_ACCOUNTS.password);
});
test.afterAll(async () => {
  await app?.stop();
});


let forgedHop = 0;
/** A different forged address each time, as a script rotating X-Forwarded-For would send. */
const forged = () => {
  forgedHop += 1;
  return { "X-Forwarded-For": `198.51.${Math.floor(forgedHop / 250)}.${forgedHop % 250}`, "X-Real-IP": `203.0.113.${forgedHop % 250}` };
};

function post(path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${app.url}${path}`, {
    method: "POST",
    headers: { Origin: new URL(app.url).origin, ...headers },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
}

const hasSession = (res: Response) => res.headers.getSetCookie().some((c) => /session_token=[^;]/.test(c));

test("after 10 wrong passwords the account waits, and better-auth's own sign-in endpoint is not a way round it", async () => {
  for (let i = 0; i < 10; i++) {
    const res = await post("/signin", { intent: "signin", email: seller.email, password: `Wrong-Pass-${i}` }, forged());
    expect(res.status, await res.clone().text()).toBe(401);
  }
  const limited = await post("/signin", { intent: "signin", email: seller.email, password: DEMO_ACCOUNTS.password }, forged());
  expect(limited.status).toBe(429);
  expect(hasSession(limited)).toBe(false);

  const direct = await fetch(`${app.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: new URL(app.url).origin },
    body: JSON.stringify({ email: seller.email, password: DEMO_ACCOUNTS.password }),
  });
  expect(direct.status).toBe(404);
  expect(hasSession(direct)).toBe(false);
});

test("a rotating X-Forwarded-For does not reset the per-address limit (TRUST_PROXY unset)", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 32; i++) {
    const res = await post("/signin", { intent: "signin", email: `nobody-${i}@example.co.za`, password: "Wrong-Grader-2026" }, forged());
    statuses.push(res.status);
  }
  // 30 failures per address in 10 minutes (the previous test's 11 tries came from this address too).
  expect(statuses).toContain(429);
  expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(30);
});

test("password-reset e-mails to one account stop at the limit, whatever address asks; better-auth's reset endpoint is closed", async () => {
  const direct = await fetch(`${app.url}/api/auth/request-password-reset`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: new URL(app.url).origin },
    body: JSON.stringify({ email: buyer2.email, redirectTo: "/reset-password" }),
  });
  expect(direct.status).toBe(404);

  const statuses: number[] = [];
  for (let i = 0; i < 8; i++) statuses.push((await post("/signin", { intent: "forgot", email: buyer2.email }, forged())).status);
  expect(statuses.slice(0, 5).every((s) => s < 400)).toBe(true);
  expect(statuses.slice(5)).toEqual([429, 429, 429]);

  // The admin's mailbox shows how many were really sent.
  const mailbox = await (await fetch(`${app.url}/admin/mailbox?to=${encodeURIComponent(buyer2.email)}`, { headers: { cookie: adminCookie } })).text();
  const subjects = [...mailbox.matchAll(/href="\/admin\/mailbox\/[0-9a-f-]{36}"[\s\S]*?<span class="font-medium">([^<]*)<\/span>/g)].map((m) => m[1]!);
  const resets = subjects.filter((subject) => /^Reset your .* password$/.test(subject));
  expect(resets.length).toBe(5);
});
