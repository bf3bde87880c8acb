/**
 * After `react-router build`: brotli (quality 11) and gzip (level 9) copies of
 * the built scripts, styles and other compressible files, beside each file,
 * for server/static-files.js to send as they are.
 * Usage: part of `npm run build`.
 */
import path from "node:path";
import { performance } from "node:perf_hooks";
import { precompress } from "../server/static-files.js";

const root = path.resolve(import.meta.dirname, "../build/client");
const started = performance.now();
const t = await precompress(root);
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(
  `Compressed ${t.files} files in ${((performance.now() - started) / 1000).toFixed(1)} s: ${kb(t.bytes)} → ${kb(t.br)} brotli, ${kb(t.gzip)} gzip`,
);
