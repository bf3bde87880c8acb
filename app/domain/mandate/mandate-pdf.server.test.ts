import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import {
  BUYER_COMMISSION_PERCENT,
  SELLER_COMMISSION_PERCENT,
  SELLER_PAYOUT_PERCENT,
  TOTAL_COMMISSION_PERCENT,
} from "#app/lib/commission.ts";
import { composeEmail } from "#app/emails/templates.server.ts";
import { isPdf, renderMandatePdf } from "./mandate-pdf.server.ts";
import { MANDATE_COMMISSION_SUMMARY, MANDATE_TERMS, mandateTermsText } from "./mandate-terms.ts";

/** The text a PDF draws, page by page, its lines joined by spaces (pdf-lib writes each line as one hex string). */
async function pdfText(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const ops = Buffer.from(decodePDFRawStream(stream).decode()).toString("latin1");
      for (const [, hex] of ops.matchAll(/<([0-9A-F]*)> Tj/g)) lines.push(Buffer.from(hex!, "hex").toString("latin1"));
    }
  }
  return lines.join(" ").replace(/\u00a0/g, " ");
}

/** Collapses runs of white space (no-break spaces in prices included) so wrapped text reads as one line. */
const flat = (text: string) => text.replace(/\s+/g, " ");

const base = {
  listingTitle: "2019 Caterpillar 320 Excavator",
  listingId: "lst_123",
  sellerName: "Thabo Nkosi",
  sellerEmail: "thabo@example.co.za",
};

const terms = (ipAddress = "Unknown") =>
  mandateTermsText({ ...base, signedAt: new Date("2025-03-14T09:30:00+02:00"), ipAddress });

async function renderBoth() {
  const termsText = terms();
  const seller = await renderMandatePdf({ ...base, termsText });
  const admin = await renderMandatePdf({
    ...base,
    termsText,
    copy: { signedBy: "Thabo Nkosi (thabo@example.co.za)", signatureMethod: "Electronic acceptance (click-to-sign)" },
  });
  return { seller, admin };
}

describe("mandate terms", () => {
  it("states the agreed terms, the listing and the logged IP address", () => {
    const text = terms();
    expect(MANDATE_TERMS).toMatchObject({ exclusivityDays: 90, noticeDays: 30 });
    expect(text).toContain("90 days");
    expect(text).toContain("5 percent");
    expect(text).toContain("30 days");
    expect(text).toContain(base.listingTitle);
    expect(text).toContain(base.listingId);
    expect(text).toContain("IP address: Unknown");
    expect(text).toMatch(/other channel/);
    expect(terms("196.25.1.1")).toContain("IP address: 196.25.1.1");
    expect(text).toContain(
      new Date("2025-03-14T09:30:00+02:00").toLocaleDateString("en-ZA", {
        day: "numeric",
        month: "long",
        year: "numeric",
      }),
    );
    expect(text).not.toMatch(/[*#`]/);
  });

  it("gives the date and time in South African time, whatever the server's zone", () => {
    // 22:30 UTC on 24 November is 00:30 on 25 November in Johannesburg.
    const text = mandateTermsText({ ...base, signedAt: new Date("2026-11-24T22:30:00Z"), ipAddress: "Unknown" });
    expect(text).toContain("Date: 25 November 2026");
    expect(text).toContain("Time: 00:30");
  });
});

describe("the mandate's commission", () => {
  it("is 5 percent of the final sale price in total: the seller's 2.5 deducted, the buyer's 2.5 added", () => {
    expect([
      SELLER_COMMISSION_PERCENT,
      BUYER_COMMISSION_PERCENT,
      TOTAL_COMMISSION_PERCENT,
      SELLER_PAYOUT_PERCENT,
    ]).toEqual([2.5, 2.5, 5, 97.5]);
    const clause = flat(
      terms()
        .split("\n")
        .find((line) => line.startsWith("2. Commission."))!,
    );
    expect(clause).toBe(
      "2. Commission. On a successful sale DealEquip earns a commission of 5 percent of the final sale price in total, " +
        "made up of two shares of 2.5 percent each: the seller's 2.5 percent is deducted from the final sale price, " +
        "so the seller receives 97.5 percent of it, and the buyer's 2.5 percent is added to the final sale price and paid by the buyer. " +
        "For example, on a final sale price of R 1 000 000 the seller receives R 975 000 and the buyer pays R 1 025 000.",
    );
    // The seller is never said to pay the whole 5 percent.
    expect(terms()).not.toMatch(/seller (will )?pays? [^.]*5 percent/);
  });

  it("is summed up in one sentence with the two shares", () => {
    expect(MANDATE_COMMISSION_SUMMARY).toBe(
      "Commission: 5% of the final sale price in total, made up of two 2.5% shares: the seller's 2.5% is deducted from the sale price " +
        "(the seller receives 97.5%) and the buyer's 2.5% is added to the price the buyer pays.",
    );
  });

  it("reads the same in the PDF: the summary under the heading and the clause in the terms", async () => {
    const { seller, admin } = await renderBoth();
    for (const pdf of [seller, admin]) {
      const text = flat(await pdfText(pdf));
      expect(text).toContain(MANDATE_COMMISSION_SUMMARY);
      expect(text).toContain(
        "2. Commission. On a successful sale DealEquip earns a commission of 5 percent of the final sale price in total",
      );
      expect(text).toContain(
        "the seller's 2.5 percent is deducted from the final sale price, so the seller receives 97.5 percent of it",
      );
      expect(text).toContain("the buyer's 2.5 percent is added to the final sale price and paid by the buyer");
      expect(text).toContain("the seller receives R 975 000 and the buyer pays R 1 025 000");
      expect(text.indexOf(MANDATE_COMMISSION_SUMMARY)).toBeLessThan(text.indexOf("1. Exclusivity."));
    }
  });

  it("is in every mandate e-mail: the PDF to sign, the admin's copy and the confirmation", async () => {
    const { seller } = await renderBoth();
    const mails = [
      composeEmail("send-agreement-pdf", base.sellerEmail, {
        listingTitle: base.listingTitle,
        pdf: seller,
      }),
      composeEmail("send-agreement-pdf", "admin@example.co.za", {
        listingTitle: base.listingTitle,
        pdf: seller,
        copy: { signedBy: base.sellerName, signatureMethod: "uploaded_pdf" },
      }),
      composeEmail("send-agreement-confirmation", base.sellerEmail, {
        listingTitle: base.listingTitle,
        signatureMethod: "checkbox",
      }),
    ];
    for (const mail of mails) {
      expect(mail.text).toContain(MANDATE_COMMISSION_SUMMARY);
      expect(mail.html).toContain("the seller's 2.5% is deducted from the sale price (the seller receives 97.5%)");
    }
  });
});

describe("mandate PDF", () => {
  it("is a real PDF that loads back with at least one page", async () => {
    const { seller } = await renderBoth();
    expect(new TextDecoder().decode(seller.slice(0, 5))).toBe("%PDF-");
    const doc = await PDFDocument.load(seller);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(doc.getTitle()).toBe("Exclusive Sales Mandate");
  });

  it("adds pages for long terms", async () => {
    const long = Array.from(
      { length: 40 },
      (_, i) => `${i + 1}. ${"This clause is deliberately long and wraps. ".repeat(8)}`,
    ).join("\n\n");
    const bytes = await renderMandatePdf({ ...base, termsText: long });
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThan(1);
  });

  it("wraps a single unbroken word wider than the page", async () => {
    const bytes = await renderMandatePdf({ ...base, termsText: "x".repeat(2000) });
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThanOrEqual(1);
  });

  it("gives the admin copy the extra signed-by lines", async () => {
    const { seller, admin } = await renderBoth();
    expect(isPdf(admin)).toBe(true);
    expect(admin.length).toBeGreaterThan(seller.length);
  });

  it("does not throw on characters the standard fonts cannot encode", async () => {
    const odd = "Ngiyabonga ✓ “quoted” ‘single’ — dash … 日本 😀 café\tR1 000";
    const bytes = await renderMandatePdf({
      termsText: `${terms()}\n${odd}`,
      listingTitle: `Bell “B25E” ✓`,
      sellerName: "Sipho Ndlovu ✓",
      sellerEmail: "sipho@example.co.za",
      copy: { signedBy: "Sipho “S” Ndlovu", signatureMethod: "Electronic ✓" },
    });
    expect(isPdf(bytes)).toBe(true);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThanOrEqual(1);
  });

  it("recognises PDFs by their magic bytes only", async () => {
    const { seller } = await renderBoth();
    expect(isPdf(seller)).toBe(true);
    expect(isPdf(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]))).toBe(false);
    expect(isPdf(new TextEncoder().encode("hello, not a pdf"))).toBe(false);
    expect(isPdf(new TextEncoder().encode("%PDF"))).toBe(false);
    expect(isPdf(new Uint8Array())).toBe(false);
  });
});
