/**
 * Lighthouse mobile performance for /, /catalog and a listing page
 * of the production build: Lighthouse 12.8 with its default (mobile, simulated
 * throttling) settings, the performance category only, each page 3 times;
 * prints the median score and metrics. Target: score ≥ 95. A report: always
 * exits 0, but marks the pages under target.
 *
 *   npm run build && npm run bench -- lighthouse
 *   node --import tsx bench/lighthouse.ts [--runs=5] [--details]
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/lib/chromium.ts";
import { findListingPath, pickPort, startBenchServer } from "./lib/browser-server.ts";

const TARGET = 95;
const runsArg = process.argv.find((a) => a.startsWith("--runs="));
const RUNS = runsArg ? Math.max(1, Number(runsArg.slice("--runs=".length)) || 3) : 3;
const details = process.argv.includes("--details");
const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

type Run = { score: number; fcp: number; lcp: number; tbt: number; cls: number; si: number; hints: string[] };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const port = await pickPort(4760, 4780);
const server = await startBenchServer({ port });
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
const results: { page: string; runs: Run[] }[] = [];
try {
  const pages = ["/", "/catalog", await findListingPath(server.baseUrl)];
  for (const pagePath of pages) {
    const url = `${server.baseUrl}${pagePath}`;
    await fetch(url); // warm the server's caches; Lighthouse measures the page, not a cold start
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const hints = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable")
        .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`);
      runs.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcp: metric("first-contentful-paint"),
        lcp: metric("largest-contentful-paint"),
        tbt: metric("total-blocking-time"),
        cls: metric("cumulative-layout-shift"),
        si: metric("speed-index"),
        hints,
      });
    }
    results.push({ page: pagePath, runs });
  }
} finally {
  chrome.kill();
  await server.stop();
}

console.log(`\nLighthouse ${"12.8"} mobile performance, median of ${RUNS} (target ≥ ${TARGET})\n`);
const header = ["page", "score", "FCP ms", "LCP ms", "TBT ms", "CLS", "SI ms", "runs", "target"];
const table = results.map(({ page, runs }) => {
  const m = (key: keyof Omit<Run, "hints">) => median(runs.map((r) => r[key]));
  const score = m("score");
  return [
    page,
    String(score),
    m("fcp").toFixed(0),
    m("lcp").toFixed(0),
    m("tbt").toFixed(0),
    m("cls").toFixed(3),
    m("si").toFixed(0),
    runs.map((r) => r.score).join("/"),
    score >= TARGET ? "ok" : "UNDER",
  ];
});
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
console.log(line(header));
for (const row of table) console.log(line(row));
if (details) {
  for (const { page, runs } of results) console.log(`\n${page}: ${runs.at(-1)!.hints.join("; ") || "no failing audits"}`);
}
const under = table.filter((row) => row.at(-1) === "UNDER").map((row) => row[0]);
console.log(under.length ? `\nUnder target: ${under.join(", ")}` : `\nEvery page scores ${TARGET} or more.`);
