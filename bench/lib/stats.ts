/** Small helpers shared by the benchmarks: percentiles, timing and a plain-text table. */
import os from "node:os";

export function percentile(values: number[], p: number) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function nowMs() {
  return Number(process.hrtime.bigint()) / 1e6;
}

export async function timeIt<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = nowMs();
  const result = await fn();
  return [nowMs() - start, result];
}

export const ms = (v: number, digits = 2) => (Number.isFinite(v) ? `${v.toFixed(digits)} ms` : "–");
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Prints rows as an aligned table (first row = headers); numbers right-aligned. */
export function printTable(title: string, rows: (string | number)[][]) {
  const cells = rows.map((r) => r.map(String));
  const widths = cells[0]!.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => (i > 0 && /^[-\d.,×x]+( ?\S+)?$/.test(c) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join("  ");
  console.log(`\n${title}`);
  console.log(line(cells[0]!));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of cells.slice(1)) console.log(line(r));
}

/** Cores and load average: other work on the machine skews every figure, so each benchmark prints it. */
export function machineNote() {
  const [one, five] = os.loadavg();
  return `${os.cpus().length} cores, load average ${one!.toFixed(1)} (1 min) / ${five!.toFixed(1)} (5 min), Node ${process.version}`;
}
