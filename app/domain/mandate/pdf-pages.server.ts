/**
 * How many pages an uploaded PDF has, read by pdf-lib with bounds, or null
 * when it cannot be read as a PDF at all.
 *
 * pdf-lib decodes a file's object and cross-reference streams while loading
 * it, with no limit: a 1 MB upload holding a compressed stream of 1 GB of
 * spaces kept the event loop busy for 11 s and the process at 2.2 GB, so a
 * 10 MB one could take the server down. The file is therefore read in a
 * worker thread that
 * - stops decoding after MAX_DECODED_BYTES in all (pdf-lib's decoder is
 *   capped inside that worker only),
 * - has its own JavaScript heap limit (MAX_HEAP_MB),
 * - is ended after TIMEOUT_MS (a page tree built to be walked forever),
 * and at most MAX_PARALLEL files are read at once. Any of these counts as
 * "not readable". The cap reaches into pdf-lib's own files
 * (cjs/core/streams/DecodeStream.js, pdf-lib 1.17): should they move, every
 * reading fails with an error (a 500, never a refused file), and
 * pdf-pages.server.test.ts fails.
 *
 * Encrypted PDFs (a scanner's or signing tool's permissions password) are
 * read with `ignoreEncryption`: encryption covers strings and streams, so the
 * page tree is usually plain, and the stored file is the upload byte for
 * byte, never decrypted or rewritten. One whose page tree sits inside
 * encrypted object streams has no readable page and is refused.
 */
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

export const PDF_READ_LIMITS = {
  MAX_DECODED_BYTES: 64 * 1024 * 1024,
  MAX_HEAP_MB: 256,
  TIMEOUT_MS: 5_000,
  MAX_PARALLEL: 2,
};

// CommonJS, run by the worker: the cap on pdf-lib's stream decoder applies to that worker's copy only.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const path = require("node:path");
let PDFDocument;
try {
  const pdfLib = require(workerData.pdfLib);
  const DecodeStream = require(path.join(path.dirname(workerData.pdfLib), "core", "streams", "DecodeStream.js")).default;
  let decoded = 0;
  const ensureBuffer = DecodeStream.prototype.ensureBuffer;
  // Each stream's buffer doubles as it fills: count what each growth added, across all streams.
  DecodeStream.prototype.ensureBuffer = function (requested) {
    const had = this.buffer ? this.buffer.byteLength : 0;
    const buffer = ensureBuffer.call(this, requested);
    decoded += buffer.byteLength - had;
    if (decoded > workerData.maxDecodedBytes) throw new Error("too much data to decode");
    return buffer;
  };
  PDFDocument = pdfLib.PDFDocument;
} catch (error) {
  parentPort.postMessage({ broken: String(error && error.message) });
}
if (PDFDocument) {
  // pdf-lib warns on every damaged object it skips.
  console.warn = () => {};
  PDFDocument.load(workerData.bytes, { ignoreEncryption: true, updateMetadata: false })
    .then((doc) => parentPort.postMessage({ pages: doc.getPageCount() }))
    .catch(() => parentPort.postMessage({ pages: null }));
}
`;

const pdfLib = createRequire(import.meta.url).resolve("pdf-lib");

let running = 0;
const waiting: (() => void)[] = [];

async function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  if (running < PDF_READ_LIMITS.MAX_PARALLEL) running++;
  // Else wait until a finished reading hands its place over.
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await task();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function readInWorker(bytes: Uint8Array): Promise<number | null> {
  // A copy of exactly these bytes, handed over rather than copied again.
  const copy = new Uint8Array(bytes);
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { bytes: copy, pdfLib, maxDecodedBytes: PDF_READ_LIMITS.MAX_DECODED_BYTES },
      transferList: [copy.buffer],
      resourceLimits: { maxOldGenerationSizeMb: PDF_READ_LIMITS.MAX_HEAP_MB, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const settle = (outcome: { pages: number | null } | { broken: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      // The reader itself failed to start (pdf-lib missing or moved): the server's fault, not the file's.
      if ("broken" in outcome) reject(new Error(`The PDF reader could not start: ${outcome.broken}`));
      else resolve(outcome.pages);
    };
    const timer = setTimeout(() => settle({ pages: null }), PDF_READ_LIMITS.TIMEOUT_MS);
    worker.on("message", settle);
    // Out of memory, or a stack overflow outside pdf-lib's promise: not readable.
    worker.on("error", () => settle({ pages: null }));
    worker.on("exit", () => settle({ pages: null }));
  });
}

/** The number of pages of `bytes` as a PDF, or null if it cannot be read within the limits above. */
export function pdfPageCount(bytes: Uint8Array): Promise<number | null> {
  return oneAtATime(() => readInWorker(bytes));
}
