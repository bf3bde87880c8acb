/**
 * Account access on a real database: banning, lifting a ban,
 * granting and removing admin access each end the user's sessions at once
 * (the old cookie stops working on the very next request), write an audit
 * row, and refuse what makes no sense. Signing out deletes the server-side
 * session; deleting a user ends theirs too.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { createUser } from "#app/domain/user/create-user.server.ts";
import { deleteUser } from "#app/domain/user/delete-user.server.ts";
import { deleteConfirmationPhrase } from "#app/domain/user/delete-user-phrase.ts";
import { getViewer } from "#app/server/get-viewer.server.ts";
import { setUserAccess } from "#app/domain/user/set-user-access.server.ts";
import { ACCOUNT_SUSPENDED, signInWithPassword, signOut } from "#app/domain/user/sign-in.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { PASSWORD, refusal, startTestRuntime, type TestRuntime } from "./support/harness.ts";

let rt: Runtime;
let h: TestRuntime;
let admin: Viewer;

beforeAll(async () => {
  h = await startTestRuntime({ rateLimits: false });
  rt = h.rt;
  const { userId } = await makeUser("boss@example.co.za", "seller");
  await rt.db.insert(s.adminAccess).values({ userId });
  admin = (await getViewer(await signedInRequest("boss@example.co.za")))!;
  expect(admin.isAdmin).toBe(true);
});
afterAll(() => h.stop());

function makeUser(email: string, role: "buyer" | "seller") {
  return createUser({ runtime: rt, email, password: PASSWORD, confirmPassword: PASSWORD, role, fullName: email, phone: "082 000 0000", emailVerified: true });
}

/** A request carrying a fresh session cookie for `email`. */
async function signedInRequest(email: string) {
  return new Request("http://localhost:3000/", { headers: { cookie: await h.cookieFor(email) } });
}

const sessionsOf = async (userId: string) => (await rt.db.select().from(s.session).where(eq(s.session.userId, userId))).length;

describe("ban", () => {
  it("ends every session at once, refuses sign-in with a clear message, and is audited; lifting it lets them back", async () => {
    const { userId } = await makeUser("banned@example.co.za", "buyer");
    const phone = await signedInRequest("banned@example.co.za");
    const laptop = await signedInRequest("banned@example.co.za");
    expect(await getViewer(phone)).not.toBeNull();
    expect(await sessionsOf(userId)).toBe(2);

    const { sessionsEnded } = await setUserAccess({ runtime: rt, admin, userId, change: "ban", reason: "Fake listings" });
    expect(sessionsEnded).toBe(2);
    expect(await getViewer(phone)).toBeNull();
    expect(await getViewer(laptop)).toBeNull();
    expect(await sessionsOf(userId)).toBe(0);

    const error = await refusal(signInWithPassword({ runtime: rt, email: "banned@example.co.za", password: PASSWORD, request: new Request("http://localhost:3000/signin", { method: "POST" }) }));
    expect(error.status).toBe(403);
    expect(error.message).toBe(ACCOUNT_SUSPENDED);
    // A wrong password still gets the ordinary answer: the ban is not revealed to a guesser.
    const guess = await refusal(signInWithPassword({ runtime: rt, email: "banned@example.co.za", password: "Wrong-Pass-2026", request: new Request("http://localhost:3000/signin", { method: "POST" }) }));
    expect(guess.title).toBe("Invalid Credentials");

    const [audit] = await rt.db.select().from(s.auditEvents).where(eq(s.auditEvents.entityId, userId));
    expect(audit).toMatchObject({ actorUserId: admin.userId, action: "user.ban" });
    expect(audit!.data).toMatchObject({ before: { banned: false }, after: { banned: true, reason: "Fake listings", sessionsEnded: 2 } });

    await setUserAccess({ runtime: rt, admin, userId, change: "unban" });
    expect(await getViewer(await signedInRequest("banned@example.co.za"))).not.toBeNull();
  });

  it("refuses banning twice, banning an admin, acting on oneself, an unknown user and a non-admin", async () => {
    const { userId } = await makeUser("twice@example.co.za", "seller");
    await setUserAccess({ runtime: rt, admin, userId, change: "ban" });
    expect((await refusal(setUserAccess({ runtime: rt, admin, userId, change: "ban" }))).status).toBe(409);
    expect((await refusal(setUserAccess({ runtime: rt, admin, userId, change: "grant-admin" }))).status).toBe(409);
    expect((await refusal(setUserAccess({ runtime: rt, admin, userId: admin.userId, change: "ban" }))).status).toBe(403);
    expect((await refusal(setUserAccess({ runtime: rt, admin, userId: "no-such-user", change: "ban" }))).status).toBe(404);
    const other = (await getViewer(await signedInRequest("banned@example.co.za")))!;
    expect((await refusal(setUserAccess({ runtime: rt, admin: other, userId, change: "unban" }))).status).toBe(403);
    const [row] = await rt.db.select({ banned: s.user.banned }).from(s.user).where(eq(s.user.id, userId));
    expect(row!.banned).toBe(true);
  });
});

describe("admin access", () => {
  it("granting and removing admin access sign the user out everywhere; the last admin keeps it", async () => {
    const { userId } = await makeUser("deputy@example.co.za", "seller");
    const before = await signedInRequest("deputy@example.co.za");
    await setUserAccess({ runtime: rt, admin, userId, change: "grant-admin" });
    expect(await getViewer(before)).toBeNull();
    const asAdmin = await signedInRequest("deputy@example.co.za");
    expect((await getViewer(asAdmin))!.isAdmin).toBe(true);
    // An admin cannot be banned until their access is removed.
    expect((await refusal(setUserAccess({ runtime: rt, admin, userId, change: "ban" }))).message).toMatch(/admin access/);

    await setUserAccess({ runtime: rt, admin, userId, change: "revoke-admin" });
    expect(await getViewer(asAdmin)).toBeNull();
    expect((await getViewer(await signedInRequest("deputy@example.co.za")))!.isAdmin).toBe(false);

    // The deputy, made admin again, cannot remove the only other admin once that one is the last... nor the boss themselves.
    const lastError = await refusal(setUserAccess({ runtime: rt, admin: { ...admin, userId: userId }, userId: admin.userId, change: "revoke-admin" }));
    expect(lastError.message).toBe("You cannot remove the last active admin.");
  });
});

describe("sign-out and deletion", () => {
  it("signing out deletes the server-side session: the old cookie no longer works", async () => {
    const { userId } = await makeUser("leaver@example.co.za", "buyer");
    const req = await signedInRequest("leaver@example.co.za");
    expect(await sessionsOf(userId)).toBe(1);
    await signOut({ runtime: rt, request: req });
    expect(await sessionsOf(userId)).toBe(0);
    expect(await getViewer(req)).toBeNull();
  });

  it("deleting a user ends their sessions", async () => {
    const { userId } = await makeUser("gone@example.co.za", "buyer");
    const req = await signedInRequest("gone@example.co.za");
    expect(await getViewer(req)).not.toBeNull();
    await deleteUser({ runtime: rt, admin, userId, confirmation: deleteConfirmationPhrase("gone@example.co.za") });
    expect(await sessionsOf(userId)).toBe(0);
    expect(await getViewer(req)).toBeNull();
  });
});
