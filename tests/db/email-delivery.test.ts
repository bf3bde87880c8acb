/**
 * E-mail over real SMTP (a local smtp-server): delivered by the durable job,
 * and never lost when SMTP is down — it retries and arrives once it is back.
 */
import net from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterEach, describe, expect, it } from "vitest";
import { emailOutbox } from "#db/schema.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import { startRuntime, stopRuntime, type Runtime } from "#app/lib/runtime.server.ts";
import { layout } from "#app/lib/emails.server.ts";
import { createTestDatabaseUrl } from "./test-database-url.ts";

type Received = { to: string; raw: string };

function startSmtp(port: number, inbox: Received[]) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
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

async function start(smtpPort: number) {
  const db = await createTestDatabaseUrl();
  dropDatabase = db.drop;
  const env = parseEnv({
    NODE_ENV: "test",
    DATABASE_URL: db.url,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SEED_DEMO: "0",
    DATA_DIR: db.dataDir,
  });
  runtime = await startRuntime({ env, memory: !db.url, seed: false, emailRetryDelaySeconds: 1 });
  return runtime;
}

const message = (to: string) =>
  layout({
    to,
    subject: "Listing approved",
    template: "test",
    greeting: "Hello Sipho,",
    paragraphs: ["Your 2019 CAT 320D Excavator is live."],
    action: { label: "View it", url: "http://localhost:3000/listing/1" },
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
});
