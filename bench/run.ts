/**
 * `npm run bench [-- <filter>…]`: runs every benchmark in bench/ one after
 * the other (each in its own process, so one's memory or servers never skew
 * the next), or only those whose name contains a filter, e.g.
 * `npm run bench -- search` or `npm run bench -- http sse`; options such as
 * `--files` are passed on to the scripts (`npm run bench -- js-size --files`).
 * The load test and the cluster run have their own scripts (`npm run bench:load`, `npm run bench:cluster`).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { machineNote } from "./lib/stats.ts";

const dir = path.dirname(fileURLToPath(import.meta.url));
const EXCLUDED = new Set(["run.ts", "load-test.ts", "cluster.ts"]);
const all = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && !EXCLUDED.has(f))
  .sort();
const args = process.argv.slice(2).filter((a) => a !== "--");
// Names filter; options (`--files`, `--runs=5`) go to every chosen script.
const filters = args.filter((a) => !a.startsWith("-"));
const options = args.filter((a) => a.startsWith("-"));
const chosen = filters.length ? all.filter((f) => filters.some((x) => f.replace(/\.ts$/, "").includes(x))) : all;

if (!chosen.length) {
  console.error(
    `No benchmark matches ${filters.join(", ")}. Available: ${all.map((f) => f.replace(/\.ts$/, "")).join(", ")}`,
  );
  process.exit(1);
}

const failed: string[] = [];
for (const file of chosen) {
  const name = file.replace(/\.ts$/, "");
  console.log(`\n=== bench: ${name} (${new Date().toISOString()}; ${machineNote()}) ===`);
  const started = Date.now();
  const result = spawnSync(process.execPath, ["--import", "tsx", path.join(dir, file), ...options], {
    stdio: "inherit",
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  if (result.status !== 0) {
    failed.push(name);
    console.log(`=== ${name} FAILED (exit ${result.status ?? result.signal}) after ${seconds} s ===`);
  } else {
    console.log(`=== ${name} done in ${seconds} s (${machineNote()}) ===`);
  }
}
if (failed.length) {
  console.error(`\nFailed: ${failed.join(", ")}`);
  process.exit(1);
}
