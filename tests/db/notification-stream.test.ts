/**
 * The live-notification stream (`/notifications/stream`) ends with the
 * session that opened it, on a real database with real sessions: signing
 * out, a ban or an admin-access change, a password reset, deleting the user,
 * or simply deleting the session row each close the open stream at once
 * (the `session_ended_signal` trigger on the session table → the hub →
 * the stream), and nothing created afterwards reaches it. While the session
 * is valid the same stream does deliver, and the user's other sessions keep
 * their streams. An expired session, or one whose end was never signalled,
 * is caught by the check before every push. On PostgreSQL the signal reaches
 * every instance's listener.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as s from "#db/schema.ts";
import { notifyUser } from "#app/domain/notification/create-notification.server.ts";
import { deleteUser } from "#app/domain/user/delete-user.server.ts";
import { deleteConfirmationPhrase } from "#app/domain/user/delete-user-phrase.ts";
import { setUserAccess } from "#app/domain/user/set-user-access.server.ts";
import { requestPasswordReset, resetPassword, signInWithPassword } from "#app/domain/user/sign-in.server.ts";
import { createNotificationHub, type NotificationSignal } from "#app/lib/notification-hub.server.ts";
import { loader as streamLoader } from "#app/routes/notifications-stream.ts";
import { action as signOutAction } from "#app/routes/auth/signout.tsx";
import { BASE, dbKind, dbLabel, PASSWORD, type Persona, startTestRuntime, type TestRuntime } from "./support/harness.ts";

type Harness = TestRuntime;
type StreamEvent = { event: string; data: unknown };

let h: Harness;
let admin: Persona;

beforeAll(async () => {
  h = await startTestRuntime({ rateLimits: false });
  admin = await h.persona("admin");
});
afterAll(async () => {
  await h.stop();
});

/** How long an ended session may take to close its stream. */
const CLOSES_WITHIN = { timeout: 2_000, interval: 20 };

/** Opens the stream as the browser would and reads its events in the background. */
async function openStream(cookie: string) {
  const abort = new AbortController();
  const request = new Request(`${BASE}/notifications/stream`, { headers: { cookie }, signal: abort.signal });
  const args = {
    request,
    params: {},
    context: { clientIp: "127.0.0.1", cspNonce: "n" },
    url: new URL(request.url),
    pattern: "/notifications/stream",
  };
  const response = (await streamLoader(args as Parameters<typeof streamLoader>[0])) as Response;
  expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: StreamEvent[] = [];
  let ended = false;
  let buffer = "";
  const pump = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        return;
      }
      buffer += decoder.decode(value, { stream: true });
      for (let i = buffer.indexOf("\n\n"); i >= 0; i = buffer.indexOf("\n\n")) {
        const block = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event) events.push({ event, data: data ? (JSON.parse(data) as unknown) : null });
      }
    }
  })();
  const stream = {
    events,
    get ended() {
      return ended;
    },
    titles: () =>
      events
        .filter((e) => e.event === "notification")
        .map((e) => (e.data as { notification: { title: string } }).notification.title),
    close: async () => {
      abort.abort();
      await reader.cancel().catch(() => {});
      await pump.catch(() => {});
    },
  };
  await vi.waitFor(() => expect(events.map((e) => e.event)).toContain("ready"), CLOSES_WITHIN);
  return stream;
}
type Stream = Awaited<ReturnType<typeof openStream>>;

const notify = (userId: string, title: string) =>
  notifyUser({ db: h.rt.db, userId, title, message: `${title}.`, type: "generic" });

/** A notification created now reaches the open stream (so the session was live and the stream listening). */
async function expectDelivered(stream: Stream, userId: string, title: string) {
  await notify(userId, title);
  await vi.waitFor(() => expect(stream.titles()).toContain(title), CLOSES_WITHIN);
}

/** The stream has ended (the reader is done, after an `ended` event), and a notification created now never reaches it. */
async function expectEnded(stream: Stream, userId: string, title: string) {
  await vi.waitFor(() => expect(stream.ended).toBe(true), CLOSES_WITHIN);
  expect(stream.events.at(-1)?.event).toBe("ended");
  await notify(userId, title);
  await new Promise((r) => setTimeout(r, 300));
  expect(stream.titles()).not.toContain(title);
}

async function sessionIds(userId: string) {
  return (await h.rt.db.select({ id: s.session.id }).from(s.session).where(eq(s.session.userId, userId))).map(
    (r) => r.id,
  );
}

async function signIn(email: string, password = PASSWORD) {
  const { headers } = await signInWithPassword({
    runtime: h.rt,
    email,
    password,
    request: new Request(`${BASE}/signin`, { method: "POST" }),
  });
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

describe(`the notification stream ends with its session on ${dbLabel}`, () => {
  it("delivers while the session is valid, and ends when the user signs out", async () => {
    const { viewer, cookie } = await h.persona("buyer");
    const stream = await openStream(cookie);
    try {
      await expectDelivered(stream, viewer.userId, "Before signing out");
      const before = await sessionIds(viewer.userId);
      const answer = await h.call(signOutAction, { path: "/signout", cookie });
      expect(answer.status).toBe(302);
      expect(await sessionIds(viewer.userId)).toHaveLength(before.length - 1);
      await expectEnded(stream, viewer.userId, "After signing out");
    } finally {
      await stream.close();
    }
  });

  it("ends when an admin bans the user", async () => {
    const { viewer, cookie } = await h.persona("seller");
    const stream = await openStream(cookie);
    try {
      await expectDelivered(stream, viewer.userId, "Before the ban");
      await setUserAccess({
        runtime: h.rt,
        admin: admin.viewer,
        userId: viewer.userId,
        change: "ban",
        reason: "Fake listings",
      });
      await expectEnded(stream, viewer.userId, "After the ban");
    } finally {
      await stream.close();
    }
  });

  it("ends when an admin grants the user admin access (they sign in again under the new role)", async () => {
    const { viewer, cookie } = await h.persona("seller");
    const stream = await openStream(cookie);
    try {
      await expectDelivered(stream, viewer.userId, "Before the new role");
      await setUserAccess({ runtime: h.rt, admin: admin.viewer, userId: viewer.userId, change: "grant-admin" });
      await expectEnded(stream, viewer.userId, "After the new role");
    } finally {
      await stream.close();
    }
  });

  it("ends when its session row is deleted, whoever deletes it", async () => {
    const { viewer, cookie } = await h.persona("buyer");
    const stream = await openStream(cookie);
    try {
      await expectDelivered(stream, viewer.userId, "Before the row goes");
      await h.rt.db.delete(s.session).where(eq(s.session.userId, viewer.userId));
      await expectEnded(stream, viewer.userId, "After the row went");
    } finally {
      await stream.close();
    }
  });

  it("ends when the password is reset", async () => {
    const { viewer, cookie } = await h.persona("buyer");
    const stream = await openStream(cookie);
    try {
      await expectDelivered(stream, viewer.userId, "Before the reset");
      await requestPasswordReset({ runtime: h.rt, email: viewer.email });
      const token = await vi.waitFor(
        async () => {
          const [mail] = await h.rt.db
            .select({ text: s.emailOutbox.text })
            .from(s.emailOutbox)
            .where(eq(s.emailOutbox.toAddress, viewer.email));
          const found = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
          expect(found, "the reset link in the outbox").toBeTruthy();
          return found!;
        },
        { timeout: 5_000, interval: 50 },
      );
      await resetPassword({ runtime: h.rt, token, password: "Fresh-Grader-2026" });
      await expectEnded(stream, viewer.userId, "After the reset");
    } finally {
      await stream.close();
    }
  });

  it("ends when the admin deletes the user (their sessions go with the user row)", async () => {
    const { viewer, cookie } = await h.persona("buyer");
    const stream = await openStream(cookie);
    try {
      await expectDelivered(stream, viewer.userId, "Before the deletion");
      await deleteUser({
        runtime: h.rt,
        admin: admin.viewer,
        userId: viewer.userId,
        confirmation: deleteConfirmationPhrase(viewer.email),
      });
      await vi.waitFor(() => expect(stream.ended).toBe(true), CLOSES_WITHIN);
      expect(stream.events.at(-1)?.event).toBe("ended");
    } finally {
      await stream.close();
    }
  });

  it("keeps streaming when another of the user's sessions ends", async () => {
    const { viewer, cookie } = await h.persona("buyer");
    const stream = await openStream(cookie);
    try {
      const before = await sessionIds(viewer.userId);
      const phone = await signIn(viewer.email);
      expect(await sessionIds(viewer.userId)).toHaveLength(before.length + 1);
      await h.call(signOutAction, { path: "/signout", cookie: phone });
      expect((await sessionIds(viewer.userId)).sort()).toEqual(before.sort());
      await expectDelivered(stream, viewer.userId, "After the phone signed out");
      expect(stream.ended).toBe(false);
    } finally {
      await stream.close();
    }
  });
});

describe(`the check before every push on ${dbLabel}`, () => {
  it("an expired session gets no more notifications: the stream ends", async () => {
    const { viewer, cookie } = await h.persona("buyer");
    const stream = await openStream(cookie);
    try {
      await expectDelivered(stream, viewer.userId, "Before expiry");
      // Expiry is not a delete: no signal, only the check.
      await h.rt.db
        .update(s.session)
        .set({ expiresAt: new Date(Date.now() - 1_000) })
        .where(eq(s.session.userId, viewer.userId));
      await notify(viewer.userId, "After expiry");
      await vi.waitFor(() => expect(stream.ended).toBe(true), CLOSES_WITHIN);
      expect(stream.titles()).not.toContain("After expiry");
    } finally {
      await stream.close();
    }
  });

  it("a session that ended without a signal (missed while the listener reconnected) gets no more notifications", async () => {
    const { viewer, cookie } = await h.persona("buyer");
    const stream = await openStream(cookie);
    try {
      await expectDelivered(stream, viewer.userId, "Before the silent end");
      await h.rt.db.transaction(async (tx) => {
        await tx.execute(sql`alter table "session" disable trigger "session_ended_signal"`);
        await tx.delete(s.session).where(eq(s.session.userId, viewer.userId));
        await tx.execute(sql`alter table "session" enable trigger "session_ended_signal"`);
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(stream.ended, "no signal came").toBe(false);
      await notify(viewer.userId, "After the silent end");
      await vi.waitFor(() => expect(stream.ended).toBe(true), CLOSES_WITHIN);
      expect(stream.titles()).not.toContain("After the silent end");
    } finally {
      await stream.close();
    }
  });
});

describe.runIf(dbKind === "postgres")("every instance hears a session end on PostgreSQL", () => {
  it("another instance's listener gets the session-ended signal for the deleted session", async () => {
    const { viewer } = await h.persona("buyer");
    const [sessionId] = await sessionIds(viewer.userId);
    // A second app instance's hub: its own LISTEN connection to the same database.
    const elsewhere = await createNotificationHub({ connectionString: h.rt.handle.connectionString });
    const heard: NotificationSignal[] = [];
    const unsubscribe = elsewhere.subscribe(viewer.userId, (signal) => heard.push(signal));
    try {
      await h.rt.db.delete(s.session).where(eq(s.session.id, sessionId!));
      await vi.waitFor(
        () => expect(heard).toEqual([{ userId: viewer.userId, kind: "session-ended", id: sessionId }]),
        CLOSES_WITHIN,
      );
    } finally {
      unsubscribe();
      await elsewhere.close();
    }
  });
});
