/**
 * The process's long-lived services, started once (lazily on first use, or by
 * server.js at boot) and stopped on SIGTERM: database, jobs, auth, mailer.
 */
import { syncChangedEmail } from "#app/domain/user/change-email.server.ts";
import { queuePasswordChangedNotice } from "#app/domain/user/change-password.server.ts";
import { PgBoss, fromPglite } from "pg-boss";
import pg from "pg";
import { sql } from "drizzle-orm";
import { user } from "#db/schema.ts";
import { createAuth, type Auth } from "#app/lib/auth.server.ts";
import { openDatabase, type Db, type DbHandle, type DbOrTx } from "#app/lib/db.server.ts";
import { env as readEnv, type Env } from "#app/lib/env.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { createSmtpTransport, writeEmail, type OutgoingEmail } from "#app/lib/mailer.server.ts";
import { createStorage, type Storage } from "#app/lib/storage.server.ts";
import { createNotificationHub, type NotificationHub } from "#app/lib/notification-hub.server.ts";
import { composeEmail } from "#app/emails/templates.server.ts";
import { registerJobs, WAKEABLE_JOBS } from "#app/jobs/index.server.ts";
import { dispatchEmail, requeueStrandedEmails, SEND_EMAIL_QUEUE } from "#app/jobs/send-email.server.ts";
import { createListingViewRecorder, type ListingViewRecorder } from "#app/domain/listing/record-listing-view.server.ts";

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
  /** Queues delivery of an outbox row again (an admin's Retry of a failed message). */
  dispatchEmail: (outboxId: string) => Promise<void>;
  /** Listing views, counted in memory and written in batches (written on stop). */
  listingViews: ListingViewRecorder;
};

export type RuntimeOptions = {
  env?: Env;
  /** In-memory PGlite (tests). */
  memory?: boolean;
  /** With `memory`: start from this copy of a migrated database (tests make one per run). */
  snapshot?: Blob;
  trustedOrigins?: string[];
  emailRetryDelaySeconds?: number;
  /** Retries before an e-mail is given up as failed (tests shorten it). */
  emailRetryLimit?: number;
  seed?: boolean;
};

const g = globalThis as unknown as { __runtime?: Promise<Runtime>; __runtimeValue?: Runtime };

/**
 * Whether the database answers, probed at most once a second (server.js asks
 * before every request, so a database restart costs a fast 503, not a hang).
 *
 * The probe has a connection of its own: on the pool it would wait behind the
 * pages' queries, and a busy minute (every connection in use, a queue of
 * requests) would look like an outage and turn pages into 503s. A probe that
 * fails or hangs drops its connection (a cut one never answers) and the next
 * opens a new one. A time-out whose timer itself ran a second late says this
 * process was too busy to tell, not that the database is gone: the last
 * answer stands.
 */
const PROBE_TIMEOUT_MS = 2_000;
/** How the probe's connection shows in pg_stat_activity. */
export const PROBE_APPLICATION_NAME = "marketplace-probe";
const probe = {
  at: 0,
  ok: true,
  running: undefined as Promise<boolean> | undefined,
  client: undefined as { client: pg.Client; connected: Promise<unknown> } | undefined,
};

function dropProbeClient() {
  const current = probe.client;
  probe.client = undefined;
  current?.client.end().catch(() => undefined);
}

async function probeOnce(connectionString: string): Promise<boolean> {
  if (!probe.client) {
    const client = new pg.Client({
      connectionString,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      application_name: PROBE_APPLICATION_NAME,
    });
    // The server ending an idle connection (a restart) is reported here: the next probe reconnects.
    client.on("error", () => {
      if (probe.client?.client === client) dropProbeClient();
    });
    probe.client = { client, connected: client.connect() };
  }
  const { client, connected } = probe.client;
  const started = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), PROBE_TIMEOUT_MS);
    timer.unref();
  });
  const query = connected
    .then(() => client.query("select 1"))
    .then(
      () => "ok" as const,
      () => "failed" as const,
    );
  const outcome = await Promise.race([query, timeout]);
  clearTimeout(timer);
  if (outcome === "ok") return true;
  dropProbeClient();
  if (outcome === "timeout" && performance.now() - started > PROBE_TIMEOUT_MS + 1_000) return probe.ok;
  return false;
}

export async function databaseAvailable(): Promise<boolean> {
  const runtime = g.__runtimeValue;
  if (!runtime?.handle.connectionString) return true; // embedded PGlite lives in this process
  if (Date.now() - probe.at < 1_000) return probe.ok;
  probe.running ??= (async () => {
    probe.ok = await probeOnce(runtime.handle.connectionString!);
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
  const handle = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    memory: options.memory,
    snapshot: options.snapshot,
  });
  const db = handle.db;
  const storage = await createStorage(env);

  const boss = new PgBoss(
    handle.pglite
      ? { db: fromPglite(handle.pglite), schedule: true, supervise: true }
      : { connectionString: handle.connectionString!, max: 4, schedule: true, supervise: true },
  );
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  await boss.start();
  const transport = createSmtpTransport(env.SMTP_URL);
  await registerJobs(
    { db, env, storage, boss, transport },
    {
      [SEND_EMAIL_QUEUE]: {
        ...(options.emailRetryDelaySeconds !== undefined ? { retryDelay: options.emailRetryDelaySeconds } : {}),
        ...(options.emailRetryLimit !== undefined ? { retryLimit: options.emailRetryLimit } : {}),
      },
    },
  );

  const queueEmail: Runtime["queueEmail"] = async (email, tx) => {
    const id = await writeEmail(tx ?? db, email);
    return () => dispatchEmail(boss, id);
  };
  const sendEmail: Runtime["sendEmail"] = async (email) => {
    const go = await queueEmail(email);
    await go();
  };

  const auth = createAuth({
    db,
    env,
    trustedOrigins: options.trustedOrigins,
    // A new address taking effect: the profile's copy follows and the old address is told, in one transaction.
    onEmailVerified: async (userId) => {
      await syncChangedEmail({ db, userId, queueEmail });
    },
    onPasswordReset: async (userId) => {
      const send = await queuePasswordChangedNotice({ runtime: { queueEmail }, db, userId, how: "reset" });
      await send?.();
    },
    mailer: {
      verifyEmail: ({ email, ...data }) => sendEmail(composeEmail("verify-email", email, data)),
      confirmNewEmail: ({ email, ...data }) => sendEmail(composeEmail("confirm-new-email", email, data)),
      passwordReset: ({ email, ...data }) => sendEmail(composeEmail("reset-password", email, data)),
    },
  });

  // Anything written but never queued (a crash between commit and send) goes now.
  await requeueStrandedEmails({ db, boss });

  const notificationHub = await createNotificationHub({
    pglite: handle.pglite,
    connectionString: handle.connectionString,
    onJobWake: (name) => {
      if (!WAKEABLE_JOBS.has(name)) return;
      // Its queue keeps one waiting run at most ("stately"): the job takes everything queued when it runs.
      boss.send(name, {}).catch((error: unknown) => logger.warn({ err: error, job: name }, "could not queue job"));
    },
  });
  const runtime: Runtime = {
    env,
    handle,
    db,
    auth,
    boss,
    storage,
    notifications: notificationHub,
    queueEmail,
    sendEmail,
    dispatchEmail: (outboxId) => dispatchEmail(boss, outboxId),
    listingViews: await createListingViewRecorder({ db }),
  };

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
  if (g.__runtimeValue === rt) dropProbeClient();
  await rt.listingViews
    .stop()
    .catch((error: unknown) => logger.warn({ err: error }, "listing views not written at shutdown"));
  await rt.notifications
    .close()
    .catch((error: unknown) => logger.warn({ err: error }, "notification hub close failed"));
  try {
    await rt.boss.stop({ graceful: true, timeout: 5_000, close: true });
  } catch (error) {
    logger.warn({ err: error }, "job queue stop failed");
  }
  await rt.handle.close();
}
