/**
 * Invitations on a real database: the link token is stored only as its
 * SHA-256 hash, expires after 7 days, and is claimed once, in the same
 * transaction as the account it creates (verified, with the invited role).
 */
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, auditEvents, buyers, emailOutbox, pendingInvitations, profiles, sellers, user } from "#db/schema.ts";
import { claimInvitation } from "#app/domain/invitation/claim-invitation.server.ts";
import { createInvitation } from "#app/domain/invitation/create-invitation.server.ts";
import { findInvitations } from "#app/domain/invitation/find-invitations.server.ts";
import { getInvitation } from "#app/domain/invitation/get-invitation.server.ts";
import type { InviteInput } from "#app/domain/invitation/invitation-schema.ts";
import { acceptInvitation } from "#app/domain/invitation/accept-invitation.server.ts";
import { createUser, type SignUpInput } from "#app/domain/user/create-user.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { dbLabel, refusal, startTestRuntime, type TestRuntime } from "./support/harness.ts";

const ADMIN = { isAdmin: true };

let rt: Runtime;
let h: TestRuntime;
let admin: Viewer;

beforeAll(async () => {
  h = await startTestRuntime({ rateLimits: false });
  rt = h.rt;
  admin = await h.createAdmin({ email: "admin@invites.test", fullName: "Ada Admin" });
});
afterAll(() => h.stop());

let seq = 0;
const unique = (prefix: string) => `${prefix}-${++seq}-${Date.now().toString(36)}@invites.test`;

const invite = (over: Partial<InviteInput> = {}) =>
  createInvitation({ runtime: rt, admin, input: { email: unique("invitee"), role: "seller", ...over } });

const signUpInput = (email: string, over: Partial<SignUpInput> = {}): SignUpInput => ({
  email,
  password: "Secret-Pass-2026",
  confirmPassword: "Secret-Pass-2026",
  role: "buyer",
  fullName: "Invited Person",
  phone: "082 555 0101",
  ...over,
});

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
const countUsers = async (email: string) =>
  (await rt.db.select({ id: user.id }).from(user).where(eq(user.email, email))).length;
const invitationRow = async (id: string) =>
  (await rt.db.select().from(pendingInvitations).where(eq(pendingInvitations.id, id)))[0]!;

describe(`invitations (${dbLabel})`, () => {
  it("stores the token only as its SHA-256 hash: the raw token appears nowhere in the table", async () => {
    const sent = await invite({ fullName: "Lerato Dlamini", customMessage: "Welcome to the crane desk" });
    expect(sent.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url: 256 bits
    const row = await invitationRow(sent.id);
    expect(row.tokenHash).toBe(sha256(sent.token));
    expect(row.tokenHash).not.toContain(sent.token);
    const dump = await rt.db.execute(sql`select row_to_json(p)::text as j from pending_invitations p`);
    const text = JSON.stringify((dump as unknown as { rows: unknown[] }).rows);
    expect(text).not.toContain(sent.token);
    // Nor in the audit trail.
    const audits = await rt.db.select().from(auditEvents).where(eq(auditEvents.entityId, sent.id));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain(sent.token);
    // Two invitations never share a token.
    const other = await invite();
    expect(other.token).not.toBe(sent.token);
  });

  it("expires after exactly 7 days and is listed as Pending", async () => {
    const sent = await invite();
    const row = await invitationRow(sent.id);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(7 * 24 * 60 * 60 * 1000);
    expect(row).toMatchObject({ used: false, usedAt: null, invitedBy: admin.userId, role: "seller" });
    const listed = (await findInvitations({ db: rt.db, admin: ADMIN })).find((i) => i.id === sent.id);
    expect(listed).toMatchObject({ state: "pending", invitedByName: "Ada Admin" });
  });

  it("writes the send-invitation e-mail in the same transaction: greeting, custom message, role and link", async () => {
    const email = unique("mail");
    const sent = await invite({ email, fullName: "Lerato Dlamini", customMessage: "Welcome to the crane desk", role: "seller" });
    const mails = await rt.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.template).toBe("send-invitation");
    expect(mail.text).toContain("Hello Lerato Dlamini,");
    expect(mail.text).toContain("Welcome to the crane desk");
    expect(mail.text).toContain("as a seller");
    expect(mail.text).toContain(`http://localhost:3000/signup?invitation=${sent.token}`);
    expect(mail.html).toContain(`http://localhost:3000/signup?invitation=${sent.token}`);

    const plain = unique("plain");
    await invite({ email: plain, role: "buyer" });
    const [m2] = await rt.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, plain));
    expect(m2!.text).toContain("Hello there,");
    expect(m2!.text).toContain("as a buyer");
  });

  it("refuses to invite an address that already has an account (409) and writes nothing", async () => {
    const before = (await rt.db.select().from(pendingInvitations)).length;
    const error = await refusal(invite({ email: "ADMIN@invites.test" }));
    expect(error.status).toBe(409);
    expect(error.title).toBe("Account Already Exists");
    expect((await rt.db.select().from(pendingInvitations)).length).toBe(before);
  });

  it("a new invitation to the same address replaces the pending one", async () => {
    const email = unique("again");
    const first = await invite({ email });
    const second = await invite({ email, role: "buyer" });
    expect((await getInvitation({ db: rt.db, token: first.token }))!.state).toBe("expired");
    expect((await getInvitation({ db: rt.db, token: second.token }))!.state).toBe("pending");
    // The admin list says why the first stopped working.
    const listed = await findInvitations({ db: rt.db, admin: ADMIN });
    expect(listed.find((i) => i.id === first.id)?.state).toBe("replaced");
    expect(listed.find((i) => i.id === second.id)?.state).toBe("pending");
  });

  it("an invitation that ran out before a new one was sent stays Expired, not Replaced", async () => {
    const email = unique("late");
    const first = await invite({ email });
    await rt.db
      .update(pendingInvitations)
      .set({ expiresAt: sql`now() - interval '1 day'`, createdAt: sql`now() - interval '8 days'` })
      .where(eq(pendingInvitations.id, first.id));
    const second = await invite({ email });
    const listed = await findInvitations({ db: rt.db, admin: ADMIN });
    expect(listed.find((i) => i.id === first.id)?.state).toBe("expired");
    expect(listed.find((i) => i.id === second.id)?.state).toBe("pending");
  });

  it("looks tokens up by hash; unknown or malformed tokens find nothing", async () => {
    const sent = await invite();
    expect(await getInvitation({ db: rt.db, token: sent.token })).toMatchObject({ id: sent.id, state: "pending" });
    expect(await getInvitation({ db: rt.db, token: sha256(sent.token) })).toBeNull(); // the hash is not a token
    expect(await getInvitation({ db: rt.db, token: "x".repeat(43) })).toBeNull();
    expect(await getInvitation({ db: rt.db, token: "' or 1=1 --" })).toBeNull();
    expect(await getInvitation({ db: rt.db, token: "" })).toBeNull();
  });

  it("is claimed once: of two concurrent claims only one wins", async () => {
    const sent = await invite();
    const claim = () => rt.db.transaction((tx) => claimInvitation({ db: tx, token: sent.token }));
    const results = await Promise.allSettled([claim(), claim(), claim()]);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r) => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(2);
    for (const r of lost) expect((r as PromiseRejectedResult).reason).toMatchObject({ title: "Invalid Invitation" });
    const row = await invitationRow(sent.id);
    expect(row.used).toBe(true);
    expect(row.usedAt).toBeInstanceOf(Date);
  });

  it("refuses an expired invitation", async () => {
    const sent = await invite();
    await rt.db
      .update(pendingInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(pendingInvitations.id, sent.id));
    expect((await getInvitation({ db: rt.db, token: sent.token }))!.state).toBe("expired");
    await expect(rt.db.transaction((tx) => claimInvitation({ db: tx, token: sent.token }))).rejects.toMatchObject({
      title: "Invalid Invitation",
    });
    const email = (await invitationRow(sent.id)).email;
    const error = await refusal(createUser({ runtime: rt, ...signUpInput(email, { invitation: sent.token }) }));
    expect(error.title).toBe("Invalid Invitation");
    expect(error.message).toBe("This invitation is invalid, expired, or has already been used.");
    expect(await countUsers(email)).toBe(0);
    expect((await invitationRow(sent.id)).used).toBe(false);
  });

  it("sign-up through an invitation: verified user with the invited role, invitation used, in one transaction", async () => {
    const email = unique("seller");
    const sent = await invite({ email, role: "seller" });
    // The form posts role=buyer; the invitation says seller and wins.
    const { userId, role, emailVerified } = await createUser({
      runtime: rt,
      ...signUpInput(email.toUpperCase(), { role: "buyer", sellerType: "company", invitation: sent.token }),
    });
    expect(role).toBe("seller");
    expect(emailVerified).toBe(true);
    const [u] = await rt.db.select().from(user).where(eq(user.id, userId));
    expect(u).toMatchObject({ email, emailVerified: true });
    const [p] = await rt.db.select().from(profiles).where(eq(profiles.userId, userId));
    expect(p).toMatchObject({ role: "seller", sellerType: "company" });
    expect(await rt.db.select().from(sellers).where(eq(sellers.userId, userId))).toHaveLength(1);
    expect(await rt.db.select().from(buyers).where(eq(buyers.userId, userId))).toHaveLength(0);
    // No confirmation e-mail: the invitation proved the address.
    const mails = await rt.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mails.map((m) => m.template)).toEqual(["send-invitation"]);
    // used_at is the transaction's now(), the same instant as the user's created_at.
    const row = await invitationRow(sent.id);
    expect(row.used).toBe(true);
    expect(row.usedAt!.getTime()).toBe(u!.createdAt.getTime());
    expect((await findInvitations({ db: rt.db, admin: ADMIN })).find((i) => i.id === sent.id)!.state).toBe("used");

    // A second use of the same link fails.
    const again = await refusal(createUser({ runtime: rt, ...signUpInput(unique("other"), { invitation: sent.token }) }));
    expect(again.title).toBe("Invalid Invitation");
  });

  it("a failed sign-up rolls the claim back: the invitation stays usable", async () => {
    const email = unique("rollback");
    const sent = await invite({ email, role: "seller" });
    // An invalid seller type (bypassing the form schema) fails an insert after the claim.
    await expect(
      createUser({ runtime: rt, ...signUpInput(email, { sellerType: "pirate" as never, invitation: sent.token }) }),
    ).rejects.toThrow();
    expect(await countUsers(email)).toBe(0);
    expect(await invitationRow(sent.id)).toMatchObject({ used: false, usedAt: null });
    await createUser({ runtime: rt, ...signUpInput(email, { invitation: sent.token }) });
    expect((await invitationRow(sent.id)).used).toBe(true);
  });

  it("refuses a different e-mail (Email Mismatch) and writes nothing", async () => {
    const sent = await invite();
    const other = unique("someone-else");
    const error = await refusal(createUser({ runtime: rt, ...signUpInput(other, { invitation: sent.token }) }));
    expect(error.title).toBe("Email Mismatch");
    expect(error.message).toBe("The email address doesn't match the invitation.");
    expect(error.fieldErrors).toEqual({ email: ["The email address doesn't match the invitation."] });
    expect(await countUsers(other)).toBe(0);
    expect(await invitationRow(sent.id)).toMatchObject({ used: false, usedAt: null });
    expect(await rt.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, other))).toHaveLength(0);
  });

  it("two concurrent sign-ups through one link create exactly one account", async () => {
    const email = unique("race");
    const sent = await invite({ email, role: "buyer" });
    const results = await Promise.allSettled([
      createUser({ runtime: rt, ...signUpInput(email, { invitation: sent.token }) }),
      createUser({ runtime: rt, ...signUpInput(email, { invitation: sent.token }) }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(AppError);
    expect(["Invalid Invitation", "Account Already Exists"]).toContain((rejected.reason as AppError).title);
    expect(await countUsers(email)).toBe(1);
    const [u] = await rt.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    expect(await rt.db.select().from(account).where(eq(account.userId, u!.id))).toHaveLength(1);
  });

  it("accepting an invitation signs the new user in and routes by role", async () => {
    const email = unique("accept");
    const sent = await invite({ email, role: "seller" });
    const invitation = (await getInvitation({ db: rt.db, token: sent.token }))!;
    const request = new Request("http://localhost:3000/signup", { method: "POST" });
    const { to, headers } = await acceptInvitation({
      runtime: rt,
      invitation,
      token: sent.token,
      input: signUpInput(email),
      request,
    });
    expect(to).toBe("/seller-dashboard");
    expect(headers?.getSetCookie().some((c) => c.startsWith("better-auth.session_token="))).toBe(true);
  });
});
