/**
 * E-mail over real SMTP (a local smtp-server): delivered by the durable job,
 * and never lost when SMTP is down — it retries and arrives once it is back.
 */
import net from "node:net";
import { eq, inArray } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { adminAccess, auditEvents, emailOutbox, listings, mandateAgreements, sellers } from "#db/schema.ts";
import { retryFailedEmail } from "#app/domain/email/retry-email.server.ts";
import { requeueStrandedEmails } from "#app/jobs/send-email.server.ts";
import { moderateListing } from "#app/domain/listing/moderate-listing.server.ts";
import { createUser } from "#app/domain/user/create-user.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import { startRuntime, stopRuntime, type Runtime } from "#app/server/runtime.server.ts";
import { layout } from "#app/emails/layout.server.ts";
import { createTestDatabaseUrl, listingRow } from "./support/harness.ts";

type Received = { to: string; raw: string };

function startSmtp(port: number, inbox: Received[], options: { refuse?: () => boolean } = {}) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.()) {
        const error = Object.assign(new Error(`Mailbox unavailable: ${address.address}`), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), raw });
        callback();
      });
    },
  });
  return new Promise<SMTPServer>((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

async function freePort() {
  return new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function waitFor<T>(fn: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 200));
  }
}

let runtime: Runtime | undefined;
let smtp: SMTPServer | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

afterEach(async () => {
  if (runtime) await stopRuntime(runtime);
  runtime = undefined;
  await new Promise<void>((r) => (smtp ? smtp.close(() => r()) : r()));
  smtp = undefined;
  await dropDatabase?.();
  dropDatabase = undefined;
});

async function start(smtpPort: number, options: { retryLimit?: number } = {}) {
  const db = await createTestDatabaseUrl();
  dropDatabase = db.drop;
  const env = parseEnv({
    NODE_ENV: "test",
    DATABASE_URL: db.url,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SEED_DEMO: "0",
    DATA_DIR: db.dataDir,
  });
  runtime = await startRuntime({ env, memory: !db.url, snapshot: db.snapshot, seed: false, emailRetryDelaySeconds: 1, emailRetryLimit: options.retryLimit });
  return runtime;
}

const message = (to: string) => ({
  to,
  template: "test",
  ...layout({
    subject: "Listing approved",
    greeting: "Hello Sipho,",
    paragraphs: ["Your 2019 CAT 320D Excavator is live."],
    action: { label: "View it", url: "http://localhost:3000/listing/1" },
  }),
});

describe("e-mail delivery", () => {
  it("sends over SMTP with text and HTML bodies and marks the outbox row sent", async () => {
    const port = await freePort();
    const inbox: Received[] = [];
    smtp = await startSmtp(port, inbox);
    const rt = await start(port);
    await rt.sendEmail(message("sipho@example.co.za"));
    const got = await waitFor(() => inbox.find((m) => m.to === "sipho@example.co.za"));
    expect(got.raw).toContain("Subject: Listing approved");
    expect(got.raw).toContain("text/plain");
    expect(got.raw).toContain("text/html");
    const [row] = await waitFor(async () => {
      const rows = await rt.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "sipho@example.co.za"));
      return rows[0]?.status === "sent" ? rows : undefined;
    });
    expect(row!.transport).toBe("smtp");
  });

  it("keeps retrying while SMTP is down and delivers once it is back", async () => {
    const port = await freePort(); // nothing listens here yet
    const rt = await start(port);
    await rt.sendEmail(message("lerato@example.co.za"));
    const failing = await waitFor(async () => {
      const [row] = await rt.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "lerato@example.co.za"));
      return row && row.attempts >= 1 && row.lastError ? row : undefined;
    });
    expect(failing.status).toBe("queued");

    const inbox: Received[] = [];
    smtp = await startSmtp(port, inbox);
    await waitFor(() => inbox.find((m) => m.to === "lerato@example.co.za"), 45_000);
    const [row] = await waitFor(async () => {
      const rows = await rt.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "lerato@example.co.za"));
      return rows[0]?.status === "sent" ? rows : undefined;
    });
    expect(row!.attempts).toBeGreaterThanOrEqual(2);
    expect(inbox.filter((m) => m.to === "lerato@example.co.za")).toHaveLength(1);
  });

  it("SMTP down while an admin approves five listings: every seller e-mail arrives once SMTP is back, none twice", async () => {
    const port = await freePort(); // down
    const rt = await start(port);
    const password = "Secret-Pass-2026";
    const make = (email: string, role: "seller" | "buyer") =>
      createUser({
        runtime: rt,
        email,
        password,
        confirmPassword: password,
        role,
        fullName: email,
        phone: "082 000 0000",
        emailVerified: true,
      });
    const { userId: adminId } = await make("boss@example.co.za", "seller");
    await rt.db.insert(adminAccess).values({ userId: adminId });
    const admin: Viewer = {
      userId: adminId,
      email: "boss@example.co.za",
      name: "Boss",
      emailVerified: true,
      role: "seller",
      fullName: "Boss",
      isAdmin: true,
      hasSellerProfile: true,
      hasBuyerProfile: false,
      commissionAccepted: false,
    };
    const sellerEmails = [
      "s1@example.co.za",
      "s2@example.co.za",
      "s3@example.co.za",
      "s4@example.co.za",
      "s5@example.co.za",
    ];
    const listingIds: string[] = [];
    for (const email of sellerEmails) {
      const { userId } = await make(email, "seller");
      const [seller] = await rt.db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, userId));
      const [listing] = await rt.db
        .insert(listings)
        .values(listingRow(seller!.id, { title: `Machine of ${email}`, price: "100000", category: "generators" }))
        .returning({ id: listings.id });
      await rt.db
        .insert(mandateAgreements)
        .values({
          listingId: listing!.id,
          userId,
          listingTitle: "t",
          termsText: "terms",
          signatureMethod: "checkbox",
          userEmail: email,
          signedAt: new Date(),
        });
      listingIds.push(listing!.id);
    }
    await Promise.all(
      listingIds.map((listingId) => moderateListing({ runtime: rt, admin, listingId, action: "approve" })),
    );
    // All five approved at once, each e-mail waiting in the outbox while SMTP is down.
    await waitFor(async () => {
      const rows = await rt.db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, sellerEmails));
      return rows.length === 5 && rows.every((r) => r.status === "queued" && r.attempts >= 1) ? rows : undefined;
    });

    const inbox: Received[] = [];
    smtp = await startSmtp(port, inbox);
    await waitFor(async () => {
      const rows = await rt.db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, sellerEmails));
      return rows.every((r) => r.status === "sent") ? rows : undefined;
    }, 60_000);
    // Give a duplicate delivery a moment to show up if there were one.
    await new Promise((r) => setTimeout(r, 1500));
    for (const email of sellerEmails) {
      const mails = inbox.filter((m) => m.to === email);
      expect(mails, email).toHaveLength(1);
      expect(mails[0]!.raw).toContain("approved");
    }
  }, 90_000);
  it("gives a message up as failed once every retry is refused; an admin's Retry delivers it once, audited", async () => {
    const port = await freePort();
    const inbox: Received[] = [];
    let refusing = true;
    smtp = await startSmtp(port, inbox, { refuse: () => refusing });
    const rt = await start(port, { retryLimit: 2 });
    await rt.sendEmail(message("thabo@example.co.za"));
    const failed = await waitFor(async () => {
      const [row] = await rt.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, "thabo@example.co.za"));
      return row?.status === "failed" ? row : undefined;
    }, 45_000);
    expect(failed.attempts).toBe(3); // the first try and two retries
    expect(failed.lastError).toContain("Mailbox unavailable");
    expect(inbox).toHaveLength(0);
    // A failed message is not re-queued when the process starts again; it waits for an admin.
    expect(await requeueStrandedEmails({ db: rt.db, boss: rt.boss })).toBe(0);

    const password = "Secret-Pass-2026";
    const { userId } = await createUser({
      runtime: rt,
      email: "ops@example.co.za",
      password,
      confirmPassword: password,
      role: "seller",
      fullName: "Ops",
      phone: "082 000 0000",
      emailVerified: true,
    });
    await rt.db.insert(adminAccess).values({ userId });
    const admin: Viewer = {
      userId,
      email: "ops@example.co.za",
      name: "Ops",
      emailVerified: true,
      role: "seller",
      fullName: "Ops",
      isAdmin: true,
      hasSellerProfile: true,
      hasBuyerProfile: false,
      commissionAccepted: false,
    };
    // Not an admin: refused, nothing queued.
    await expect(retryFailedEmail({ runtime: rt, admin: { ...admin, isAdmin: false }, outboxId: failed.id })).rejects.toMatchObject({ status: 403 });

    refusing = false;
    await retryFailedEmail({ runtime: rt, admin, outboxId: failed.id });
    // A second click while it is queued (or once sent) is refused: it is sent once.
    await expect(retryFailedEmail({ runtime: rt, admin, outboxId: failed.id })).rejects.toMatchObject({ status: 409 });
    await waitFor(() => inbox.find((m) => m.to === "thabo@example.co.za"), 30_000);
    const [sent] = await waitFor(async () => {
      const rows = await rt.db.select().from(emailOutbox).where(eq(emailOutbox.id, failed.id));
      return rows[0]?.status === "sent" ? rows : undefined;
    });
    expect(sent!.lastError).toBeNull();
    await new Promise((r) => setTimeout(r, 1_500));
    expect(inbox.filter((m) => m.to === "thabo@example.co.za")).toHaveLength(1);
    const audit = await rt.db.select().from(auditEvents).where(eq(auditEvents.entityId, failed.id));
    expect(audit.map((a) => [a.action, a.actorUserId])).toEqual([["email.retried", userId]]);
  });
});
