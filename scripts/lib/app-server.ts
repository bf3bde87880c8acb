/**
 * Starts the production server (`node server.js`; build/ must exist) as a
 * child process on a PostgreSQL database (or, without `databaseUrl`, the
 * embedded one in its data folder), waits until it answers, and stops it
 * with SIGTERM (its graceful shutdown), SIGKILL if it lingers. Used by the
 * benchmarks and by the browser tests that need their own instances (faults,
 * several instances on one database, the cluster behind HAProxy).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type AppServer = {
  port: number;
  url: string;
  pid: number;
  child: ChildProcess;
  dataDir: string;
  output: () => string;
  /** Resolves with the exit code (null after a signal) once the process has ended. */
  exited: () => Promise<number | null>;
  /** SIGTERM and wait (SIGKILL after 15 s, or `stopTimeoutMs`); removes a data folder it created itself. */
  stop: () => Promise<void>;
  /** SIGKILL at once, as a crash would; the data folder stays. */
  kill: () => Promise<void>;
};

export async function startAppServer(options: {
  port: number;
  databaseUrl?: string;
  seed: boolean;
  /** A data folder to use and keep (for a restart on the same files); by default a fresh temporary one, removed on stop. */
  dataDir?: string;
  env?: Record<string, string>;
  /** The app's folder (server.js, build/, db/migrations); default: the current one. */
  cwd?: string;
  /** PUBLIC_URL (default: http://localhost:<port>); behind a balancer, the balancer's address. */
  publicUrl?: string;
  /** How long `stop` waits after SIGTERM before SIGKILL (default 15 s). */
  stopTimeoutMs?: number;
  /** Options for node before server.js (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
}): Promise<AppServer> {
  const cwd = options.cwd ?? process.cwd();
  if (!fs.existsSync(path.join(cwd, "build/server/index.js")))
    throw new Error(`No production build in ${path.join(cwd, "build")}: run \`npm run build\` first.`);
  const ownDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `mm-app-${options.port}-`));
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "server.js"], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      PUBLIC_URL: options.publicUrl ?? `http://localhost:${options.port}`,
      DATABASE_URL: options.databaseUrl ?? "",
      SESSION_SECRET: "spawned-app-session-secret-0123456789abcdef0123",
      SEED_DEMO: options.seed ? "1" : "0",
      AUTH_RATE_LIMIT: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SMTP_URL: "",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${options.port}`;
  const running = () => child.exitCode === null && child.signalCode === null;
  const exited = () =>
    new Promise<number | null>((resolve) =>
      running() ? child.once("exit", (code) => resolve(code)) : resolve(child.exitCode),
    );
  const stop = async () => {
    if (running()) {
      const done = exited();
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), options.stopTimeoutMs ?? 15_000);
      await done;
      clearTimeout(timer);
    }
    if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const kill = async () => {
    const done = exited();
    child.kill("SIGKILL");
    await done;
  };
  try {
    for (let i = 0; ; i++) {
      if (!running()) throw new Error(`server on ${options.port} exited:\n${output}`);
      try {
        // Up: it listens only once its runtime (database, jobs) has started. Not /readyz: a server asked
        // that is taken to be behind a balancer, and waits SHUTDOWN_DELAY_SECONDS on SIGTERM (server/lifecycle.js).
        if ((await fetch(`${url}/healthz`)).ok) break;
      } catch {
        // not yet
      }
      if (i > 480) throw new Error(`server on ${options.port} did not start in 2 minutes:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { port: options.port, url, pid: child.pid!, child, dataDir, output: () => output, exited, stop, kill };
}

/** The resident memory of a process (VmRSS from /proc), in bytes. */
export function rssOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
  return kb * 1024;
}

/** Signs in through the sign-in form (as a browser would) and returns the session cookie header. */
export async function signIn(baseUrl: string, email: string, password: string) {
  const res = await fetch(new URL("/signin", baseUrl), {
    method: "POST",
    headers: { Origin: new URL(baseUrl).origin },
    body: new URLSearchParams({ intent: "signin", email, password }),
    redirect: "manual",
  });
  // Cookies set to nothing are ones the response clears.
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");
  if (res.status !== 302 || !cookies.includes("session_token"))
    throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  return cookies;
}
