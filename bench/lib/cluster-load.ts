/**
 * Traffic for the cluster benchmark, against any base URL (the balancer or
 * one instance): a smaller form of bench/load-test.ts's scenario with its
 * reconciliation, a closed loop of page views for throughput, and mixed
 * GET/POST traffic for the restart and kill checks.
 */
import { randomBytes } from "node:crypto";
import type pg from "pg";
import { createBenchAccounts, type Person } from "./bench-accounts.ts";
import { CATEGORIES, CONDITIONS, QUOTE_TYPES } from "#db/vocabulary.ts";
import { todayInJohannesburg, VIEWING_TIMES } from "#app/domain/request/request-schemas.ts";
import { USER_LIMITS } from "#app/lib/rate-limit.server.ts";
import { nowMs } from "./stats.ts";

const REQUEST_TIMEOUT_MS = 30_000;
export const PASSWORD = "cluster-bench-password-1";
const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

// ------------------------------------------------------------------ a browser without a browser

export type Failure = { type: string; status: number | string; detail: string; at: number };

export class CookieJar {
  private cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === "" || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** Timed requests with a cookie jar; every answer other than the expected status is a failure. */
export class Client {
  jar = new CookieJar();
  samples: { type: string; ms: number }[] = [];
  failures: Failure[] = [];
  recording = true;
  constructor(
    public baseUrl: string,
    readonly userAgent = "ClusterBench",
  ) {}

  async send(
    type: string,
    path: string,
    init: { method?: string; body?: URLSearchParams | FormData; expect?: number; base?: string } = {},
  ): Promise<{ res: Response; body: string } | undefined> {
    const method = init.method ?? "GET";
    const expect = init.expect ?? 200;
    const base = init.base ?? this.baseUrl;
    const headers: Record<string, string> = { "User-Agent": this.userAgent, Accept: "text/html,application/json" };
    const cookie = this.jar.header();
    if (cookie) headers.Cookie = cookie;
    if (method !== "GET") headers.Origin = base;
    const start = nowMs();
    let answered = false;
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers,
        body: init.body,
        redirect: "manual",
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      answered = true;
      const body = await res.text();
      this.jar.store(res);
      if (this.recording) this.samples.push({ type, ms: nowMs() - start });
      if (res.status !== expect) {
        this.failures.push({
          type,
          status: res.status,
          detail: `${method} ${path}: ${body.replace(/\s+/g, " ").slice(0, 200)}`,
          at: Date.now(),
        });
        return undefined;
      }
      return { res, body };
    } catch (error) {
      if (this.recording) this.samples.push({ type, ms: nowMs() - start });
      const cause = (error as { cause?: unknown }).cause;
      this.failures.push({
        type,
        // "cut": the answer had begun (status and headers) when its connection broke; no proxy can send it again.
        status: answered ? "cut" : "network",
        detail: `${method} ${path}: ${String(error)}${cause ? ` (${String(cause)})` : ""}`,
        at: Date.now(),
      });
      return undefined;
    }
  }

  async signIn(email: string, password: string, base?: string) {
    const res = await this.send("POST /signin", "/signin", {
      method: "POST",
      body: new URLSearchParams({ intent: "signin", email, password }),
      expect: 302,
      base,
    });
    if (!res || !this.jar.header().includes("session_token"))
      throw new Error(`sign-in as ${email} failed: ${this.failures.at(-1)?.detail ?? "no cookie"}`);
  }
}

// ------------------------------------------------------------------ accounts

export type { Person };

/** The cluster run's buyers and sellers (bench-accounts.ts), with this run's e-mail prefix and password. */
export function createAccounts(db: pg.Client, run: string, counts: { buyers: number; sellers: number }) {
  return createBenchAccounts(db, { emailPrefix: `cluster-${run}`, password: PASSWORD, ...counts });
}

export async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

// ------------------------------------------------------------------ the scenario

const LISTING_LINK = /href="\/listing\/([0-9a-f-]{36})"/g;
export const listingIdsIn = (html: string) => [...new Set([...html.matchAll(LISTING_LINK)].map((m) => m[1]!))];
const SEARCHES = ["excavator", "Komatsu", "Durban", "generator", "crane", "Caterpillar", "loader", "Bell", "Gauteng"];
const PROVINCES = ["Gauteng", "KwaZulu-Natal", "Western Cape", "Limpopo"];

function catalogQuery() {
  if (Math.random() < 0.5) return `q=${encodeURIComponent(pick(SEARCHES))}`;
  const p = new URLSearchParams();
  if (Math.random() < 0.6) p.set("category", pick(CATEGORIES));
  if (Math.random() < 0.4) p.set("province", pick(PROVINCES));
  p.set("sort", pick(["newest", "price_asc", "price_desc"]));
  return p.toString();
}

/** What the users did that answered with success (for the reconciliation). */
export type Ledger = {
  requests: Map<string, { userId: string; type: string }>;
  purchases: Map<string, number>;
  favourites: Map<string, boolean>;
  listings: Map<string, { sellerUserId: string; title: string }>;
  signed: Set<string>;
  approved: Set<string>;
};

export function newLedger(): Ledger {
  return {
    requests: new Map(),
    purchases: new Map(),
    favourites: new Map(),
    listings: new Map(),
    signed: new Set(),
    approved: new Set(),
  };
}

export type ScenarioOptions = { run: string; end: number; thinkMs: number; ledger: Ledger };
const think = (o: ScenarioOptions, factor = 1) => sleep(o.thinkMs * factor * (0.5 + Math.random()));

export async function visitor(client: Client, o: ScenarioOptions) {
  const seen: string[] = [];
  while (Date.now() < o.end) {
    const r = Math.random();
    if (r < 0.2) await client.send("GET /", "/");
    else if (r < 0.6 || !seen.length) {
      const page = await client.send("GET /catalog", `/catalog?${catalogQuery()}`);
      if (page) seen.splice(0, seen.length, ...listingIdsIn(page.body));
    } else await client.send("GET /listing/:id", `/listing/${pick(seen)}`);
    await think(o);
  }
}

export async function buyer(client: Client, me: Person, o: ScenarioOptions) {
  const seen: string[] = [];
  let requestBudget = USER_LIMITS.request.limit;
  let purchaseBudget = USER_LIMITS.purchase.limit;
  let n = 0;
  while (Date.now() < o.end) {
    const r = Math.random();
    if (!seen.length || r < 0.3) {
      const page = await client.send("GET /buyer-catalog", `/buyer-catalog?${catalogQuery()}`);
      if (page) seen.splice(0, seen.length, ...listingIdsIn(page.body));
    } else if (r < 0.45) {
      await client.send("GET /listing/:id", `/listing/${pick(seen)}`);
    } else if (r < 0.65) {
      const listingId = pick(seen);
      const key = `${me.id} ${listingId}`;
      const want = !(o.ledger.favourites.get(key) ?? false);
      const res = await client.send("POST /api/favourites", "/api/favourites", {
        method: "POST",
        body: new URLSearchParams({ listingId, favourite: String(want) }),
      });
      if (res) o.ledger.favourites.set(key, (JSON.parse(res.body) as { favourite: boolean }).favourite);
    } else if (r < 0.85 && requestBudget > 0) {
      const listingId = pick(seen);
      const type = pick(["offer", "viewing", "quote"] as const);
      const marker = `cluster:${o.run}:${me.id}:${n++}`;
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
      if (res) o.ledger.requests.set(marker, { userId: me.id, type });
    } else if (purchaseBudget > 0) {
      const listingId = pick(seen);
      purchaseBudget--;
      const res = await client.send("POST /listing/:id (purchase)", `/listing/${listingId}`, {
        method: "POST",
        body: new URLSearchParams(),
      });
      if (res) {
        const key = `${me.id} ${listingId}`;
        o.ledger.purchases.set(key, (o.ledger.purchases.get(key) ?? 0) + 1);
      }
    } else {
      await client.send("GET /notifications", "/notifications");
    }
    await think(o);
  }
}

export async function seller(client: Client, me: Person, photo: Buffer, o: ScenarioOptions) {
  let n = 0;
  let uploadBudget = USER_LIMITS.upload.limit;
  while (Date.now() < o.end) {
    await client.send("GET /seller-dashboard", "/seller-dashboard");
    await think(o, 2);
    if (Date.now() >= o.end || uploadBudget <= 0) continue;
    const title = `Cluster ${o.run} ${pick(["Excavator", "Generator", "Crane", "Loader"])} ${me.name} #${n++}`;
    const form = new FormData();
    for (const [k, v] of Object.entries({
      title,
      description: "Well maintained, full service history, available for inspection in the yard.",
      category: pick(CATEGORIES),
      condition: pick(CONDITIONS),
      price: String(50_000 + Math.floor(Math.random() * 2_000_000)),
      location: `${pick(["Durban", "Pretoria", "Cape Town"])}, ${pick(PROVINCES)}`,
      isUrgent: "on",
    }))
      form.set(k, v);
    form.append("images", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "front.jpg");
    uploadBudget--;
    const created = await client.send("POST /api/listings", "/api/listings", {
      method: "POST",
      body: form,
      expect: 201,
    });
    if (!created) continue;
    const { listingId } = JSON.parse(created.body) as { listingId: string };
    o.ledger.listings.set(listingId, { sellerUserId: me.id, title });
    await think(o);
    const signed = await client.send("POST /seller/mandate/:id (sign)", `/seller/mandate/${listingId}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "sign", accept: "on" }),
      expect: 302,
    });
    if (signed) o.ledger.signed.add(listingId);
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

export async function admin(client: Client, o: ScenarioOptions) {
  while (Date.now() < o.end) {
    const list = await client.send("GET /admin", "/admin");
    const ids = list ? approvableIn(list.body).filter((id) => !o.ledger.approved.has(id)) : [];
    for (const listingId of ids.slice(0, 5)) {
      if (Date.now() >= o.end) break;
      const res = await client.send("POST /admin?index (approve)", "/admin?index", {
        method: "POST",
        body: new URLSearchParams({ intent: "approve", listingId }),
      });
      if (res) o.ledger.approved.add(listingId);
    }
    await think(o, 2);
  }
}

// ------------------------------------------------------------------ reconciliation

/** Every write answered with success is in the database once; nothing is there that was not answered. */
export async function reconcile(db: pg.Client, o: { run: string; ledger: Ledger; userIds: string[]; since: Date }) {
  const lost: string[] = [];
  const q = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];
  const { ledger } = o;

  const rows = await q<{ message: string; user_id: string; request_type: string }>(
    `select message, user_id, request_type from user_requests where message like $1`,
    [`%cluster:${o.run}:%`],
  );
  const byMarker = new Map<string, number>();
  for (const r of rows) {
    const marker = /cluster:\S+/.exec(r.message)![0];
    byMarker.set(marker, (byMarker.get(marker) ?? 0) + 1);
  }
  for (const marker of ledger.requests.keys())
    if (byMarker.get(marker) !== 1) lost.push(`request ${marker}: ${byMarker.get(marker) ?? 0} rows (want 1)`);
  for (const marker of byMarker.keys())
    if (!ledger.requests.has(marker)) lost.push(`request row ${marker} never answered with success`);

  const tx = await q<{ user_id: string; listing_id: string; count: number }>(
    `select b.user_id, t.listing_id, count(*)::int as count from transactions t join buyers b on b.id = t.buyer_id
     where b.user_id = any($1) group by 1, 2`,
    [o.userIds],
  );
  const txByKey = new Map(tx.map((r) => [`${r.user_id} ${r.listing_id}`, r.count]));
  for (const key of ledger.purchases.keys())
    if (txByKey.get(key) !== 1) lost.push(`purchase ${key}: ${txByKey.get(key) ?? 0} transactions (want 1)`);
  for (const key of txByKey.keys())
    if (!ledger.purchases.has(key)) lost.push(`transaction ${key} never answered with success`);

  const listings = await q<{ id: string; images: number; admin_status: string; agreements: number; audits: number }>(
    `select l.id, l.admin_status,
            (select count(*)::int from listing_images i where i.listing_id = l.id) as images,
            (select count(*)::int from mandate_agreements m where m.listing_id = l.id and m.status = 'signed') as agreements,
            (select count(*)::int from audit_events a where a.entity = 'listing' and a.entity_id = l.id::text and a.action = 'listing.approve') as audits
     from listings l join sellers s on s.id = l.seller_id where s.user_id = any($1)`,
    [o.userIds],
  );
  const byId = new Map(listings.map((l) => [l.id, l]));
  for (const id of ledger.listings.keys()) {
    const l = byId.get(id);
    if (!l) lost.push(`listing ${id} answered 201 but is missing`);
    else {
      if (l.images !== 1) lost.push(`listing ${id}: ${l.images} photos (want 1)`);
      if (l.agreements !== (ledger.signed.has(id) ? 1 : 0))
        lost.push(`listing ${id}: ${l.agreements} signed agreements`);
      if (l.audits !== (ledger.approved.has(id) ? 1 : 0)) lost.push(`listing ${id}: ${l.audits} approval audit rows`);
      if (ledger.approved.has(id) !== (l.admin_status === "approved")) lost.push(`listing ${id} is ${l.admin_status}`);
    }
  }
  for (const id of byId.keys()) if (!ledger.listings.has(id)) lost.push(`listing ${id} never answered 201`);

  const favs = new Set(
    (
      await q<{ user_id: string; listing_id: string }>(
        `select user_id, listing_id from favourites where user_id = any($1)`,
        [o.userIds],
      )
    ).map((r) => `${r.user_id} ${r.listing_id}`),
  );
  for (const [key, want] of ledger.favourites)
    if (favs.has(key) !== want) lost.push(`favourite ${key}: ${favs.has(key)} (want ${want})`);
  for (const key of favs) if (!ledger.favourites.get(key)) lost.push(`favourite ${key} nobody saved`);

  const mail = await q<{ template: string; count: number }>(
    `select template, count(*)::int as count from email_outbox
     where template in ('send-agreement-confirmation', 'send-listing-notification') and created_at >= $1 group by 1`,
    [o.since],
  );
  const count = (t: string) => mail.find((m) => m.template === t)?.count ?? 0;
  if (count("send-agreement-confirmation") !== ledger.signed.size)
    lost.push(`agreement e-mails: ${count("send-agreement-confirmation")} (want ${ledger.signed.size})`);
  if (count("send-listing-notification") !== ledger.approved.size)
    lost.push(`decision e-mails: ${count("send-listing-notification")} (want ${ledger.approved.size})`);
  return lost;
}

// ------------------------------------------------------------------ throughput and mixed traffic

/**
 * A closed loop of page views (no think time) by `workers` clients for `seconds`: requests per second and errors.
 * `cookie` (any cookie, not a session's) makes each instance render every page instead of answering visitors
 * from its store of visitor pages (server/visitor-pages.js).
 */
export async function pageViews(options: { base: string; paths: string[]; workers: number; seconds: number; cookie?: string }) {
  const end = Date.now() + options.seconds * 1000;
  let ok = 0;
  const errors: string[] = [];
  const times: number[] = [];
  const started = nowMs();
  await Promise.all(
    Array.from({ length: options.workers }, async () => {
      while (Date.now() < end) {
        const path = pick(options.paths);
        const t = nowMs();
        try {
          const res = await fetch(`${options.base}${path}`, {
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
            headers: options.cookie ? { cookie: options.cookie } : {},
          });
          await res.arrayBuffer();
          if (res.status === 200) ok++;
          else errors.push(`${res.status} GET ${path}`);
        } catch (error) {
          errors.push(`network GET ${path}: ${String(error)}`);
        }
        times.push(nowMs() - t);
      }
    }),
  );
  const elapsed = (nowMs() - started) / 1000;
  return { requests: ok + errors.length, ok, errors, perSecond: (ok + errors.length) / elapsed, elapsed, times };
}

export type MixedResult = {
  get: { ok: number; failed: Failure[] };
  post: { ok: number; failed: Failure[] };
};

/**
 * Visitors' page views and buyers' favourite toggles (POST) through `base`
 * until `stop()` resolves; every answer is checked (200, and for a POST the
 * state asked for). Toggles are recorded in `favourites` for a later check.
 */
export async function mixedTraffic(options: {
  base: string;
  paths: string[];
  buyers: { client: Client; person: Person }[];
  listingIds: string[];
  getWorkers: number;
  until: Promise<unknown>;
  favourites: Map<string, boolean>;
}): Promise<MixedResult> {
  let done = false;
  void options.until.then(() => (done = true));
  const result: MixedResult = { get: { ok: 0, failed: [] }, post: { ok: 0, failed: [] } };
  const getter = async () => {
    const client = new Client(options.base, "ClusterBench visitor");
    client.recording = false;
    while (!done) {
      const path = pick(options.paths);
      if (await client.send(`GET ${path.split("?")[0]}`, path)) result.get.ok++;
      else result.get.failed.push(client.failures.pop()!);
      await sleep(20);
    }
  };
  const poster = async ({ client, person }: { client: Client; person: Person }) => {
    client.recording = false;
    client.baseUrl = options.base;
    while (!done) {
      const listingId = pick(options.listingIds);
      const key = `${person.id} ${listingId}`;
      const want = !(options.favourites.get(key) ?? false);
      const res = await client.send("POST /api/favourites", "/api/favourites", {
        method: "POST",
        body: new URLSearchParams({ listingId, favourite: String(want) }),
      });
      if (res) {
        const got = (JSON.parse(res.body) as { favourite: boolean }).favourite;
        options.favourites.set(key, got);
        result.post.ok++;
      } else {
        // Not known whether it was written: the next toggle of this pair sends an explicit state again.
        options.favourites.delete(key);
        result.post.failed.push(client.failures.pop()!);
      }
      await sleep(50);
    }
  };
  await Promise.all([...Array.from({ length: options.getWorkers }, getter), ...options.buyers.map(poster)]);
  return result;
}

export const newRun = () => randomBytes(3).toString("hex");
