/**
 * The process's long-lived services, started once (lazily on first use, or by
 * server.js at boot) and stopped on SIGTERM: database, jobs, auth, mailer.
 */
import { PgBoss, fromPglite, type JobResult } from "pg-boss";
import { asc, eq, sql } from "drizzle-orm";
import { emailOutbox, user } from "#db/schema.ts";
import { createAuth, type Auth } from "./auth.server.ts";
import { openDatabase, type Db, type DbHandle, type DbOrTx } from "./db.server.ts";
import { passwordResetEmail, verifyEmailEmail } from "./emails.server.ts";
import { env as readEnv, type Env } from "./env.server.ts";
import { logger } from "./logger.server.ts";
import {
  createSmtpTransport,
  deliverEmail,
  SEND_EMAIL_QUEUE,
  writeEmail,
  type OutgoingEmail,
} from "./mailer.server.ts";
import { createStorage, type Storage } from "./storage.server.ts";
import { createNotificationHub, type NotificationHub } from "./notification-hub.server.ts";
import { EXPIRE_LISTINGS_QUEUE, expireListings } from "#app/domain/listing/expire-listings.server.ts";
import { REFRESH_TERM_PRICES_QUEUE, refreshTermPrices } from "#app/domain/listing/refresh-term-prices.server.ts";
import { CLEANUP_UPLOADS_QUEUE, cleanupAbandonedUploads } from "#app/domain/listing/cleanup-abandoned-uploads.server.ts";

export type Runtime = {
  env: Env;
  handle: DbHandle;
  db: Db;
  auth: Auth;
  boss: PgBoss;
  storage: Storage;
  notifications: NotificationHub;
  /** Writes an e-mail to the outbox (in `tx` if given) and returns a function that queues delivery. */
  queueEmail: (email: OutgoingEmail, tx?: DbOrTx) => Promise<() => Promise<void>>;
  /** Writes and queues at once (outside any transaction). */
  sendEmail: (email: OutgoingEmail) => Promise<void>;
};

export type RuntimeOptions = {
  env?: Env;
  /** In-memory PGlite (tests). */
  memory?: boolean;
  trustedOrigins?: string[];
  emailRetryDelaySeconds?: number;
  seed?: boolean;
};

const g = globalThis as unknown as { __runtime?: Promise<Runtime>; __runtimeValue?: Runtime };

/**
 * Whether the database answers, probed at most once a second (server.js asks
 * before every request, so a database restart costs a fast 503, not a hang).
 */
const probe = { at: 0, ok: true, running: undefined as Promise<boolean> | undefined };
export async function databaseAvailable(): Promise<boolean> {
  const runtime = g.__runtimeValue;
  if (!runtime?.handle.pool) return true; // embedded PGlite lives in this process
  if (Date.now() - probe.at < 1_000) return probe.ok;
  probe.running ??= (async () => {
    const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2_000).unref());
    const query = runtime.handle.pool!.query("select 1").then(
      () => true,
      () => false,
    );
    probe.ok = await Promise.race([query, timeout]);
    probe.at = Date.now();
    probe.running = undefined;
    return probe.ok;
  })();
  return probe.running;
}

/** A request just failed for want of the database: probe again before the next one. */
export function markDatabaseSuspect() {
  probe.at = 0;
}

export function getRuntime(): Promise<Runtime> {
  g.__runtime ??= startRuntime().catch((error) => {
    g.__runtime = undefined;
    throw error;
  });
  return g.__runtime;
}

export async function startRuntime(options: RuntimeOptions = {}): Promise<Runtime> {
  const env = options.env ?? readEnv();
  const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, memory: options.memory });
  const db = handle.db;
  const storage = await createStorage(env);

  const boss = new PgBoss(
    handle.pglite
      ? { db: fromPglite(handle.pglite), schedule: true, supervise: true }
      : { connectionString: handle.connectionString!, max: 4, schedule: true, supervise: true },
  );
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  await boss.start();
  const retryDelay = options.emailRetryDelaySeconds ?? 10;
  await boss.createQueue(SEND_EMAIL_QUEUE, {
    retryLimit: 25,
    retryDelay,
    retryBackoff: true,
    retryDelayMax: 15 * 60,
  });

  const transport = createSmtpTransport(env.SMTP_URL);
  // Up to 10 e-mails a fetch, fetching again at once while fetches come back full: one job per
  // 1 s poll capped delivery at one e-mail a second, and the load test (bench/load-test.ts) queues
  // more than that. Each job settles on its own, so one failing address does not hold the others back.
  await boss.work<{ outboxId: string }>(
    SEND_EMAIL_QUEUE,
    { pollingIntervalSeconds: 1, batchSize: 10, burstWhenBatchFull: true, perJobResults: true },
    async (jobs) => {
      const results: JobResult[] = [];
      for (const job of jobs) {
        try {
          await deliverEmail({ db, outboxId: job.data.outboxId, transport, from: env.MAIL_FROM });
          results.push({ id: job.id, status: "completed" });
        } catch (error) {
          results.push({ id: job.id, status: "failed", output: { message: error instanceof Error ? error.message : String(error) } });
        }
      }
      return results;
    },
  );

  // Daily at 01:00 (and once at start-up): flag listings whose mandate period is over.
  await boss.createQueue(EXPIRE_LISTINGS_QUEUE, { retryLimit: 3 });
  await boss.work(EXPIRE_LISTINGS_QUEUE, async () => {
    const expired = await expireListings({ db });
    if (expired) logger.info({ expired }, "listings expired");
  });
  await boss.schedule(EXPIRE_LISTINGS_QUEUE, "0 1 * * *", null, { tz: "Africa/Johannesburg" });
  await boss.send(EXPIRE_LISTINGS_QUEUE, {});

  // Weekly, Sunday 03:30: tighten the words' price bounds that price-sorted searches start from.
  await boss.createQueue(REFRESH_TERM_PRICES_QUEUE, { retryLimit: 3 });
  await boss.work(REFRESH_TERM_PRICES_QUEUE, async () => {
    await refreshTermPrices({ db });
  });
  await boss.schedule(REFRESH_TERM_PRICES_QUEUE, "30 3 * * 0", null, { tz: "Africa/Johannesburg" });

  // Hourly (and once at start-up): photo folders left by an upload the process did not live to finish.
  await boss.createQueue(CLEANUP_UPLOADS_QUEUE, { retryLimit: 3 });
  await boss.work(CLEANUP_UPLOADS_QUEUE, async () => {
    const { removed } = await cleanupAbandonedUploads({ db, storage, graceMinutes: env.UPLOAD_CLEANUP_GRACE_MINUTES });
    if (removed.length) logger.info({ removed }, "abandoned upload folders removed");
  });
  await boss.schedule(CLEANUP_UPLOADS_QUEUE, "17 * * * *", null, { tz: "Africa/Johannesburg" });
  await boss.send(CLEANUP_UPLOADS_QUEUE, {});

  const dispatch = async (outboxId: string) => {
    await boss.send(SEND_EMAIL_QUEUE, { outboxId }, { singletonKey: outboxId });
  };
  const queueEmail: Runtime["queueEmail"] = async (email, tx) => {
    const id = await writeEmail(tx ?? db, email);
    return () => dispatch(id);
  };
  const sendEmail: Runtime["sendEmail"] = async (email) => {
    const go = await queueEmail(email);
    await go();
  };

  const auth = createAuth({
    db,
    env,
    trustedOrigins: options.trustedOrigins,
    mailer: {
      verifyEmail: (input) => sendEmail(verifyEmailEmail(input)),
      passwordReset: (input) => sendEmail(passwordResetEmail(input)),
    },
  });

  // Anything written but never queued (a crash between commit and send) goes now.
  const stranded = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, "queued"))
    .orderBy(asc(emailOutbox.createdAt))
    .limit(500);
  for (const row of stranded) await dispatch(row.id);

  const notificationHub = await createNotificationHub({ pglite: handle.pglite, connectionString: handle.connectionString });
  const runtime: Runtime = { env, handle, db, auth, boss, storage, notifications: notificationHub, queueEmail, sendEmail };

  if (options.seed ?? env.SEED_DEMO) {
    const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(user)) as [{ count: number }];
    if (count === 0) {
      const { seedDemo } = await import("#db/seed.ts");
      await seedDemo(runtime);
    }
  }
  g.__runtimeValue = runtime;
  logger.info({ database: handle.kind, smtp: Boolean(env.SMTP_URL) }, "runtime started");
  return runtime;
}

/** Stops jobs, then closes the database. Safe to call twice. */
export async function stopRuntime(runtime?: Runtime) {
  const rt = runtime ?? (g.__runtime ? await g.__runtime.catch(() => undefined) : undefined);
  if (!rt) return;
  if (!runtime) g.__runtime = undefined;
  await rt.notifications.close().catch((error: unknown) => logger.warn({ err: error }, "notification hub close failed"));
  try {
    await rt.boss.stop({ graceful: true, timeout: 5_000, close: true });
  } catch (error) {
    logger.warn({ err: error }, "job queue stop failed");
  }
  await rt.handle.close();
}
