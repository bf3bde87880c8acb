/** What every fuzz file starts from: a harness, three personas, and real ids to mix into the bodies. */
import { randomUUID } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { type Persona, startTestRuntime } from "../support/harness.ts";

export async function fuzzWorld() {
  const h = await startTestRuntime({ rateLimits: false });
  const admin = await h.persona("admin");
  const seller = await h.persona("seller");
  const buyer = await h.persona("buyer");
  const listingIds: string[] = [];
  for (const [i, status] of (["approved", "pending"] as const).entries()) {
    const row = await h.createListing({ seller: seller.viewer, title: `Fuzz listing ${i}`, description: "A listing the fuzzer may act on.", price: "125000", status, adminStatus: status });
    listingIds.push(row.id);
  }
  const ids = [...listingIds, admin.viewer.userId, seller.viewer.userId, buyer.viewer.userId, randomUUID()];
  // Real files, so that some generated uploads get past the content checks.
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 30 } } }).jpeg().toBuffer();
  const pdf = Buffer.from(await (await PDFDocument.create()).save());
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  return { h, admin, seller, buyer, listingIds, ids, photo, pdf, tomorrow };
}

export const cookieOf = (p: Persona | undefined) => () => p?.cookie;
