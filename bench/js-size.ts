/**
 * JS shipped per public page: loads each page of the production
 * build in Chromium, records every script response, and sums their sizes
 * gzipped at level 9 (plus what actually went over the wire: server.js
 * compresses). Budget: 120 KB for a browse page, 140 KB for a form page
 * (`JS_BUDGET_KB`). A report: always exits 0, but marks the pages over budget.
 *
 *   npm run build && npm run bench -- js-size
 *   node --import tsx bench/js-size.ts         (same, without bench/run.ts)
 */
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/lib/chromium.ts";
import { JS_BUDGET_KB, measurePageScripts, pageKind, type PageScript } from "../scripts/lib/page-scripts.ts";
import { PUBLIC_PAGES, findListingPath, pickPort, startBenchServer } from "./lib/browser-server.ts";

const verbose = process.argv.includes("--files");

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const port = await pickPort(4760, 4780);
const server = await startBenchServer({ port });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const rows: { page: string; scripts: PageScript[] }[] = [];
try {
  const pages = [...PUBLIC_PAGES];
  pages.splice(4, 0, await findListingPath(server.baseUrl));
  for (const pagePath of pages) {
    rows.push({ page: pagePath, scripts: await measurePageScripts(browser, server.baseUrl, pagePath) });
  }
} finally {
  await browser.close();
  await server.stop();
}

console.log(
  `\nJS per public page (production build; budget ≤ ${JS_BUDGET_KB.browse} KB gzip a browse page, ≤ ${JS_BUDGET_KB.form} KB a form page)\n`,
);
const header = ["page", "files", "raw KB", "gzip-9 KB", "sent KB", "budget"];
const table = rows.map(({ page, scripts }) => {
  const sum = (key: "raw" | "gzip9" | "transferred") => scripts.reduce((total, s) => total + s[key], 0);
  const gzip = sum("gzip9");
  const budget = JS_BUDGET_KB[pageKind(page)];
  return [
    page,
    String(scripts.length),
    kb(sum("raw")),
    kb(gzip),
    kb(sum("transferred")),
    gzip / 1024 <= budget ? `ok (${budget})` : `OVER (${budget})`,
  ];
});
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
console.log(line(header));
for (const row of table) console.log(line(row));

if (verbose) {
  for (const { page, scripts } of rows) {
    console.log(`\n${page}`);
    for (const s of [...scripts].sort((a, b) => b.gzip9 - a.gzip9))
      console.log(`  ${kb(s.gzip9).padStart(6)} KB  ${s.url}`);
  }
}

const over = table.filter((row) => row[5]!.startsWith("OVER")).map((row) => row[0]);
console.log(over.length ? `\nOver budget: ${over.join(", ")}` : "\nEvery page is within its budget.");
