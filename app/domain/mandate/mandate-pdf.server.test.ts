import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { isPdf, renderMandatePdf } from "./mandate-pdf.server.ts";
import { MANDATE_TERMS, mandateTermsText } from "./mandate-terms.ts";

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
    expect(MANDATE_TERMS).toMatchObject({ exclusivityDays: 90, commissionPercent: 5, noticeDays: 30 });
    expect(text).toContain("90 days");
    expect(text).toContain("5 percent");
    expect(text).toContain("30 days");
    expect(text).toContain(base.listingTitle);
    expect(text).toContain(base.listingId);
    expect(text).toContain("IP address: Unknown");
    expect(text).toMatch(/other channel/);
    expect(terms("196.25.1.1")).toContain("IP address: 196.25.1.1");
    expect(text).toContain(
      new Date("2025-03-14T09:30:00+02:00").toLocaleDateString("en-ZA", { day: "numeric", month: "long", year: "numeric" }),
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
    const long = Array.from({ length: 40 }, (_, i) => `${i + 1}. ${"This clause is deliberately long and wraps. ".repeat(8)}`).join("\n\n");
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
