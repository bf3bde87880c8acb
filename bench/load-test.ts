/**
 * Load test: 200 concurrent simulated users for 60 s against the
 * production build (`node server.js`) on a fresh PostgreSQL database, then a
 * reconciliation of every write against the database: 0 errors, nothing lost.
 *
 *   npm run build && npm run bench:load
 *   npm run bench:load -- --users=20 --seconds=10      (a quick run)
 *   LOAD_USERS=200 LOAD_SECONDS=60 LOAD_THINK_MS=1000  (the same as environment variables)
 *   LOAD_PROFILE=<dir>  writes a CPU profile of the app server into <dir> (node --cpu-prof)
 *
 * Users (created up front in the database, like the demo seed, with one
 * password hash, then signed in through the real /signin form): about half
 * visitors (home, catalogue search and filters, "Load more" pages, listing
 * pages), 40% buyers (they browse the buyer catalogue and listing pages, save
 * and remove favourites through /api/favourites, send offers, viewing and
 * quote requests through the buyer dashboard's form and purchase requests
 * through the listing page's form), 10% sellers (create a listing through
 * /api/listings with a real JPEG, open and sign its mandate) and one admin
 * (approves the pending listings whose mandate is signed, from /admin).
 * Every user waits a think time (0.5–1.5 × LOAD_THINK_MS) between steps.
 *
 * The server runs with the production rate limits on (AUTH_RATE_LIMIT=1):
 * each buyer and seller keeps to its budget from USER_LIMITS (requests,
 * purchase requests, uploads per hour), so a 429 is an error like any other.
 *
 * Errors: a network error, a time-out (30 s) or any status other than the
 * one the step expects. Then the reconciliation: every buyer request that was
 * answered with success has exactly one `user_requests` row (matched by a
 * marker in its message) and one notification per active admin; every
 * purchase request one open `transactions` row per buyer and listing and one
 * admin notification; every created listing exists with its photo; every
 * signed mandate one agreement, one admin notification and one confirmation
 * e-mail; every approval the status change, one audit row, one notification
 * to the seller and one e-mail; favourites as the buyers left them; every
 * queued e-mail delivered. Exit code 1 on any error or discrepancy.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { createBenchAccounts, type Person } from "./lib/bench-accounts.ts";
import { CATEGORIES, CONDITIONS, QUOTE_TYPES } from "#db/vocabulary.ts";
import { DEMO_ACCOUNTS } from "#db/demo-accounts.ts";
import { todayInJohannesburg, VIEWING_TIMES } from "#app/domain/request/request-schemas.ts";
import { USER_LIMITS } from "#app/lib/rate-limit.server.ts";
import { jpeg } from "#tests/e2e/support/images.ts";
import { startAppServer, type AppServer } from "../scripts/lib/app-server.ts";
import { createThrowawayDatabase, type ThrowawayDatabase } from "../scripts/lib/throwaway-database.ts";
import { machineNote, ms, nowMs, percentile, printTable } from "./lib/stats.ts";

// ------------------------------------------------------------------ options
function option(name: string, envName: string, fallback: number) {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  const value = Number(arg ? arg.slice(name.length + 3) : (process.env[envName] ?? fallback));
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number`);
  return value;
}
const USERS = Math.max(4, Math.round(option("users", "LOAD_USERS", 200)));
const SECONDS = option("seconds", "LOAD_SECONDS", 60);
const THINK_MS = option("think", "LOAD_THINK_MS", 1000);
const PORT = Math.round(option("port", "LOAD_PORT", 4731));
if (PORT < 4700 || PORT > 4799) throw new Error("--port must be in 4700–4799");
const REQUEST_TIMEOUT_MS = 30_000;
const PASSWORD = "load-test-password-1";
const RUN = randomBytes(3).toString("hex");

const SELLERS = Math.max(1, Math.round(USERS * 0.1));
const BUYERS = Math.max(1, Math.round(USERS * 0.4));
const VISITORS = USERS - 1 - SELLERS - BUYERS;

// ------------------------------------------------------------------ measurements
type Sample = { type: string; ms: number };
type Failure = { type: string; status: number | string; detail: string };
const samples: Sample[] = [];
const failures: Failure[] = [];
let recording = false;

class CookieJar {
  private cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** One simulated browser: a cookie jar, a user agent, timed requests. */
class Client {
  jar = new CookieJar();
  constructor(
    readonly baseUrl: string,
    readonly userAgent: string,
  ) {}

  /**
   * Sends one request, times it and checks its status. Returns the response
   * and its body, or undefined after recording the failure.
   */
  async send(
    type: string,
    path: string,
    init: { method?: string; body?: URLSearchParams | FormData; expect?: number } = {},
  ): Promise<{ res: Response; body: string } | undefined> {
    const method = init.method ?? "GET";
    const expect = init.expect ?? 200;
    const headers: Record<string, string> = { "User-Agent": this.userAgent, Accept: "text/html,application/json" };
    const cookie = this.jar.header();
    if (cookie) headers.Cookie = cookie;
    if (method !== "GET") headers.Origin = this.baseUrl;
    const start = nowMs();
    try {
      const res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: init.body,
        redirect: "manual",
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const body = await res.text();
      const elapsed = nowMs() - start;
      this.jar.store(res);
      if (recording) samples.push({ type, ms: elapsed });
      if (res.status !== expect) {
        failures.push({
          type,
          status: res.status,
          detail: `${method} ${path}: ${body.replace(/\s+/g, " ").slice(0, 300)}`,
        });
        return undefined;
      }
      return { res, body };
    } catch (error) {
      if (recording) samples.push({ type, ms: nowMs() - start });
      failures.push({ type, status: "network", detail: `${method} ${path}: ${String(error)}` });
      return undefined;
    }
  }
}

// ------------------------------------------------------------------ what the users did (for the reconciliation)
const ledger = {
  /** marker → buyer request answered with success */
  requests: new Map<string, { userId: string; type: "offer" | "viewing" | "quote" }>(),
  /** `${buyerUserId} ${listingId}` → successful purchase requests (a repeat is idempotent) */
  purchases: new Map<string, number>(),
  /** `${buyerUserId} ${listingId}` → wanted favourite state after the last successful toggle */
  favourites: new Map<string, boolean>(),
  /** listing id → { seller, title } of listings created (201) */
  listings: new Map<string, { sellerUserId: string; title: string }>(),
  /** listing ids whose mandate was signed (302) */
  signed: new Set<string>(),
  /** listing ids approved (200) */
  approved: new Set<string>(),
};

// ------------------------------------------------------------------ helpers
const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
const think = (factor = 1) => sleep(THINK_MS * factor * (0.5 + Math.random()));
const LISTING_LINK = /href="\/listing\/([0-9a-f-]{36})"/g;
const listingIdsIn = (html: string) => [...new Set([...html.matchAll(LISTING_LINK)].map((m) => m[1]!))];
const nextPageIn = (html: string) => {
  const m = /href="(\/(?:catalog|buyer-catalog|equipment)\?[^"]*cursor=[^"]*)"/.exec(html);
  return m ? m[1]!.replace(/&amp;/g, "&") : undefined;
};
const SEARCHES = [
  "excavator",
  "Komatsu",
  "Durban",
  "generator",
  "crane",
  "Caterpillar",
  "compressor",
  "loader",
  "welder",
  "Bell",
  "dump truck",
  "Gauteng",
];
const PROVINCES = ["Gauteng", "KwaZulu-Natal", "Western Cape", "Eastern Cape", "Limpopo", "Mpumalanga"];
const SORTS = ["newest", "price_asc", "price_desc"];

function filterQuery() {
  const p = new URLSearchParams();
  if (Math.random() < 0.6) p.set("category", pick(CATEGORIES));
  if (Math.random() < 0.4) p.set("province", pick(PROVINCES));
  if (Math.random() < 0.3) p.set("condition", pick(CONDITIONS));
  if (Math.random() < 0.3) p.set("maxPrice", String(pick([100_000, 500_000, 1_000_000, 3_000_000])));
  if (Math.random() < 0.2) p.set(pick(["urgent", "bargain"]), "1");
  p.set("sort", pick(SORTS));
  return p.toString();
}

/** A catalogue visit: a search or filters, sometimes the next page; returns the listing ids seen. */
async function browseCatalog(client: Client, path: "/catalog" | "/equipment" | "/buyer-catalog", seen: string[]) {
  const search = Math.random() < 0.5;
  const query = search ? `q=${encodeURIComponent(pick(SEARCHES))}` : filterQuery();
  const page = await client.send(`GET ${path} (${search ? "search" : "filters"})`, `${path}?${query}`);
  if (!page) return;
  const ids = listingIdsIn(page.body);
  if (ids.length) seen.splice(0, seen.length, ...ids);
  const next = nextPageIn(page.body);
  if (next && Math.random() < 0.4) {
    await think(0.5);
    const more = await client.send(`GET ${path} (next page)`, next);
    if (more) seen.push(...listingIdsIn(more.body));
  }
}

async function signIn(client: Client, email: string, password: string) {
  const res = await client.send("POST /signin", "/signin", {
    method: "POST",
    body: new URLSearchParams({ intent: "signin", email, password }),
    expect: 302,
  });
  if (!res || !client.jar.header())
    throw new Error(`sign-in as ${email} failed: ${failures.at(-1)?.detail ?? "no cookie"}`);
}

// ------------------------------------------------------------------ the users

async function visitor(client: Client, end: number) {
  const seen: string[] = [];
  while (Date.now() < end) {
    const r = Math.random();
    if (r < 0.15) await client.send("GET /", "/");
    else if (r < 0.55) await browseCatalog(client, Math.random() < 0.8 ? "/catalog" : "/equipment", seen);
    else if (seen.length) await client.send("GET /listing/:id", `/listing/${pick(seen)}`);
    else await browseCatalog(client, "/catalog", seen);
    await think();
  }
}

async function buyer(client: Client, me: Person, end: number) {
  const seen: string[] = [];
  let requestBudget = USER_LIMITS.request.limit;
  let purchaseBudget = USER_LIMITS.purchase.limit;
  let n = 0;
  const requested: string[] = [];
  while (Date.now() < end) {
    const r = Math.random();
    if (!seen.length || r < 0.3) {
      await browseCatalog(client, "/buyer-catalog", seen);
    } else if (r < 0.5) {
      await client.send("GET /listing/:id", `/listing/${pick(seen)}`);
    } else if (r < 0.62) {
      const listingId = pick(seen);
      const key = `${me.id} ${listingId}`;
      const want = !(ledger.favourites.get(key) ?? false);
      const res = await client.send("POST /api/favourites", "/api/favourites", {
        method: "POST",
        body: new URLSearchParams({ listingId, favourite: String(want) }),
      });
      if (res) {
        const answer = JSON.parse(res.body) as { favourite: boolean };
        if (answer.favourite !== want)
          failures.push({
            type: "POST /api/favourites",
            status: 200,
            detail: `asked ${want}, answered ${answer.favourite}`,
          });
        ledger.favourites.set(key, answer.favourite);
      }
    } else if (r < 0.67) {
      await client.send("GET /watchlist", "/watchlist");
    } else if (r < 0.88 && requestBudget > 0) {
      // The dashboard's form, then the request (a plain form post, as before JavaScript loads).
      const listingId = pick(seen);
      const type = pick(["offer", "viewing", "quote"] as const);
      const page = await client.send("GET /buyer-dashboard", `/buyer-dashboard?tab=${type}&listing=${listingId}`);
      if (!page) {
        await think();
        continue;
      }
      await think(0.5);
      const marker = `load:${RUN}:${me.id}:${n++}`;
      const form = new URLSearchParams({ intent: type, listingId, message: `Is it still available? ${marker}` });
      if (type === "offer") form.set("offerAmount", String(10_000 + Math.floor(Math.random() * 900_000)));
      if (type === "viewing") {
        form.set(
          "preferredDate",
          todayInJohannesburg(new Date(Date.now() + (1 + Math.floor(Math.random() * 30)) * 86_400_000)),
        );
        form.set("preferredTime", pick(VIEWING_TIMES));
      }
      if (type === "quote") {
        form.set("quoteType", pick(QUOTE_TYPES));
        form.set("details", "Delivery to site and a service history, please.");
      }
      requestBudget--;
      const res = await client.send(`POST /buyer-dashboard (${type})`, "/buyer-dashboard", {
        method: "POST",
        body: form,
      });
      if (res) ledger.requests.set(marker, { userId: me.id, type });
    } else if (purchaseBudget > 0) {
      // Now and then the same listing again (a double click): still one request.
      const listingId = requested.length && Math.random() < 0.15 ? pick(requested) : pick(seen);
      const detail = await client.send("GET /listing/:id", `/listing/${listingId}`);
      if (!detail) {
        await think();
        continue;
      }
      await think(0.5);
      purchaseBudget--;
      const res = await client.send("POST /listing/:id (purchase)", `/listing/${listingId}`, {
        method: "POST",
        body: new URLSearchParams(),
      });
      if (res) {
        if (!res.body.includes("Purchase Request Sent"))
          failures.push({
            type: "POST /listing/:id (purchase)",
            status: 200,
            detail: "no success message in the page",
          });
        const key = `${me.id} ${listingId}`;
        ledger.purchases.set(key, (ledger.purchases.get(key) ?? 0) + 1);
        requested.push(listingId);
      }
    } else {
      await client.send("GET /notifications", "/notifications");
    }
    await think();
  }
}

async function seller(client: Client, me: Person, photo: Buffer, end: number) {
  let uploadBudget = USER_LIMITS.upload.limit;
  let n = 0;
  while (Date.now() < end) {
    await client.send("GET /seller-dashboard", "/seller-dashboard");
    await think();
    if (uploadBudget <= 0 || Date.now() >= end) continue;
    await client.send("GET /seller/create", "/seller/create");
    await think(2); // filling in the form
    const title = `Load ${RUN} ${pick(["Excavator", "Generator", "Crane", "Loader"])} ${me.name} #${n++}`;
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title,
      description: "Well maintained, full service history, available for inspection in the yard.",
      category: pick(CATEGORIES),
      condition: pick(CONDITIONS),
      price: String(50_000 + Math.floor(Math.random() * 2_000_000)),
      location: `${pick(["Durban", "Pretoria", "Cape Town", "Polokwane"])}, ${pick(PROVINCES)}`,
      isUrgent: "on",
    }))
      form.set(k, v);
    if (Math.random() < 0.5) form.set("isBargain", "on");
    form.append("images", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "front.jpg");
    uploadBudget--;
    const created = await client.send("POST /api/listings", "/api/listings", {
      method: "POST",
      body: form,
      expect: 201,
    });
    if (!created) continue;
    const { listingId } = JSON.parse(created.body) as { listingId: string };
    ledger.listings.set(listingId, { sellerUserId: me.id, title });
    const mandate = await client.send("GET /seller/mandate/:id", `/seller/mandate/${listingId}`);
    if (!mandate) continue;
    await think();
    const signed = await client.send("POST /seller/mandate/:id (sign)", `/seller/mandate/${listingId}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "sign", accept: "on" }),
      expect: 302,
    });
    if (signed) ledger.signed.add(listingId);
  }
}

/** Pending listings whose mandate is signed, from the admin's list. */
function approvableIn(html: string) {
  const ids: string[] = [];
  for (const item of html.split("<li ").slice(1)) {
    if (!item.includes(">Mandate signed<")) continue;
    const m = /name="listingId" value="([0-9a-f-]{36})"\/><input type="hidden" name="intent" value="approve"/.exec(
      item,
    );
    if (m) ids.push(m[1]!);
  }
  return ids;
}

async function admin(client: Client, end: number) {
  while (Date.now() < end) {
    const list = await client.send("GET /admin (pending)", "/admin");
    const ids = list ? approvableIn(list.body).filter((id) => !ledger.approved.has(id)) : [];
    for (const listingId of ids.slice(0, 5)) {
      if (Date.now() >= end) break;
      await think(0.5);
      const res = await client.send("POST /admin?index (approve)", "/admin?index", {
        method: "POST",
        body: new URLSearchParams({ intent: "approve", listingId }),
      });
      if (res) ledger.approved.add(listingId);
    }
    await think();
    if (Math.random() < 0.3) await client.send("GET /admin/requests", "/admin/requests");
    await think();
  }
}

// ------------------------------------------------------------------ accounts
function createAccounts(db: pg.Client) {
  return createBenchAccounts(db, { emailPrefix: `load-${RUN}`, password: PASSWORD, buyers: BUYERS, sellers: SELLERS });
}

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSecondsOf(pid: number) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

// ------------------------------------------------------------------ reconciliation
async function reconcile(db: pg.Client, adminUserId: string, emails: Map<string, string>): Promise<string[]> {
  const lost: string[] = [];
  const q = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];
  const [{ count: admins }] = await q<{ count: number }>(
    `select count(*)::int as count from admin_access where is_active`,
  );
  const benchUsers = [...emails.keys()];

  // Buyer requests: one row per success, none for anything else; one notification per admin each.
  const rows = await q<{ message: string; user_id: string; request_type: string }>(
    `select message, user_id, request_type from user_requests where message like $1`,
    [`%load:${RUN}:%`],
  );
  const byMarker = new Map<string, typeof rows>();
  for (const r of rows) {
    const marker = /load:\S+/.exec(r.message)![0];
    byMarker.set(marker, [...(byMarker.get(marker) ?? []), r]);
  }
  for (const [marker, want] of ledger.requests) {
    const got = byMarker.get(marker) ?? [];
    if (got.length !== 1 || got[0]!.user_id !== want.userId || got[0]!.request_type !== want.type)
      lost.push(`${want.type} ${marker}: ${got.length} user_requests rows (want 1 of this buyer and type)`);
  }
  for (const marker of byMarker.keys())
    if (!ledger.requests.has(marker)) lost.push(`user_requests row ${marker} for a request not answered with success`);
  const requestNotes = await q<{ message: string }>(
    `select message from notifications where user_id = $1 and type in ('offer_request','viewing_request','quote_request') and message like $2`,
    [adminUserId, `%load:${RUN}:%`],
  );
  const notesByMarker = new Map<string, number>();
  for (const n of requestNotes) {
    const marker = /load:\S+/.exec(n.message)![0];
    notesByMarker.set(marker, (notesByMarker.get(marker) ?? 0) + 1);
  }
  for (const marker of ledger.requests.keys())
    if ((notesByMarker.get(marker) ?? 0) !== 1)
      lost.push(`admin notification for ${marker}: ${notesByMarker.get(marker) ?? 0} (want 1)`);
  const allRequestNotes = await q<{ user_id: string; count: number }>(
    `select user_id, count(*)::int as count from notifications where type in ('offer_request','viewing_request','quote_request') and message like $1 group by user_id`,
    [`%load:${RUN}:%`],
  );
  const requestNoteTotal = allRequestNotes.reduce((s, r) => s + r.count, 0);
  if (requestNoteTotal !== ledger.requests.size * admins)
    lost.push(`request notifications: ${requestNoteTotal}, want ${ledger.requests.size} × ${admins} admin(s)`);

  // Purchase requests: one open transaction per buyer and listing; one admin notification each.
  const txRows = await q<{ user_id: string; listing_id: string; count: number }>(
    `select b.user_id, t.listing_id, count(*)::int as count from transactions t join buyers b on b.id = t.buyer_id
     where b.user_id = any($1) group by b.user_id, t.listing_id`,
    [benchUsers],
  );
  const txByKey = new Map(txRows.map((r) => [`${r.user_id} ${r.listing_id}`, r.count]));
  for (const key of ledger.purchases.keys())
    if (txByKey.get(key) !== 1) lost.push(`purchase request ${key}: ${txByKey.get(key) ?? 0} transactions (want 1)`);
  for (const key of txByKey.keys())
    if (!ledger.purchases.has(key)) lost.push(`transaction ${key} without a successful request`);
  const perBuyer = new Map<string, number>();
  for (const key of ledger.purchases.keys()) {
    const userId = key.split(" ")[0]!;
    perBuyer.set(userId, (perBuyer.get(userId) ?? 0) + 1);
  }
  const purchaseNotes = await q<{ message: string }>(
    `select message from notifications where user_id = $1 and type = 'purchase_request' and message like $2`,
    [adminUserId, `%load-${RUN}-%`],
  );
  for (const [userId, want] of perBuyer) {
    const email = emails.get(userId)!;
    const got = purchaseNotes.filter((n) => n.message.includes(`(${email})`)).length;
    if (got !== want) lost.push(`purchase notifications for ${email}: ${got} (want ${want})`);
  }
  if (purchaseNotes.length !== ledger.purchases.size)
    lost.push(`purchase notifications: ${purchaseNotes.length}, want ${ledger.purchases.size}`);

  // Listings created by the sellers: each exists, once, with its one photo.
  const listingRows = await q<{
    id: string;
    title: string;
    user_id: string;
    images: number;
    admin_status: string;
    status: string;
  }>(
    `select l.id, l.title, s.user_id, l.admin_status, l.status,
            (select count(*)::int from listing_images i where i.listing_id = l.id) as images
     from listings l join sellers s on s.id = l.seller_id where s.user_id = any($1)`,
    [benchUsers],
  );
  const listingById = new Map(listingRows.map((r) => [r.id, r]));
  for (const [id, want] of ledger.listings) {
    const got = listingById.get(id);
    if (!got) lost.push(`listing ${id} ("${want.title}") answered 201 but is not in the database`);
    else if (got.title !== want.title || got.user_id !== want.sellerUserId || got.images !== 1)
      lost.push(`listing ${id}: title/seller/photos differ (${got.images} photo rows)`);
  }
  for (const id of listingById.keys())
    if (!ledger.listings.has(id)) lost.push(`listing ${id} in the database was never answered 201`);

  // Mandates: one signed agreement, one admin notification, one confirmation e-mail per signature.
  const agreements = await q<{ listing_id: string; count: number }>(
    `select listing_id, count(*)::int as count from mandate_agreements where status = 'signed' and listing_id = any($1) group by listing_id`,
    [[...ledger.listings.keys()]],
  );
  const agreementsById = new Map(agreements.map((a) => [a.listing_id, a.count]));
  const signedNotes = await q<{ title: string }>(
    `select title from notifications where user_id = $1 and type = 'agreement_signed' and title like $2`,
    [adminUserId, `%Load ${RUN} %`],
  );
  for (const id of ledger.signed) {
    if (agreementsById.get(id) !== 1)
      lost.push(`mandate of ${id}: ${agreementsById.get(id) ?? 0} signed agreements (want 1)`);
    const title = ledger.listings.get(id)!.title;
    const got = signedNotes.filter((n) => n.title === `Mandate signed: ${title}`).length;
    if (got !== 1) lost.push(`"Mandate signed" notification for ${id}: ${got} (want 1)`);
  }
  for (const id of agreementsById.keys())
    if (!ledger.signed.has(id)) lost.push(`signed agreement for ${id} never answered 302`);
  if (signedNotes.length !== ledger.signed.size)
    lost.push(`mandate notifications: ${signedNotes.length}, want ${ledger.signed.size}`);

  // Approvals (bench listings and demo listings): the status, one audit row, one seller notification.
  const approved = [...ledger.approved];
  const approvedRows = await q<{
    id: string;
    title: string;
    admin_status: string;
    status: string;
    seller_user: string;
    email: string;
    audits: number;
    notes: number;
  }>(
    `select l.id, l.title, l.admin_status, l.status, s.user_id as seller_user, u.email,
            (select count(*)::int from audit_events a where a.entity = 'listing' and a.entity_id = l.id::text and a.action = 'listing.approve') as audits,
            (select count(*)::int from notifications n where n.user_id = s.user_id and n.type = 'listing_status' and n.title = 'Listing approved: ' || l.title) as notes
     from listings l join sellers s on s.id = l.seller_id join "user" u on u.id = s.user_id where l.id = any($1)`,
    [approved],
  );
  const approvedById = new Map(approvedRows.map((r) => [r.id, r]));
  const sameTitle = new Map<string, number>();
  for (const r of approvedRows)
    sameTitle.set(`${r.seller_user} ${r.title}`, (sameTitle.get(`${r.seller_user} ${r.title}`) ?? 0) + 1);
  for (const id of approved) {
    const r = approvedById.get(id);
    if (!r) {
      lost.push(`approved listing ${id} not found`);
      continue;
    }
    if (r.admin_status !== "approved" || r.status !== "approved")
      lost.push(`approved listing ${id} is ${r.admin_status}/${r.status}`);
    if (r.audits !== 1) lost.push(`approval of ${id}: ${r.audits} audit rows (want 1)`);
    const want = sameTitle.get(`${r.seller_user} ${r.title}`)!;
    if (r.notes !== want)
      lost.push(`approval of ${id}: ${r.notes} "Listing approved" notifications to the seller (want ${want})`);
  }
  for (const r of listingRows)
    if (r.admin_status === "approved" && !ledger.approved.has(r.id))
      lost.push(`listing ${r.id} approved without a successful approval`);

  // Favourites: as the buyers left them.
  const favRows = await q<{ user_id: string; listing_id: string }>(
    `select user_id, listing_id from favourites where user_id = any($1)`,
    [benchUsers],
  );
  const favs = new Set(favRows.map((r) => `${r.user_id} ${r.listing_id}`));
  for (const [key, want] of ledger.favourites)
    if (favs.has(key) !== want) lost.push(`favourite ${key}: ${favs.has(key)} (want ${want})`);
  for (const key of favs) if (!ledger.favourites.get(key)) lost.push(`favourite ${key} nobody saved`);

  // E-mails: one confirmation per signature, one decision e-mail per approval, all delivered.
  const mail = await q<{ template: string; to_address: string; status: string; count: number }>(
    `select template, to_address, status, count(*)::int as count from email_outbox
     where template in ('send-agreement-confirmation', 'send-listing-notification') group by 1, 2, 3`,
  );
  const confirmations = mail
    .filter((m) => m.template === "send-agreement-confirmation")
    .reduce((s, m) => s + m.count, 0);
  const decisions = mail.filter((m) => m.template === "send-listing-notification").reduce((s, m) => s + m.count, 0);
  if (confirmations !== ledger.signed.size)
    lost.push(`agreement confirmation e-mails: ${confirmations}, want ${ledger.signed.size}`);
  if (decisions !== ledger.approved.size)
    lost.push(`listing decision e-mails: ${decisions}, want ${ledger.approved.size}`);
  const undelivered = await q<{ status: string; count: number }>(
    `select status, count(*)::int as count from email_outbox where status <> 'sent' group by status`,
  );
  for (const u of undelivered) lost.push(`${u.count} e-mail(s) still ${u.status}`);
  return lost;
}

async function waitForOutbox(db: pg.Client, seconds: number) {
  for (let i = 0; i < seconds * 4; i++) {
    const { rows } = await db.query(`select count(*)::int as count from email_outbox where status = 'queued'`);
    if ((rows[0] as { count: number }).count === 0) return;
    await sleep(250);
  }
}

// ------------------------------------------------------------------ main
async function main() {
  let bench: ThrowawayDatabase | undefined;
  let server: AppServer | undefined;
  let db: pg.Client | undefined;
  let exitCode = 0;
  try {
    bench = await createThrowawayDatabase();
    console.log(`[load] database ${bench.name}; starting the production server on ${PORT} (demo data, rate limits on)`);
    server = await startAppServer({
      port: PORT,
      databaseUrl: bench.url,
      seed: true,
      env: { AUTH_RATE_LIMIT: "1" },
      // LOAD_PROFILE=<dir>: a CPU profile of the app for the whole run (node --import tsx bench/lib/cpu-profile.ts <file>).
      nodeArgs: process.env.LOAD_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.LOAD_PROFILE)}`] : [],
    });
    db = new pg.Client({ connectionString: bench.url });
    await db.connect();

    const { buyers, sellers } = await createAccounts(db);
    const adminAccount = DEMO_ACCOUNTS.users.find((u) => u.role === "admin")!;
    const {
      rows: [adminRow],
    } = await db.query(`select id from "user" where email = $1`, [adminAccount.email]);
    const adminUserId = (adminRow as { id: string }).id;
    const emails = new Map([...buyers, ...sellers].map((p) => [p.id, p.email]));

    // Sign everyone in before the timed window (scrypt is slow by design).
    const signInStart = nowMs();
    const buyerClients = buyers.map((p, i) => ({ p, c: new Client(server!.url, `LoadTest buyer ${i}`) }));
    const sellerClients = sellers.map((p, i) => ({ p, c: new Client(server!.url, `LoadTest seller ${i}`) }));
    const adminClient = new Client(server.url, "LoadTest admin");
    await signIn(adminClient, adminAccount.email, DEMO_ACCOUNTS.password);
    await eachLimited([...buyerClients, ...sellerClients], 4, ({ p, c }) => signIn(c, p.email, PASSWORD));
    const signInSeconds = (nowMs() - signInStart) / 1000;
    const photos = await Promise.all(
      Array.from({ length: 4 }, (_, i) => jpeg({ r: 40 + i * 50, g: 120, b: 200 - i * 40 }, 800, 600)),
    );
    const visitorClients = Array.from(
      { length: VISITORS },
      (_, i) => new Client(server!.url, `LoadTest visitor ${i} (Mozilla/5.0)`),
    );
    console.log(
      `[load] ${USERS} users: ${VISITORS} visitors, ${BUYERS} buyers, ${SELLERS} sellers, 1 admin; ` +
        `${BUYERS + SELLERS + 1} signed in through /signin in ${signInSeconds.toFixed(1)} s; think time ${THINK_MS} ms ±50%`,
    );
    console.log(`[load] ${SECONDS} s from ${new Date().toISOString()} (${machineNote()})`);

    // The timed window: every user starts within the first think time and stops starting steps at `end`.
    const failuresBefore = failures.length;
    recording = true;
    const started = nowMs();
    const serverCpuBefore = cpuSecondsOf(server.pid);
    const ownCpuBefore = process.cpuUsage();
    const end = Date.now() + SECONDS * 1000;
    const stagger = (fn: () => Promise<void>) =>
      sleep(Math.random() * THINK_MS)
        .then(fn)
        .catch(
          (error: unknown) => void failures.push({ type: "load script", status: "exception", detail: String(error) }),
        );
    await Promise.all([
      ...visitorClients.map((c) => stagger(() => visitor(c, end))),
      ...buyerClients.map(({ p, c }) => stagger(() => buyer(c, p, end))),
      ...sellerClients.map(({ p, c }, i) => stagger(() => seller(c, p, photos[i % photos.length]!, end))),
      stagger(() => admin(adminClient, end)),
    ]);
    const elapsed = (nowMs() - started) / 1000;
    recording = false;
    const serverCpu = cpuSecondsOf(server.pid) - serverCpuBefore;
    const ownCpuUsage = process.cpuUsage(ownCpuBefore);
    const ownCpu = (ownCpuUsage.user + ownCpuUsage.system) / 1e6;

    // Figures.
    const types = [...new Set(samples.map((s) => s.type))].sort();
    const errorsOf = (type: string) => failures.slice(failuresBefore).filter((f) => f.type === type).length;
    const row = (label: string, times: number[], errors: number) => [
      label,
      times.length,
      errors,
      ms(percentile(times, 50), 0),
      ms(percentile(times, 95), 0),
      ms(percentile(times, 99), 0),
      ms(Math.max(...times), 0),
    ];
    const all = samples.map((s) => s.ms);
    printTable(`Load: ${USERS} users for ${SECONDS} s (${elapsed.toFixed(1)} s until the last step ended)`, [
      ["request", "count", "errors", "p50", "p95", "p99", "max"],
      ...types.map((t) => {
        const times = samples.filter((s) => s.type === t).map((s) => s.ms);
        return row(t, times, errorsOf(t));
      }),
      row("all", all, failures.length - failuresBefore),
    ]);
    console.log(
      `\nThroughput: ${(samples.length / elapsed).toFixed(1)} requests/s (${samples.length} requests in ${elapsed.toFixed(1)} s)`,
    );
    console.log(
      `CPU during the window: app server ${serverCpu.toFixed(1)} s (${((serverCpu / elapsed) * 100).toFixed(0)}% of one core), ` +
        `this load generator ${ownCpu.toFixed(1)} s (${((ownCpu / elapsed) * 100).toFixed(0)}%); PostgreSQL not counted`,
    );
    console.log(
      `Writes answered with success: ${ledger.requests.size} offers/viewings/quotes, ${[...ledger.purchases.values()].reduce((a, b) => a + b, 0)} purchase requests ` +
        `(${ledger.purchases.size} buyer × listing), ${ledger.favourites.size} favourites touched, ${ledger.listings.size} listings created, ` +
        `${ledger.signed.size} mandates signed, ${ledger.approved.size} approvals`,
    );

    // Everything accounted for, once the e-mail jobs have drained.
    await waitForOutbox(db, 30);
    const lost = await reconcile(db, adminUserId, emails);
    const serverErrors = server
      .output()
      .split("\n")
      .filter((l) => /"level":(50|60)\b/.test(l) || /\b(ERROR|FATAL)\b/.test(l));

    if (failures.length) {
      const grouped = new Map<string, number>();
      for (const f of failures)
        grouped.set(`${f.type} → ${f.status}`, (grouped.get(`${f.type} → ${f.status}`) ?? 0) + 1);
      console.log(`\n${failures.length} error(s):`);
      for (const [k, v] of grouped) console.log(`  ${v} × ${k}`);
      for (const f of failures.slice(0, 10)) console.log(`  e.g. ${f.type} ${f.status}: ${f.detail}`);
    }
    if (lost.length) {
      console.log(`\n${lost.length} discrepancy(ies):`);
      for (const l of lost.slice(0, 30)) console.log(`  ${l}`);
    }
    if (serverErrors.length) {
      console.log(`\n${serverErrors.length} error line(s) in the server log, e.g.:`);
      for (const l of serverErrors.slice(0, 5)) console.log(`  ${l.slice(0, 400)}`);
    }
    if (failures.length === 0 && lost.length === 0 && serverErrors.length === 0)
      console.log("\n0 errors, nothing lost");
    else exitCode = 1;
    console.log(`(${machineNote()})`);
  } finally {
    await db?.end().catch(() => {});
    await server?.stop();
    await bench?.drop();
  }
  process.exit(exitCode);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
