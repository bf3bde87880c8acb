/**
 * Where a process's CPU time went, from a V8 `.cpuprofile` (`node --cpu-prof`):
 * self time by package or area, and the functions with the most self and
 * total time (total: the function and everything it called; a function that
 * appears several times on one stack counts once).
 *
 *   node --import tsx bench/lib/cpu-profile.ts <file.cpuprofile> [--top=25] [--callers=writev]
 *
 * bench/http.ts calls it after a run with BENCH_HTTP_PROFILE.
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { printTable } from "./stats.ts";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

/** The package or area a script belongs to: node_modules/<pkg>, node:internal, the app's build, … */
export function areaOf(url: string, functionName: string) {
  if (!url) {
    if (functionName === "(idle)") return "(idle)";
    if (functionName === "(garbage collector)") return "(garbage collector)";
    if (functionName === "(program)") return "(program: V8 and native)";
    return `(native) ${functionName || "anonymous"}`;
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith("node:")) return `node:${url.slice(5).split("/")[1] ?? url.slice(5)}`;
  if (url.includes("/build/server/")) return "the app (build/server)";
  const local = /\/(server|app|db)\/[^/]+/.exec(url);
  if (local) return local[0].slice(1);
  return url.replace(/^file:\/\//, "");
}

export type ProfileWindow = {
  /** A heading for the tables. */
  title?: string;
  /** Only the samples inside these spans (ms since the profile started); all of them without. */
  windows?: [number, number][];
  /** Requests answered in the windows: the busy time is also given per request. */
  requests?: number;
  top?: number;
  /** Also: for functions whose name is this, their self time by the callers above them. */
  callersOf?: string;
};

export function summariseCpuProfile(file: string, options: ProfileWindow = {}) {
  const { title, windows, requests, top = 25, callersOf } = options;
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  // Self time per node, from the samples and their time deltas (µs); a sample's time is the sum of the deltas so far.
  const selfUs = new Map<number, number>();
  let at = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    const ms = at / 1000;
    if (windows && !windows.some(([from, to]) => ms >= from && ms < to)) continue;
    const id = profile.samples[i]!;
    selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  }
  const totalUs = windows
    ? windows.reduce((n, [from, to]) => n + (to - from) * 1000, 0)
    : profile.endTime - profile.startTime;
  const keyOf = (n: ProfileNode) =>
    `${n.callFrame.functionName || "(anonymous)"} ${n.callFrame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(build|server|app)\//, "$1/")}:${n.callFrame.lineNumber + 1}`;

  const self = new Map<string, number>();
  const callers = new Map<string, number>();
  const stack: ProfileNode[] = [];
  const total = new Map<string, number>();
  const area = new Map<string, number>();
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const root = profile.nodes.find((n) => !parentOf.has(n.id))!;
  // Depth first, keeping how often each function is on the current stack.
  const onStack = new Map<string, number>();
  const visit = (node: ProfileNode) => {
    const key = keyOf(node);
    onStack.set(key, (onStack.get(key) ?? 0) + 1);
    stack.push(node);
    const us = selfUs.get(node.id) ?? 0;
    if (us && callersOf && node.callFrame.functionName === callersOf) {
      // The nearest frames of our own code or a package (not Node's plumbing) that led here.
      const chain = stack
        .slice(0, -1)
        .reverse()
        .filter((n) => n.callFrame.url && !n.callFrame.url.startsWith("node:"))
        .slice(0, 3)
        .map((n) => keyOf(n))
        .join(" < ");
      callers.set(chain || "(no caller outside Node)", (callers.get(chain || "(no caller outside Node)") ?? 0) + us);
    }
    if (us) {
      self.set(key, (self.get(key) ?? 0) + us);
      const a = areaOf(node.callFrame.url, node.callFrame.functionName);
      area.set(a, (area.get(a) ?? 0) + us);
      for (const k of onStack.keys()) total.set(k, (total.get(k) ?? 0) + us);
    }
    for (const c of node.children ?? []) visit(byId.get(c)!);
    stack.pop();
    const left = onStack.get(key)! - 1;
    if (left) onStack.set(key, left);
    else onStack.delete(key);
  };
  visit(root);

  const sampledUs = [...selfUs.values()].reduce((n, v) => n + v, 0);
  const idleUs = (area.get("(idle)") ?? 0) + Math.max(0, totalUs - sampledUs);
  const busyUs = totalUs - idleUs;
  const share = (us: number) => `${((us / busyUs) * 100).toFixed(1)} %`;
  const msOf = (us: number) => `${(us / 1000).toFixed(0)} ms`;
  const sorted = (m: Map<string, number>) => [...m].filter(([k]) => !k.startsWith("(idle)") && !k.startsWith("(root)")).sort((x, y) => y[1] - x[1]);

  const perRequest = requests ? `; ${(busyUs / 1000 / requests).toFixed(2)} ms of CPU per request (${requests} requests)` : "";
  console.log(
    `\n[profile]${title ? ` ${title}:` : ""} ${file}: ${msOf(totalUs)} recorded, ${msOf(busyUs)} busy (${((busyUs / totalUs) * 100).toFixed(0)} %), ${msOf(idleUs)} idle${perRequest}; shares below are of the busy time`,
  );
  printTable("Self time by package or area", [["area", "self", "share"], ...sorted(area).slice(0, top).map(([k, us]) => [k, msOf(us), share(us)])]);
  printTable("Functions by self time", [["function", "self", "share"], ...sorted(self).slice(0, top).map(([k, us]) => [k, msOf(us), share(us)])]);
  if (callersOf)
    printTable(`Self time of ${callersOf} by its callers`, [["callers (nearest first)", "self", "share"], ...sorted(callers).slice(0, top).map(([k, us]) => [k, msOf(us), share(us)])]);
  printTable("Functions by total time (with what they call)", [
    ["function", "total", "share"],
    ...sorted(total)
      .filter(([k]) => !/^\((program|garbage collector)\)/.test(k))
      .slice(0, top)
      .map(([k, us]) => [k, msOf(us), share(us)]),
  ]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: node --import tsx bench/lib/cpu-profile.ts <file.cpuprofile> [--top=25]");
    process.exit(1);
  }
  const top = Number(process.argv.find((a) => a.startsWith("--top="))?.slice(6) ?? 25);
  const callersOf = process.argv.find((a) => a.startsWith("--callers="))?.slice("--callers=".length);
  summariseCpuProfile(file, { top, callersOf });
}
