/**
 * Runs the app's own route loaders and actions in-process against a fresh
 * test database: a runtime on it (installed as the process runtime so routes'
 * getRuntime() find it), real users with real better-auth sessions, and a
 * `call` that turns a thrown Response (redirect, 404) into an ordinary answer.
 * Used by the rate-limit and fuzzing tests.
 */
import { randomUUID } from "node:crypto";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import * as schema from "#db/schema.ts";
import { createBuyerProfile } from "#app/domain/user/create-buyer-profile.server.ts";
import { createUser } from "#app/domain/user/create-user.server.ts";
import { getViewer } from "#app/domain/user/get-viewer.server.ts";
import { signInWithPassword } from "#app/domain/user/sign-in.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import { startRuntime, stopRuntime, type Runtime } from "#app/lib/runtime.server.ts";
import { createTestDatabaseUrl } from "../test-database-url.ts";

export const BASE = "http://localhost:3000";
export const PASSWORD = "Harness-Pass-2026";

/** A route module's loader or action (its generated argument type is not needed here). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RouteFn = (args: any) => unknown;
export type Persona = { viewer: Viewer; cookie: string };
export type Answer = { status: number; body: unknown; location?: string | null };

const g = globalThis as unknown as { __runtime?: Promise<Runtime> };

export async function startHarness(options: { rateLimits?: boolean } = {}) {
  const t = await createTestDatabaseUrl();
  const env = parseEnv({
    NODE_ENV: "test",
    DATABASE_URL: t.url,
    SEED_DEMO: "0",
    DATA_DIR: t.dataDir,
    AUTH_RATE_LIMIT: options.rateLimits ? "1" : "0",
    PUBLIC_URL: BASE,
  });
  const rt = await startRuntime({ env, memory: !t.url, seed: false });
  g.__runtime = Promise.resolve(rt);

  /** A user signed up with the form; a buyer also accepts the commission on the dashboard unless `buyerProfile: false`. */
  async function persona(role: "buyer" | "seller" | "admin", options: { buyerProfile?: boolean } = {}): Promise<Persona> {
    const email = `${role}-${randomUUID().slice(0, 8)}@example.co.za`;
    const { userId } = await createUser({
      runtime: rt,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role: role === "admin" ? "seller" : role,
      fullName: `Test ${role}`,
      phone: "082 000 0000",
      emailVerified: true,
    });
    if (role === "admin") await rt.db.insert(schema.adminAccess).values({ userId });
    if (role === "buyer" && options.buyerProfile !== false) {
      const v = (await viewerFor(await cookieFor(email)))!;
      await createBuyerProfile({ db: rt.db, viewer: v, input: { fullName: "Test buyer", companyName: undefined, commissionAccepted: true } });
    }
    const cookie = await cookieFor(email);
    return { viewer: (await viewerFor(cookie))!, cookie };
  }

  async function cookieFor(email: string) {
    const { headers } = await signInWithPassword({ runtime: rt, email, password: PASSWORD, request: new Request(`${BASE}/signin`, { method: "POST" }) });
    return headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }

  const viewerFor = (cookie: string) => getViewer(new Request(`${BASE}/`, { headers: { cookie } }));

  /** Calls a route's action (or loader) with a request, as React Router would; a thrown Response is the answer. */
  async function call(
    fn: RouteFn,
    options: { path: string; method?: string; body?: FormData | string; cookie?: string; params?: Record<string, string>; headers?: Record<string, string> },
  ): Promise<Answer> {
    const request = new Request(`${BASE}${options.path}`, {
      method: options.method ?? "POST",
      body: options.body,
      headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...(options.headers ?? {}) },
    });
    try {
      const args = { request, params: options.params ?? {}, context: { clientIp: "127.0.0.1", cspNonce: "n" }, url: new URL(request.url), pattern: options.path };
      return toAnswer(await (fn as (a: typeof args) => unknown)(args));
    } catch (thrown) {
      if (thrown instanceof Response) return toAnswer(thrown);
      if (isDataWithResponseInit(thrown)) return toAnswer(thrown);
      throw thrown;
    }
  }

  /** Row counts of every table (to prove a refused request wrote nothing). */
  async function rowCounts() {
    const names = (Object.values(schema) as unknown[])
      .filter((v): v is PgTable => is(v, PgTable))
      .map((table) => getTableName(table));
    const counts: Record<string, number> = {};
    for (const name of names) {
      const r = await rt.db.execute(sql.raw(`select count(*)::int as n from "${name}"`));
      counts[name] = Number((r.rows[0] as { n: number }).n);
    }
    return counts;
  }

  async function stop() {
    g.__runtime = undefined;
    await stopRuntime(rt);
    await t.drop();
  }

  return { rt, persona, call, rowCounts, stop };
}

function isDataWithResponseInit(v: unknown): v is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null } {
  return typeof v === "object" && v !== null && (v as { type?: string }).type === "DataWithResponseInit";
}

async function toAnswer(value: unknown): Promise<Answer> {
  if (value instanceof Response) {
    if ((value.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
      await value.body?.cancel(); // a live stream: its status is the answer
      return { status: value.status, body: "(event stream)", location: null };
    }
    const text = await value.text().catch(() => "");
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // plain text
    }
    return { status: value.status, body, location: value.headers.get("location") };
  }
  if (isDataWithResponseInit(value)) return { status: value.init?.status ?? 200, body: value.data, location: null };
  return { status: 200, body: value, location: null };
}
