/**
 * A 12-megapixel JPEG through the upload pipeline: time to the
 * three WebP variants and peak memory. Generates a 4000×3000 photo-like JPEG
 * (coarse structure plus grain) with sharp, then runs it through storeListingImages — the
 * function the listing upload uses — several times in a child process, which
 * reports each run's time and its own peak RSS (process.resourceUsage().maxRSS)
 * and the RSS sampled every 10 ms.
 *
 *   npm run bench -- images
 *   BENCH_IMAGE_RUNS=5   runs (default 5)
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { mb, ms, nowMs, percentile, printTable, machineNote } from "./lib/stats.ts";

const RUNS = Number(process.env.BENCH_IMAGE_RUNS ?? 5);
const WIDTH = 4000;
const HEIGHT = 3000;

type ChildReport = {
  times: number[];
  baselineRss: number;
  maxRss: number;
  sampledPeakRss: number;
  variants: Record<string, number>;
};

/** The child: load the app's pipeline, then time it and watch memory. */
async function child(file: string, storageDir: string, runs: number) {
  const { storeListingImages } = await import("#app/lib/images.server.ts");
  const { createLocalStorage } = await import("#app/lib/storage.server.ts");
  const storage = createLocalStorage(storageDir);
  const input = fs.readFileSync(file);
  // Let the imports settle, then take the baseline.
  global.gc?.();
  const baselineRss = process.memoryUsage.rss();
  let sampledPeakRss = baselineRss;
  const sampler = setInterval(() => {
    sampledPeakRss = Math.max(sampledPeakRss, process.memoryUsage.rss());
  }, 10);
  const times: number[] = [];
  let variants: Record<string, number> = {};
  for (let i = 0; i < runs; i++) {
    const t = nowMs();
    const [stored] = await storeListingImages({ storage, listingId: `bench-${i}`, images: [input] });
    times.push(nowMs() - t);
    variants = Object.fromEntries(
      ["thumb", "card", "full"].map((v) => [
        v,
        fs.statSync(path.join(storageDir, `${stored!.storageKey}-${v}.webp`)).size,
      ]),
    );
  }
  clearInterval(sampler);
  const report: ChildReport = {
    times,
    baselineRss,
    maxRss: process.resourceUsage().maxRSS * 1024,
    sampledPeakRss,
    variants,
  };
  process.stdout.write(JSON.stringify(report));
}

async function main() {
  const sharp = (await import("sharp")).default;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mm-bench-images-"));
  try {
    const file = path.join(dir, "photo-12mp.jpg");
    // Photo-like content: coarse structure (small noise enlarged) overlaid with fine grain, a camera JPEG at quality 90.
    const noise = (width: number, height: number, sigma: number) =>
      sharp({
        create: { width, height, channels: 3, background: "#888", noise: { type: "gaussian", mean: 128, sigma } },
      })
        .png()
        .toBuffer();
    const coarse = await sharp(await noise(160, 120, 70))
      .resize(WIDTH, HEIGHT, { kernel: "cubic" })
      .png()
      .toBuffer();
    const grain = await sharp(await noise(WIDTH, HEIGHT, 30))
      .blur(0.8)
      .png()
      .toBuffer();
    await sharp(coarse)
      .composite([{ input: grain, blend: "overlay" }])
      .jpeg({ quality: 90 })
      .toFile(file);
    const size = fs.statSync(file).size;
    const cores = os.cpus().length;
    console.log(
      `[images] input: ${WIDTH}×${HEIGHT} JPEG (${(WIDTH * HEIGHT) / 1e6} MP), ${mb(size)}; ${cores} cores; ${RUNS} runs`,
    );

    const self = fileURLToPath(import.meta.url);
    const out = await new Promise<string>((resolve, reject) => {
      const p = spawn(
        process.execPath,
        ["--expose-gc", "--import", "tsx", self, "--child", file, path.join(dir, "store"), String(RUNS)],
        {
          stdio: ["ignore", "pipe", "inherit"],
          env: { ...process.env, LOG_LEVEL: "warn" },
        },
      );
      let text = "";
      p.stdout.on("data", (d: Buffer) => (text += d.toString()));
      p.on("error", reject);
      p.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`child exited with ${code}`))));
    });
    const r = JSON.parse(out) as ChildReport;
    console.log(`[machine] ${machineNote()}`);
    printTable(`12 MP JPEG → thumb/card/full WebP (storeListingImages, ${RUNS} runs, one process)`, [
      ["measure", "value", "target"],
      ["time, first run", ms(r.times[0]!, 0), "none set"],
      ["time p50", ms(percentile(r.times, 50), 0), "none set"],
      ["time max", ms(Math.max(...r.times), 0), "none set"],
      ["RSS before (app modules loaded)", mb(r.baselineRss), ""],
      ["peak RSS (maxRSS)", mb(r.maxRss), "none set"],
      ["peak RSS (10 ms samples)", mb(r.sampledPeakRss), ""],
      ["peak above baseline", mb(r.maxRss - r.baselineRss), ""],
    ]);
    console.log(
      `variants: ${Object.entries(r.variants)
        .map(([k, v]) => `${k} ${(v / 1024).toFixed(0)} KB`)
        .join(", ")}; sharp ${sharp.versions.sharp ?? "?"}, libvips ${sharp.versions.vips}`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--child") await child(process.argv[3]!, process.argv[4]!, Number(process.argv[5]));
else await main();
