/**
 * What the cluster benchmark runs the app on, all on loopback: HAProxy (with
 * the haproxy.cfg of docs/deploy.md, made local), an S3-compatible store
 * (s3rver) and an SMTP server that keeps every message it is handed.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import S3rver from "s3rver";
import { SMTPServer } from "smtp-server";

// ------------------------------------------------------------------ HAProxy

function haproxyVersion() {
  try {
    return execFileSync("haproxy", ["-v"], { encoding: "utf8" }).split("\n")[0]!.trim();
  } catch {
    return undefined;
  }
}

/** HAProxy from Debian's package, installed with apt-get when missing (as root). */
export function ensureHaproxy(log: (line: string) => void) {
  const found = haproxyVersion();
  if (found) return found;
  log("HAProxy is missing: apt-get install -y -qq haproxy");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () => execFileSync("apt-get", ["install", "-y", "-qq", "haproxy"], { env, stdio: "pipe" });
  try {
    install();
  } catch {
    execFileSync("apt-get", ["update", "-qq"], { env, stdio: "pipe" });
    install();
  }
  const version = haproxyVersion();
  if (!version) throw new Error("apt-get installed haproxy but `haproxy -v` does not run");
  return version;
}

/** The ```haproxy block of docs/deploy.md. */
export function haproxyConfigOf(markdown: string) {
  const m = /```haproxy\n([\s\S]*?)```/.exec(markdown);
  if (!m) throw new Error("docs/deploy.md has no ```haproxy block");
  return m[1]!;
}

/**
 * The recipe's haproxy.cfg on loopback: plain HTTP on `port` (its TLS bind,
 * the redirect to https, the log target, user, group and daemon lines go,
 * maxconn becomes 4096),
 * the backend's servers replaced by `servers`, the runtime API on `socket`.
 * Everything else — timeouts, retries, redispatch, the health check on
 * /readyz — is the recipe's own. Throws when the recipe's shape changed.
 */
export function localHaproxyConfig(
  recipe: string,
  options: { port: number; servers: { name: string; port: number }[]; socket: string },
) {
  const out: string[] = [];
  let section = "";
  let servers = 0;
  let sawBind = false;
  let sawSocket = false;
  for (const line of recipe.split("\n")) {
    const t = line.trim();
    if (/^\S/.test(line) && t) section = t;
    if (section === "global" && /^(log|user|group|daemon)\b/.test(t)) continue;
    // The recipe's connection limit needs more open files than a shell's default allows.
    if (section === "global" && /^maxconn\b/.test(t)) {
      out.push("    maxconn 4096");
      continue;
    }
    if (/^stats socket /.test(t)) {
      out.push(`    stats socket ${options.socket} mode 600 level admin`);
      sawSocket = true;
      continue;
    }
    if (section.startsWith("frontend") && /^bind\b/.test(t)) {
      if (!sawBind) out.push(`    bind 127.0.0.1:${options.port}`);
      sawBind = true;
      continue;
    }
    if (section.startsWith("frontend") && /redirect scheme https/.test(t)) continue;
    if (/^ssl-default-bind/.test(t)) continue;
    if (section.startsWith("backend") && /^server\s/.test(t)) {
      if (servers++ === 0) for (const s of options.servers) out.push(`    server ${s.name} 127.0.0.1:${s.port}`);
      continue;
    }
    out.push(line);
  }
  if (!sawBind || !servers || !sawSocket)
    throw new Error("docs/deploy.md's haproxy.cfg has no bind, server or stats socket line");
  for (const needed of ["option redispatch", "retry-on", "uri /readyz", "disable-l7-retry"])
    if (!out.some((l) => l.includes(needed))) throw new Error(`docs/deploy.md's haproxy.cfg has no "${needed}"`);
  return out.join("\n");
}

export type Haproxy = {
  url: string;
  config: string;
  /** A command on the runtime API ("show stat", "disable server app/app2"…). */
  command: (line: string) => Promise<string>;
  /** Each server of `backend`: its status (UP, DOWN, MAINT…) and counters. */
  servers: (
    backend?: string,
  ) => Promise<
    Record<
      string,
      { status: string; retries: number; redispatches: number; total: number; connErrors: number; respErrors: number }
    >
  >;
  waitFor: (want: Record<string, string>, timeoutMs?: number) => Promise<void>;
  /** What HAProxy printed (its warnings; its log, when the configuration logs to stdout). */
  output: () => string;
  stop: () => Promise<void>;
};

export async function startHaproxy(options: {
  dir: string;
  config: string;
  port: number;
  socket: string;
}): Promise<Haproxy> {
  const file = path.join(options.dir, "haproxy.cfg");
  fs.writeFileSync(file, `${options.config}\n`);
  try {
    execFileSync("haproxy", ["-c", "-q", "-f", file], { stdio: "pipe" });
  } catch (error) {
    const e = error as { stderr?: Buffer; stdout?: Buffer };
    throw new Error(
      `haproxy -c refused the configuration:\n${e.stderr?.toString() ?? ""}${e.stdout?.toString() ?? ""}`,
    );
  }
  const child: ChildProcess = spawn("haproxy", ["-db", "-f", file], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const command = (line: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = net.createConnection(options.socket);
      let answer = "";
      socket.on("connect", () => socket.end(`${line}\n`));
      socket.on("data", (d) => (answer += d.toString()));
      socket.on("end", () => resolve(answer));
      socket.on("error", reject);
    });
  const servers: Haproxy["servers"] = async (backend = "app") => {
    const lines = (await command("show stat")).split("\n");
    const header = lines[0]!.replace(/^# /, "").split(",");
    const col = (row: string[], name: string) => row[header.indexOf(name)] ?? "";
    const result: Awaited<ReturnType<Haproxy["servers"]>> = {};
    for (const line of lines.slice(1)) {
      const row = line.split(",");
      if (row[0] !== backend || ["FRONTEND", "BACKEND"].includes(row[1] ?? "") || !row[1]) continue;
      result[row[1]] = {
        status: col(row, "status"),
        retries: Number(col(row, "wretr")) || 0,
        redispatches: Number(col(row, "wredis")) || 0,
        total: Number(col(row, "stot")) || 0,
        connErrors: Number(col(row, "econ")) || 0,
        respErrors: Number(col(row, "eresp")) || 0,
      };
    }
    return result;
  };
  const waitFor: Haproxy["waitFor"] = async (want, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const now = await servers().catch(() => ({}) as Awaited<ReturnType<Haproxy["servers"]>>);
      if (Object.entries(want).every(([name, status]) => now[name]?.status.startsWith(status))) return;
      if (Date.now() > deadline)
        throw new Error(
          `HAProxy: servers not ${JSON.stringify(want)} after ${timeoutMs / 1000} s: ${JSON.stringify(now)}`,
        );
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`haproxy exited:\n${output}`);
    if (fs.existsSync(options.socket) && (await command("show info").catch(() => ""))) break;
    if (i > 100) throw new Error(`haproxy did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${options.port}`,
    config: options.config,
    command,
    servers,
    waitFor,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const done = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await done;
    },
  };
}

// ------------------------------------------------------------------ S3 and SMTP

export async function startS3(options: { port: number; dir: string; bucket: string }) {
  const server = new S3rver({
    port: options.port,
    address: "127.0.0.1",
    silent: true,
    directory: options.dir,
    configureBuckets: [{ name: options.bucket, configs: [] }],
  });
  await server.run();
  return {
    env: {
      STORAGE_DRIVER: "s3",
      S3_ENDPOINT: `http://127.0.0.1:${options.port}`,
      S3_REGION: "us-east-1",
      S3_BUCKET: options.bucket,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_PUBLIC_URL: `http://127.0.0.1:${options.port}/${options.bucket}`,
    },
    close: () => server.close(),
  };
}

export type Delivered = { to: string; subject: string };

/** Decodes a header's RFC 2047 words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=) after unfolding it. */
function decodeHeader(value: string) {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([\w-]+)\?([BQ])\?([^?]*)\?=/gi, (_m, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

/** An SMTP server that accepts every message and keeps its recipients and subject. */
export async function startSmtp(options: { port: number }) {
  const inbox: Delivered[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
        const subject = decodeHeader(/^Subject: (.*)$/im.exec(head)?.[1] ?? "");
        for (const r of session.envelope.rcptTo) inbox.push({ to: r.address.toLowerCase(), subject });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port, "127.0.0.1", () => resolve()));
  return {
    inbox,
    url: `smtp://127.0.0.1:${options.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
