/**
 * Renders the exclusive sales mandate as an A4 PDF (pdf-lib, standard
 * Helvetica fonts): heading, the commission in one sentence, the terms and a
 * signature block. The admin's copy also records who signed and how.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { PRODUCT_NAME } from "#app/lib/brand.ts";
import { MANDATE_COMMISSION_SUMMARY } from "./mandate-terms.ts";

export interface MandatePdfInput {
  termsText: string;
  listingTitle: string;
  sellerName: string;
  sellerEmail: string;
  copy?: { signedBy: string; signatureMethod: string };
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 50;
const BODY_SIZE = 10.5;
const LINE_HEIGHT = 15;
const TITLE_SIZE = 18;

const REPLACEMENTS: Record<string, string> = {
  "\u2018": "'",
  "\u2019": "'",
  "\u201A": "'",
  "\u201B": "'",
  "\u2032": "'",
  "\u201C": '"',
  "\u201D": '"',
  "\u201E": '"',
  "\u201F": '"',
  "\u2033": '"',
  "\u2013": "-",
  "\u2014": "-",
  "\u2012": "-",
  "\u2010": "-",
  "\u2011": "-",
  "\u2212": "-",
  "\u2026": "...",
  "\u2022": "*",
  "\u20AC": "EUR",
  "\u00A0": " ",
  "\u00AD": "",
  "\u2009": " ",
  "\u200A": " ",
  "\u2002": " ",
  "\u2003": " ",
  "\u202F": " ",
  "\u200B": "",
  "\uFEFF": "",
  "\t": "    ",
};

/** Keeps only characters the standard (WinAnsi) fonts can encode; never throws on odd input. */
export function sanitizeWinAnsi(text: string): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const replacement = REPLACEMENTS[ch];
    if (replacement !== undefined) {
      out += replacement;
      continue;
    }
    const code = ch.codePointAt(0)!;
    if (ch === "\n" || (code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff)) out += ch;
    else if (code === 0x0d) continue;
    else out += "?";
  }
  return out;
}

/** Splits one paragraph into lines no wider than maxWidth, breaking over-long words. */
function wrapLine(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  if (text.trim() === "") return [""];
  const width = (s: string) => font.widthOfTextAtSize(s, size);
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(/ +/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (width(candidate) <= maxWidth) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = "";
    let rest = word;
    while (width(rest) > maxWidth) {
      // Longest prefix that fits (at least one character), by binary search.
      let lo = 1;
      let hi = rest.length - 1;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if (width(rest.slice(0, mid)) <= maxWidth) lo = mid;
        else hi = mid - 1;
      }
      const cut = lo;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current = rest;
  }
  if (current) lines.push(current);
  return lines;
}

export async function renderMandatePdf(input: MandatePdfInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle("Exclusive Sales Mandate");
  doc.setProducer(PRODUCT_NAME);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const maxWidth = PAGE_WIDTH - 2 * MARGIN;
  const black = rgb(0, 0, 0);

  let page: PDFPage = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN;

  const ensureRoom = (height: number) => {
    if (y - height < MARGIN) {
      page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
      y = PAGE_HEIGHT - MARGIN;
    }
  };

  const write = (text: string, options: { f?: PDFFont; size?: number; lineHeight?: number } = {}) => {
    const f = options.f ?? font;
    const size = options.size ?? BODY_SIZE;
    const lineHeight = options.lineHeight ?? LINE_HEIGHT;
    for (const paragraph of sanitizeWinAnsi(text).split("\n")) {
      for (const line of wrapLine(paragraph, f, size, maxWidth)) {
        ensureRoom(lineHeight);
        y -= lineHeight;
        if (line) page.drawText(line, { x: MARGIN, y, size, font: f, color: black });
      }
    }
  };

  write("Exclusive Sales Mandate", { f: bold, size: TITLE_SIZE, lineHeight: TITLE_SIZE + 6 });
  write(`${input.listingTitle}`, { f: bold, size: 12, lineHeight: 18 });
  write(`Seller: ${input.sellerName} <${input.sellerEmail}>`);
  y -= LINE_HEIGHT / 2;
  // The commission at a glance, before the clauses that spell it out.
  write(MANDATE_COMMISSION_SUMMARY, { f: bold });
  y -= LINE_HEIGHT;
  write(input.termsText);

  // Signature block, kept together on one page.
  const signatureLines = 3 + (input.copy ? 2 : 0);
  y -= LINE_HEIGHT;
  ensureRoom((signatureLines + 1) * LINE_HEIGHT * 1.6);
  write("Signature", { f: bold, size: 12, lineHeight: 20 });
  const sig = { lineHeight: LINE_HEIGHT * 1.6 };
  write("Seller signature: ________________________________", sig);
  write("Full name: ________________________________", sig);
  write("Date: ________________________", sig);
  if (input.copy) {
    write(`Signed by: ${input.copy.signedBy}`, sig);
    write(`Signature Method: ${input.copy.signatureMethod}`, sig);
  }

  return doc.save();
}

/** True when the bytes start with the PDF magic "%PDF-". */
export function isPdf(buf: Uint8Array): boolean {
  const magic = [0x25, 0x50, 0x44, 0x46, 0x2d];
  return buf.length >= magic.length && magic.every((b, i) => buf[i] === b);
}
