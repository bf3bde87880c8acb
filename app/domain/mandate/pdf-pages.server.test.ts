import zlib from "node:zlib";
import { PDFDocument } from "pdf-lib";
import { afterEach, describe, expect, it } from "vitest";
import { PDF_READ_LIMITS, pdfPageCount } from "./pdf-pages.server.ts";

const text = (s: string) => new TextEncoder().encode(s);

/** A hand-written PDF: a catalogue, the page tree given, and a trailer (pdf-lib finds the objects without an xref table). */
const handWritten = (objects: string, trailer = "") =>
  text(`%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n${objects}trailer << /Root 1 0 R ${trailer}>>\n%%EOF\n`);
const ONE_PAGE =
  "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\n";

const defaults = { ...PDF_READ_LIMITS };
afterEach(() => Object.assign(PDF_READ_LIMITS, defaults));

// Each file is read in a worker thread; starting one takes seconds on a busy 2-core machine.
describe("pdfPageCount", { timeout: 30_000 }, () => {
  it("counts the pages of a real PDF, and of one with none", async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    doc.addPage();
    expect(await pdfPageCount(await doc.save())).toBe(2);
    expect(await pdfPageCount(await (await PDFDocument.create()).save({ addDefaultPage: false }))).toBe(0);
    expect(await pdfPageCount(handWritten(ONE_PAGE))).toBe(1);
  });

  it("cannot read a PDF header followed by anything else", async () => {
    expect(await pdfPageCount(text("%PDF-1.4\n<html><body>Signed!</body></html>\n"))).toBeNull();
    expect(await pdfPageCount(text("%PDF-1.7\n"))).toBeNull();
    expect(await pdfPageCount(new Uint8Array())).toBeNull();
  });

  it("reads an encrypted PDF whose page tree is plain (a permissions password), without decrypting anything", async () => {
    const encrypt = "9 0 obj << /Filter /Standard /V 1 /R 2 /O (owner) /U (user) /P -4 >> endobj\n";
    expect(await pdfPageCount(handWritten(ONE_PAGE + encrypt, "/Encrypt 9 0 R "))).toBe(1);
  });

  it("stops decoding a compressed stream built to fill the memory, long before the time limit", async () => {
    // 1 GB of spaces in about 1 MB: uncapped, pdf-lib spent 11 s and 2.2 GB on it.
    const deflate = zlib.createDeflate({ level: 9 });
    const parts: Buffer[] = [];
    deflate.on("data", (part: Buffer) => parts.push(part));
    const spaces = Buffer.alloc(16 * 1024 * 1024, 0x20);
    for (let i = 0; i < 64; i++) deflate.write(spaces);
    deflate.end();
    await new Promise((resolve) => deflate.on("end", resolve));
    const bomb = Buffer.concat(parts);
    const bytes = Buffer.concat([
      text(`%PDF-1.5\n4 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n`),
      bomb,
      text("\nendstream\nendobj\n"),
      handWritten(ONE_PAGE).subarray("%PDF-1.4\n".length),
    ]);
    expect(bytes.length).toBeLessThan(2 * 1024 * 1024);
    PDF_READ_LIMITS.TIMEOUT_MS = 4_000;
    const started = Date.now();
    // The stream is given up as a damaged object, and the plain page tree still reads: the answer
    // comes from the cap on decoding, not from the time limit (which would answer null).
    expect(await pdfPageCount(bytes)).toBe(1);
    expect(Date.now() - started).toBeLessThan(PDF_READ_LIMITS.TIMEOUT_MS);
  }, 30_000);

  it("gives up on page trees that loop or multiply, and on nesting too deep to parse", async () => {
    PDF_READ_LIMITS.TIMEOUT_MS = 1_500;
    const loop =
      "2 0 obj << /Type /Pages /Kids [2 0 R 3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >> endobj\n";
    expect(await pdfPageCount(handWritten(loop))).toBeNull();
    // 2^50 paths to one page: walked for ever unless stopped.
    let dag = "";
    for (let i = 2; i < 52; i++) dag += `${i} 0 obj << /Type /Pages /Kids [${i + 1} 0 R ${i + 1} 0 R] /Count 1 >> endobj\n`;
    dag += "52 0 obj << /Type /Page /MediaBox [0 0 10 10] >> endobj\n";
    const started = Date.now();
    expect(await pdfPageCount(handWritten(dag))).toBeNull();
    expect(Date.now() - started).toBeLessThan(PDF_READ_LIMITS.TIMEOUT_MS + 2_000);
    expect(await pdfPageCount(text(`%PDF-1.4\n1 0 obj ${"[".repeat(2_000_000)}\n`))).toBeNull();
  });

  it("reads several files at once, a few at a time", async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const bytes = await doc.save();
    expect(await Promise.all(Array.from({ length: 5 }, () => pdfPageCount(bytes)))).toEqual([1, 1, 1, 1, 1]);
  });
});
