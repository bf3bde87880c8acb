/** Fuzzing the account actions and better-auth's endpoints (see fuzz-support.ts for the properties). */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAllowedAuthRequest } from "#app/lib/auth-edge.server.ts";
import * as authApi from "#app/routes/api/auth.ts";
import * as completeProfile from "#app/routes/auth/complete-profile.tsx";
import * as completeSignup from "#app/routes/auth/complete-signup.tsx";
import * as resetPassword from "#app/routes/auth/reset-password.tsx";
import * as selectRole from "#app/routes/auth/select-role.tsx";
import * as signin from "#app/routes/auth/signin.tsx";
import * as signout from "#app/routes/auth/signout.tsx";
import * as signup from "#app/routes/auth/signup.tsx";
import { fuzzTarget, RUNS, snapshot, valueArb, type Target } from "./fuzz-support.ts";
import { cookieOf, fuzzWorld } from "./fixtures.ts";

let w: Awaited<ReturnType<typeof fuzzWorld>>;
beforeAll(async () => {
  w = await fuzzWorld();
}, 60_000);
afterAll(() => w.h.stop());

const visitor = () => undefined;
const targets = (): Target[] => [
  {
    name: "/signin",
    fn: signin.action,
    path: "/signin",
    cookie: visitor,
    bases: [{ intent: "signin", email: "nobody@example.co.za", password: "Kudu-Grader-2026", redirectTo: "/watchlist" }, { intent: "forgot", email: "nobody@example.co.za" }],
  },
  {
    name: "/signup",
    fn: signup.action,
    path: "/signup",
    cookie: visitor,
    bases: [
      { email: "fresh@example.co.za", password: "Kudu-Grader-2026", confirmPassword: "Kudu-Grader-2026", role: "buyer", fullName: "Fresh", phone: "082 555 1234", commissionAccepted: "on" },
      { email: "inv@example.co.za", password: "Kudu-Grader-2026", confirmPassword: "Kudu-Grader-2026", role: "seller", fullName: "Inv", phone: "082", invitation: "tok" },
    ],
  },
  { name: "/reset-password", fn: resetPassword.action, path: "/reset-password?token=abc", cookie: visitor, bases: [{ token: "abc", password: "Kudu-Grader-2026", confirmPassword: "Kudu-Grader-2026" }] },
  { name: "/complete-profile", fn: completeProfile.action, path: "/complete-profile", cookie: cookieOf(w.seller), bases: [{ role: "seller", fullName: "Seller", website: "https://x.co.za" }] },
  { name: "/select-role", fn: selectRole.action, path: "/select-role", cookie: cookieOf(w.buyer), bases: [{ role: "seller" }] },
  { name: "/complete-signup", fn: completeSignup.action, path: "/complete-signup", cookie: cookieOf(w.buyer), bases: [{ password: "Kudu-Grader-2026", confirmPassword: "Kudu-Grader-2026", fullName: "X" }] },
  { name: "/signout", fn: signout.action, path: "/signout", cookie: visitor, bases: [{}] },
];

describe(`account actions: ${RUNS} generated bodies each, never a 5xx, never a partial write`, () => {
  for (const name of ["/signin", "/signup", "/reset-password", "/complete-profile", "/select-role", "/complete-signup", "/signout"]) {
    it(name, async () => {
      await fuzzTarget(w.h, targets().find((t) => t.name === name)!, w.ids);
    }, 120_000);
  }
});

it("regression: a reset token with a NUL byte is an invalid link, not a database error", async () => {
  const body = new FormData();
  for (const [k, v] of Object.entries({ token: "abc\u0000", password: "Kudu-Grader-2026", confirmPassword: "Kudu-Grader-2026" })) body.set(k, v);
  const answer = await w.h.call(resetPassword.action, { path: "/reset-password?token=x", body });
  // Refused like any invalid link: back to sign-in with "Invalid Reset Link", or the form's 400.
  expect([302, 400]).toContain(answer.status);
});

/** Every path better-auth serves (read from the library, so a new version's endpoints are fuzzed too), with its methods. */
function authEndpoints() {
  const list: { method: string; path: string }[] = [];
  for (const e of Object.values(w.h.rt.auth.api) as unknown as { path?: string; options?: { method?: string | string[] } }[]) {
    if (!e.path) continue;
    const methods = e.options?.method === "*" ? ["GET", "POST"] : [e.options?.method ?? "GET"].flat();
    for (const method of methods) list.push({ method, path: `/api/auth${e.path.replace(/:(\w+)/g, (_, n: string) => (n === "id" ? "google" : "tok"))}` });
  }
  return list;
}

describe(`better-auth endpoints: generated JSON bodies and queries, never a 5xx`, () => {
  const json = fc.oneof(
    fc.record({ email: valueArb(["a@b.co"]), password: valueArb(["Kudu-Grader-2026"]), callbackURL: valueArb(["/", "//evil.example"]) }, { requiredKeys: [] }),
    fc.record({ token: valueArb(["abc"]), newPassword: valueArb(["Kudu-Grader-2026"]), name: valueArb(["x"]), image: valueArb(["javascript:alert(1)"]) }, { requiredKeys: [] }),
    fc.jsonValue().map((v) => v as unknown),
  );
  it("every endpoint better-auth has: allowlisted ones get the full run, the rest (404 at the edge) a short one", async () => {
    const tables = Object.keys(await w.h.rowCounts());
    const endpoints = authEndpoints();
    expect(endpoints.length).toBeGreaterThan(30);
    for (const { method, path } of endpoints) {
      const allowed = isAllowedAuthRequest(method, path);
      await fc.assert(
        fc.asyncProperty(json, fc.boolean(), fc.string({ maxLength: 40 }), async (body, asText, query) => {
          const before = await snapshot(w.h, tables);
          const answer = await w.h.call(method === "GET" ? authApi.loader : authApi.action, {
            path: `${path}?token=${encodeURIComponent(query)}&callbackURL=${encodeURIComponent(query)}`,
            method,
            body: method === "GET" ? undefined : asText ? String(JSON.stringify(body)).slice(0, 5000) + "}" : JSON.stringify(body),
            headers: { "content-type": "application/json", origin: "http://localhost:3000" },
          });
          expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body).slice(0, 200)}`).toBeLessThan(500);
          if (!allowed) expect(answer.status).toBe(404);
          if (answer.status >= 400) expect(await snapshot(w.h, tables)).toEqual(before);
        }),
        { numRuns: allowed ? RUNS : 10, endOnFailure: true },
      );
    }
  }, 600_000);
});
