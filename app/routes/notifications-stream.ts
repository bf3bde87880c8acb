import type { Route } from "./+types/notifications-stream";
import { countUnread, findNotificationsSince, getNotification } from "#app/domain/notification/find-notifications.server.ts";
import { isSessionLive } from "#app/server/get-viewer.server.ts";
import { requireUserSession } from "#app/server/guards.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import { enforceUserLimit } from "#app/lib/rate-limit.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";

const HEARTBEAT_MS = 25_000;

/**
 * The signed-in user's live notifications as Server-Sent Events. Events:
 * `notification` (a new row), `read` / `read-all` (another tab or device read
 * them); each carries the current unread count. `?since=` catches up after a
 * reconnect.
 *
 * The stream lives only as long as the session that opened it: when that
 * session ends (sign-out, ban, admin-access change, password reset, deletion
 * of the account — the `session-ended` signal, on every instance) it sends
 * `ended` and closes. Before every push it also checks that the session still
 * signs the user in (expiry, or a signal missed while the listener
 * reconnected).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { viewer, sessionId } = await requireUserSession(request);
  const runtime = await getRuntime();
  try {
    await enforceUserLimit(runtime, "stream", viewer.userId);
  } catch (error) {
    // EventSource retries on its own; 429 with the reason for anyone looking.
    if (error instanceof AppError) throw new Response(error.message, { status: error.status, headers: { "Retry-After": "60" } });
    throw error;
  }
  const sinceParam = new URL(request.url).searchParams.get("since");
  const since = sinceParam && !Number.isNaN(Date.parse(sinceParam)) ? new Date(sinceParam) : null;
  const encoder = new TextEncoder();
  let cleanup = () => {};

  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let open = true;
      const write = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          open = false;
        }
      };
      const send = (event: string, data: unknown) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      const unread = () => countUnread({ db: runtime.db, userId: viewer.userId });
      const close = () => {
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      // The browser stops reconnecting on `ended`: a new connection would only meet the sign-in redirect.
      const end = () => {
        if (!open) return;
        write("event: ended\ndata: {}\n\n");
        close();
      };

      const unsubscribe = runtime.notifications.subscribe(viewer.userId, (signal) => {
        if (signal.kind === "session-ended") {
          if (signal.id === sessionId) end(); // the user's other sessions keep their streams
          return;
        }
        void (async () => {
          if (!open) return;
          if (!(await isSessionLive({ db: runtime.db, sessionId }))) return end();
          if (signal.kind === "created" && signal.id) {
            const row = await getNotification({ db: runtime.db, userId: viewer.userId, id: signal.id });
            if (row) send("notification", { notification: row, unread: await unread() });
          } else {
            send(signal.kind, { id: signal.id ?? null, unread: await unread() });
          }
        })().catch((error: unknown) => logger.warn({ err: error }, "notification push failed"));
      });
      const heartbeat = setInterval(() => write(": ping\n\n"), HEARTBEAT_MS);
      cleanup = () => {
        open = false;
        clearInterval(heartbeat);
        unsubscribe();
      };
      request.signal.addEventListener("abort", close);

      // Ended between the guard and the subscription: its signal came before anyone listened.
      if (!(await isSessionLive({ db: runtime.db, sessionId }))) return end();
      write("retry: 1000\n\n");
      if (since) {
        for (const row of await findNotificationsSince({ db: runtime.db, userId: viewer.userId, since })) {
          send("notification", { notification: row, unread: null });
        }
      }
      send("ready", { unread: await unread() });
    },
    cancel() {
      cleanup();
    },
  });

  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    },
  });
}
