/**
 * Live notifications across app instances: writers `pg_notify` on the
 * `notifications` channel inside their transaction (delivered on commit);
 * every instance LISTENs and pushes to its own Server-Sent-Event clients.
 * PGlite (one process) listens in-process; PostgreSQL through a dedicated
 * connection that reconnects by itself.
 */
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "./db.server.ts";
import { logger } from "./logger.server.ts";

export const NOTIFICATION_CHANNEL = "notifications";
/**
 * A job to run now: its queue name, sent (with pg_notify, delivered on commit) by a transaction that
 * wrote work for it, e.g. a listing to match against saved searches. Each instance hears it and asks
 * the queue to run the job; the job's work is safe to run twice.
 */
export const JOB_WAKE_CHANNEL = "job_wake";
/**
 * Something a visitor's page shows may have changed (a write answered by some instance): each
 * instance empties its store of visitor pages (server/visitor-pages.js). No payload.
 */
export const VISITOR_PAGES_CHANNEL = "visitor_pages";

/** Tells every instance (this one too) that what visitors see may have changed. */
export async function announceVisitorPagesChanged(db: DbOrTx) {
  await db.execute(sql`select pg_notify(${VISITOR_PAGES_CHANNEL}, '')`);
}

/**
 * What travels on the channel: which user, which row, what happened. `session-ended`
 * (id: the session's) comes from a trigger on the session table (migration 0007)
 * whenever a session row is deleted, whoever deletes it.
 */
export type NotificationSignal = { userId: string; id?: string; kind: "created" | "read" | "read-all" | "session-ended" };

type Listener = (signal: NotificationSignal) => void;

export type NotificationHub = {
  subscribe: (userId: string, listener: Listener) => () => void;
  /** Calls `listener` whenever any instance (this one too) announces a change of what visitors see. */
  whenVisitorPagesChange: (listener: () => void) => () => void;
  clientCount: () => number;
  close: () => Promise<void>;
};

export async function createNotificationHub(options: {
  pglite?: PGlite;
  connectionString?: string;
  /** Called with a job's name when a transaction asks for it (JOB_WAKE_CHANNEL). */
  onJobWake?: (name: string) => void;
}): Promise<NotificationHub> {
  const listeners = new Map<string, Set<Listener>>();
  const dispatch = (payload: string) => {
    let signal: NotificationSignal;
    try {
      signal = JSON.parse(payload) as NotificationSignal;
    } catch {
      return;
    }
    for (const listener of listeners.get(signal.userId) ?? []) {
      try {
        listener(signal);
      } catch (error) {
        logger.warn({ err: error }, "notification listener failed");
      }
    }
  };

  const wake = (name: string) => {
    try {
      options.onJobWake?.(name);
    } catch (error) {
      logger.warn({ err: error }, "job wake failed");
    }
  };

  const pageListeners = new Set<() => void>();
  const visitorPagesChanged = () => {
    for (const listener of pageListeners) {
      try {
        listener();
      } catch (error) {
        logger.warn({ err: error }, "visitor pages listener failed");
      }
    }
  };

  let stop: () => Promise<void>;
  if (options.pglite) {
    const unlisten = await options.pglite.listen(NOTIFICATION_CHANNEL, dispatch);
    const unlistenJobs = await options.pglite.listen(JOB_WAKE_CHANNEL, wake);
    const unlistenPages = await options.pglite.listen(VISITOR_PAGES_CHANNEL, visitorPagesChanged);
    stop = async () => {
      await unlisten();
      await unlistenJobs();
      await unlistenPages();
    };
  } else {
    let client: pg.Client | undefined;
    let closed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let listenedBefore = false;
    const connect = async (attempt = 0): Promise<void> => {
      if (closed) return;
      const c = new pg.Client({ connectionString: options.connectionString });
      c.on("notification", (msg) => {
        if (msg.channel === VISITOR_PAGES_CHANNEL) return visitorPagesChanged();
        if (!msg.payload) return;
        if (msg.channel === JOB_WAKE_CHANNEL) wake(msg.payload);
        else dispatch(msg.payload);
      });
      c.on("error", (error) => {
        logger.warn({ err: error }, "notification listener connection lost; reconnecting");
        void c.end().catch(() => {});
        if (client === c) client = undefined;
        if (!closed) retry = setTimeout(() => void connect(0), 1000);
      });
      try {
        await c.connect();
        await c.query(`LISTEN ${NOTIFICATION_CHANNEL}; LISTEN ${JOB_WAKE_CHANNEL}; LISTEN ${VISITOR_PAGES_CHANNEL}`);
        client = c;
        // Pages kept while this listener was away may be out of date.
        if (listenedBefore) visitorPagesChanged();
        listenedBefore = true;
      } catch (error) {
        await c.end().catch(() => {});
        const delay = [1000, 2000, 5000, 10000][Math.min(attempt, 3)]!;
        logger.warn({ err: error, delay }, "notification listener could not connect; retrying");
        if (!closed) retry = setTimeout(() => void connect(attempt + 1), delay);
      }
    };
    await connect();
    stop = async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    };
  }

  return {
    subscribe(userId, listener) {
      const set = listeners.get(userId) ?? new Set();
      set.add(listener);
      listeners.set(userId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    whenVisitorPagesChange(listener) {
      pageListeners.add(listener);
      return () => void pageListeners.delete(listener);
    },
    clientCount: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
    close: async () => {
      listeners.clear();
      pageListeners.clear();
      await stop();
    },
  };
}
