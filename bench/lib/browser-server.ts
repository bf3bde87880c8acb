/**
 * The production build for the browser benchmarks (js-size, Lighthouse): on
 * the embedded database in a fresh folder, with the demo data.
 */
import { startAppServer } from "../../scripts/lib/app-server.ts";

export type BenchServer = { baseUrl: string; stop: () => Promise<void> };

/** Demo pages every front-end figure is measured on (the listing page is found at run time). */
export const PUBLIC_PAGES = ["/", "/catalog", "/equipment", "/parts", "/signin", "/signup", "/contact"];

export async function startBenchServer(options: { port: number }): Promise<BenchServer> {
  const server = await startAppServer({ port: options.port, seed: true });
  return { baseUrl: server.url, stop: server.stop };
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
