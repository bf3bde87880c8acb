/**
 * What every database test starts from.
 *
 * A database of its own:
 * - With DATABASE_URL (a PostgreSQL server): `mm_test_<random>` created on
 *   that server, dropped (WITH (FORCE)) on close.
 * - Without: an in-memory PGlite, gone on close.
 * Both start as a copy of one database the run migrated once (global-setup.ts;
 * opening it migrates again, a no-op); `{ fromEmpty: true }` starts empty.
 *
 *   const getDb = setupTestDatabase();       // a migrated handle for the file
 *   const t = await withTestDatabase();      // or by hand: try { ... } finally { await t.close(); }
 *
 * A whole runtime on such a database (jobs, auth, mailer, storage in a
 * temporary DATA_DIR), installed as the process runtime so that routes'
 * getRuntime() and getViewer() find it, with factories for its people and
 * listings and a `call` that runs a route's loader or action in-process:
 *
 *   const h = await startTestRuntime();
 *   const seller = await h.createSeller({ email: "pieter@example.co.za" });
 *   const listing = await h.createListing({ seller, isBargain: true });
 *   const buyer = await h.persona("buyer");  // signed in: { viewer, cookie }
 *   await h.call(action, { path: "/listing/1", cookie: buyer.cookie, body });
 *   await h.stop();
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import * as schema from "#db/schema.ts";
import { createBuyerProfile } from "#app/domain/user/create-buyer-profile.server.ts";
import { createUser } from "#app/domain/user/create-user.server.ts";
import { getViewer } from "#app/server/get-viewer.server.ts";
import { signInWithPassword } from "#app/domain/user/sign-in.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { AppError } from "#app/lib/app-error.ts";
import { openDatabase, type DbHandle } from "#app/lib/db.server.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import { startRuntime, stopRuntime, type Runtime } from "#app/server/runtime.server.ts";
import { createThrowawayDatabase } from "../../../scripts/lib/throwaway-database.ts";

// ------------------------------------------------------------ databases

declare module "vitest" {
  export interface ProvidedContext {
    /** A file holding a migrated in-memory PGlite, made once per run by global-setup.ts. */
    pgliteSnapshot: string;
    /** A migrated database on the PostgreSQL server that test databases are copied from. */
    postgresTemplate: string;
  }
}

/** Where a test database starts: a copy of the migrated one the run made (fast), or empty and migrated on open. */
export type FreshnessOptions = { fromEmpty?: boolean };

let snapshotBlob: Blob | undefined;
function pgliteSnapshot(options: FreshnessOptions): Blob | undefined {
  const file = options.fromEmpty ? undefined : inject("pgliteSnapshot");
  if (!file) return undefined;
  return (snapshotBlob ??= new Blob([fs.readFileSync(file)]));
}
function postgresTemplate(options: FreshnessOptions): string | undefined {
  return options.fromEmpty ? undefined : inject("postgresTemplate") || undefined;
}

export const dbKind: "postgres" | "pglite" = process.env.DATABASE_URL ? "postgres" : "pglite";
export const dbLabel = dbKind === "postgres" ? "PostgreSQL" : "PGlite";

export type TestDatabase = DbHandle & {
  /** The fresh database's URL (PostgreSQL only). */
  databaseUrl?: string;
  /** Closes the handle and, on PostgreSQL, drops the database. Safe to call twice. */
  close: () => Promise<void>;
};

/** A fresh, migrated database handle. */
export async function withTestDatabase(options: FreshnessOptions = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ memory: true, snapshot: pgliteSnapshot(options) });
    return { ...handle, close: once(handle.close) };
  }
  const created = await createThrowawayDatabase({ serverUrl, prefix: "mm_test", template: postgresTemplate(options) });
  let handle: DbHandle;
  try {
    handle = await openDatabase({ databaseUrl: created.url });
  } catch (error) {
    await created.drop();
    throw error;
  }
  return {
    ...handle,
    databaseUrl: created.url,
    close: once(async () => {
      try {
        await handle.close();
      } finally {
        await created.drop();
      }
    }),
  };
}

/** Vitest helper: a fresh database for the current file (or describe block), closed afterwards. */
export function setupTestDatabase(options: FreshnessOptions = {}) {
  let t: TestDatabase | undefined;
  beforeAll(async () => {
    t = await withTestDatabase(options);
  });
  afterAll(async () => {
    await t?.close();
  });
  return () => {
    if (!t) throw new Error("The test database is opened in beforeAll: use it inside a test or hook");
    return t;
  };
}

/**
 * For tests that open the database themselves or start a runtime: a fresh
 * PostgreSQL database on the server named by DATABASE_URL (created here,
 * dropped by `drop`), or — without DATABASE_URL — no URL (in-memory PGlite).
 * Always a temporary data folder, removed by `drop`.
 */
export async function createTestDatabaseUrl(options: FreshnessOptions = {}): Promise<{
  url: string | undefined;
  /** PGlite: the migrated copy to open in memory (`openDatabase({ memory: true, snapshot })`). */
  snapshot?: Blob;
  dataDir: string;
  drop: () => Promise<void>;
}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mm-test-"));
  const cleanDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const base = process.env.DATABASE_URL;
  if (!base) return { url: undefined, snapshot: pgliteSnapshot(options), dataDir, drop: async () => cleanDir() };
  const created = await createThrowawayDatabase({
    serverUrl: base,
    prefix: "mm_test",
    template: postgresTemplate(options),
  });
  return {
    url: created.url,
    dataDir,
    drop: async () => {
      try {
        await created.drop();
      } finally {
        cleanDir();
      }
    },
  };
}

function once(fn: () => Promise<void>) {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

// ------------------------------------------------------------ a runtime

export const BASE = "http://localhost:3000";
/** Every user a factory makes signs in with this. */
export const PASSWORD = "Secret-Pass-2026";

/** A route module's loader or action (its generated argument type is not needed here). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type RouteFn = (args: any) => unknown;
export type Persona = { viewer: Viewer; cookie: string };
export type Answer = { status: number; body: unknown; location?: string | null };

export type TestRuntimeOptions = {
  /** The rate limits in the database (on, as in the app, unless false). */
  rateLimits?: boolean;
  /** Deliver e-mail over this SMTP server instead of the dev mailbox. */
  smtpUrl?: string;
  emailRetryDelaySeconds?: number;
  emailRetryLimit?: number;
  /** Settings as the environment would give them (e.g. ADMIN_TWO_FACTOR). */
  env?: Record<string, string>;
};

export type ViewerOptions = {
  /** Unique per test file; a random one unless given. */
  email?: string;
  role: "buyer" | "seller";
  /** The account and profile name: the e-mail's local part unless given. */
  fullName?: string;
  /** An admin_access row: "active" makes the viewer an admin, "inactive" is a former admin. */
  admin?: "active" | "inactive";
  adminNotes?: string;
  /** A buyer who has accepted the 2.5% commission (sign-up leaves it unaccepted: the dashboard asks). */
  commissionAccepted?: boolean;
};

export type ListingOptions = Partial<Omit<typeof schema.listings.$inferInsert, "sellerId">> & {
  seller: Pick<Viewer, "userId">;
};

const g = globalThis as unknown as { __runtime?: Promise<Runtime> };

/** A runtime on a fresh database, with factories; `stop` closes it and drops the database. */
export async function startTestRuntime(options: TestRuntimeOptions = {}) {
  const t = await createTestDatabaseUrl();
  const uploads = path.join(t.dataDir, "uploads");
  const env = parseEnv({
    NODE_ENV: "test",
    DATABASE_URL: t.url,
    SEED_DEMO: "0",
    DATA_DIR: t.dataDir,
    STORAGE_DIR: uploads,
    AUTH_RATE_LIMIT: options.rateLimits === false ? "0" : "1",
    PUBLIC_URL: BASE,
    ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl } : {}),
    ...options.env,
  });
  let rt: Runtime;
  try {
    rt = await startRuntime({
      env,
      memory: !t.url,
      snapshot: t.snapshot,
      seed: false,
      emailRetryDelaySeconds: options.emailRetryDelaySeconds,
      emailRetryLimit: options.emailRetryLimit,
    });
  } catch (error) {
    await t.drop();
    throw error;
  }
  g.__runtime = Promise.resolve(rt);

  /** A confirmed user made through sign-up, and the viewer the app would resolve for them. */
  async function makeViewer(o: ViewerOptions): Promise<Viewer> {
    const email = o.email ?? `${o.role}-${randomUUID().slice(0, 8)}@example.co.za`;
    const fullName = o.fullName ?? email.split("@")[0]!;
    const { userId } = await createUser({
      runtime: rt,
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      role: o.role,
      fullName,
      phone: "082 000 0000",
      emailVerified: true,
    });
    if (o.admin) {
      await rt.db.insert(schema.adminAccess).values({ userId, isActive: o.admin === "active", notes: o.adminNotes });
    }
    const commissionAccepted = o.role === "buyer" && Boolean(o.commissionAccepted);
    if (commissionAccepted) {
      await rt.db.update(schema.buyers).set({ commissionAccepted: true }).where(eq(schema.buyers.userId, userId));
    }
    return {
      userId,
      email,
      name: fullName,
      emailVerified: true,
      role: o.role,
      fullName,
      isAdmin: o.admin === "active",
      hasSellerProfile: o.role === "seller",
      hasBuyerProfile: o.role === "buyer",
      commissionAccepted,
    };
  }

  const createBuyer = (o: Omit<ViewerOptions, "role"> = {}) => makeViewer({ ...o, role: "buyer" });
  const createSeller = (o: Omit<ViewerOptions, "role" | "commissionAccepted"> = {}) =>
    makeViewer({ ...o, role: "seller" });
  /** An active admin (a buyer account unless `role` says otherwise). */
  const createAdmin = (o: Omit<ViewerOptions, "role" | "admin"> & { role?: ViewerOptions["role"] } = {}) =>
    makeViewer({ role: "buyer", ...o, admin: "active" });

  /** The seller row of a seller's account. */
  async function sellerIdOf(seller: Pick<Viewer, "userId">) {
    const [row] = await rt.db
      .select({ id: schema.sellers.id })
      .from(schema.sellers)
      .where(eq(schema.sellers.userId, seller.userId));
    if (!row) throw new Error(`user ${seller.userId} has no seller row`);
    return row.id;
  }

  /** A listing row straight in the table: public (approved twice, on mandate for 30 days) unless told otherwise. */
  async function createListing({ seller, ...over }: ListingOptions) {
    const [row] = await rt.db
      .insert(schema.listings)
      .values(publicListingRow(await sellerIdOf(seller), over))
      .returning();
    return row!;
  }

  /** A user signed up with the form and signed in; a buyer also accepts the commission on the dashboard unless `buyerProfile: false`. */
  async function persona(role: "buyer" | "seller" | "admin", o: { buyerProfile?: boolean } = {}): Promise<Persona> {
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
    if (role === "buyer" && o.buyerProfile !== false) {
      const v = (await viewerFor(await cookieFor(email)))!;
      await createBuyerProfile({
        db: rt.db,
        viewer: v,
        input: { fullName: "Test buyer", companyName: undefined, commissionAccepted: true },
      });
    }
    const cookie = await cookieFor(email);
    return { viewer: (await viewerFor(cookie))!, cookie };
  }

  /** A fresh session cookie for `email` (signed in with PASSWORD). */
  async function cookieFor(email: string) {
    const { headers } = await signInWithPassword({
      runtime: rt,
      email,
      password: PASSWORD,
      request: new Request(`${BASE}/signin`, { method: "POST" }),
    });
    return headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
  }

  const viewerFor = (cookie: string) => getViewer(new Request(`${BASE}/`, { headers: { cookie } }));

  /** Calls a route's action (or loader) with a request, as React Router would; a thrown Response is the answer. */
  async function call(
    fn: RouteFn,
    o: {
      path: string;
      method?: string;
      body?: FormData | string;
      cookie?: string;
      params?: Record<string, string>;
      headers?: Record<string, string>;
    },
  ): Promise<Answer> {
    const request = new Request(`${BASE}${o.path}`, {
      method: o.method ?? "POST",
      body: o.body,
      headers: { ...(o.cookie ? { cookie: o.cookie } : {}), ...(o.headers ?? {}) },
    });
    try {
      const args = {
        request,
        params: o.params ?? {},
        context: { clientIp: "127.0.0.1", cspNonce: "n" },
        url: new URL(request.url),
        pattern: o.path,
      };
      return toAnswer(await (fn as (a: typeof args) => unknown)(args));
    } catch (thrown) {
      if (thrown instanceof Response) return toAnswer(thrown);
      if (isDataWithResponseInit(thrown)) return toAnswer(thrown);
      throw thrown;
    }
  }

  /**
   * Row counts of every table (to prove a refused request wrote nothing), but the saved-search
   * matching queue: the matching job drains it at any moment, as pg-boss does its own tables.
   */
  async function rowCounts() {
    // Page views are written in batches a moment later (record-listing-view.server.ts): written now, so a
    // view from an earlier step never lands between two counts.
    await rt.listingViews.flush();
    const names = (Object.values(schema) as unknown[])
      .filter((v): v is PgTable => is(v, PgTable))
      .map((table) => getTableName(table))
      .filter((name) => name !== getTableName(schema.savedSearchMatchQueue));
    const counts: Record<string, number> = {};
    for (const name of names) {
      const r = await rt.db.execute(sql.raw(`select count(*)::int as n from "${name}"`));
      counts[name] = Number((r.rows[0] as { n: number }).n);
    }
    return counts;
  }

  /** Stops the runtime and drops its database and data folder. Safe to call twice. */
  const stop = once(async () => {
    if (g.__runtime) g.__runtime = undefined;
    try {
      await stopRuntime(rt);
    } finally {
      await t.drop();
    }
  });

  return {
    rt,
    dataDir: t.dataDir,
    /** The local storage folder (STORAGE_DIR). */
    uploads,
    stop,
    makeViewer,
    createBuyer,
    createSeller,
    createAdmin,
    createListing,
    sellerIdOf,
    persona,
    cookieFor,
    call,
    rowCounts,
  };
}

export type TestRuntime = Awaited<ReturnType<typeof startTestRuntime>>;

function isDataWithResponseInit(
  v: unknown,
): v is { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null } {
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

// ------------------------------------------------------------ rows and refusals

/** The values of a listing row for a test to insert: a used excavator on mandate for 30 more days, unless told otherwise. */
export function listingRow(sellerId: string, over: Partial<typeof schema.listings.$inferInsert> = {}) {
  return {
    sellerId,
    title: "2019 CAT 320D Excavator",
    price: "1450000",
    category: "excavators" as const,
    condition: "used" as const,
    expiresOn: new Date(Date.now() + 30 * 86_400_000),
    ...over,
  };
}

/** The same, approved twice: public from the start. */
export const publicListingRow = (sellerId: string, over: Partial<typeof schema.listings.$inferInsert> = {}) =>
  listingRow(sellerId, { status: "approved", adminStatus: "approved", ...over });

/** Awaits a domain call that must be refused, and returns its AppError (the test fails if it succeeds or throws anything else). */
export async function refusal(p: Promise<unknown>) {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
