/**
 * Starts the production build (`node server.js`) for the browser benchmarks:
 * its own fresh data folder under /tmp, the demo data seeded, the embedded
 * database, no mail server. Needs `npm run build` first.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type BenchServer = { baseUrl: string; stop: () => Promise<void> };

/** Demo pages every front-end figure is measured on (the listing page is found at run time). */
export const PUBLIC_PAGES = ["/", "/catalog", "/equipment", "/parts", "/signin", "/signup", "/contact"];

export async function startBenchServer(options: { port: number }): Promise<BenchServer> {
  if (!fs.existsSync(path.resolve("build/server/index.js"))) {
    throw new Error("No production build: run `npm run build` first.");
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-front-"));
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const child: ChildProcess = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      SEED_DEMO: "1",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited during start-up:\n${stderr}`);
    }
    try {
      const response = await fetch(`${baseUrl}/`);
      if (response.ok) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`The server did not answer on ${baseUrl} within 3 minutes:\n${stderr}`);
}

/** The first listing on the catalogue (the demo data has several approved ones). */
export async function findListingPath(baseUrl: string): Promise<string> {
  const html = await (await fetch(`${baseUrl}/catalog`)).text();
  // Visitors' cards link through /signin?redirectTo=listing%2F<id>; the page itself is public.
  const match = /listing(?:\/|%2F)([0-9a-f-]{36})/i.exec(html);
  if (!match?.[1]) throw new Error("No listing linked from /catalog: is the demo data seeded?");
  return `/listing/${match[1]}`;
}

/** Free port in [from, to], so two runs (or two people) do not collide. */
export async function pickPort(from: number, to: number): Promise<number> {
  const net = await import("node:net");
  for (let port = from; port <= to; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port between ${from} and ${to}.`);
}
