/**
 * Both storage drivers behind one interface: local disk, and S3 (against
 * s3rver, an S3-compatible server running in this process).
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { listings, sellers, user } from "#db/schema.ts";
import { cleanupAbandonedUploads } from "#app/domain/listing/cleanup-abandoned-uploads.server.ts";
import { createLocalStorage, createS3Storage, type Storage } from "#app/lib/storage.server.ts";
import { withTestDatabase } from "./support/harness.ts";

async function freePort() {
  return new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mm-storage-"));
let s3server: S3rver;
let s3: Storage;
let port: number;

beforeAll(async () => {
  port = await freePort();
  s3server = new S3rver({
    port,
    address: "127.0.0.1",
    silent: true,
    directory: path.join(dir, "s3"),
    configureBuckets: [{ name: "listing-images", configs: [] }],
  });
  await s3server.run();
  s3 = await createS3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    bucket: "listing-images",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  });
});
afterAll(async () => {
  await s3server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const drivers: [string, () => Storage][] = [
  ["local disk", () => createLocalStorage(path.join(dir, "local"))],
  ["S3", () => s3],
];

describe.each(drivers)("%s storage", (_name, make) => {
  it("stores, reads, lists under a prefix and deletes", async () => {
    const storage = make();
    await storage.put("public/listings/abc/one-card.webp", Buffer.from("one"), "image/webp");
    await storage.put("public/listings/abc/two-card.webp", Buffer.from("two"), "image/webp");
    await storage.put("private/mandates/abc/signed.pdf", Buffer.from("%PDF-1.7"), "application/pdf");
    expect((await storage.get("public/listings/abc/one-card.webp"))?.toString()).toBe("one");
    await storage.deletePrefix("public/listings/abc");
    expect(await storage.get("public/listings/abc/one-card.webp")).toBeUndefined();
    expect(await storage.get("public/listings/abc/two-card.webp")).toBeUndefined();
    expect((await storage.get("private/mandates/abc/signed.pdf"))?.toString()).toBe("%PDF-1.7");
    await storage.delete("private/mandates/abc/signed.pdf");
    expect(await storage.get("private/mandates/abc/signed.pdf")).toBeUndefined();
  });

  it("stores a file from disk and reads it back as a stream, with its size", async () => {
    const storage = make();
    const bytes = Buffer.alloc(5 * 1024 * 1024 + 7, 42);
    const from = path.join(dir, `big-${Math.random().toString(36).slice(2)}.zip`);
    fs.writeFileSync(from, bytes);
    await storage.putFile("private/exports/abc/big.zip", from, "application/zip");
    const opened = await storage.open("private/exports/abc/big.zip");
    expect(opened?.size).toBe(bytes.length);
    const read: Buffer[] = [];
    for await (const chunk of opened!.stream) read.push(chunk as Buffer);
    expect(Buffer.concat(read).equals(bytes)).toBe(true);
    expect(await storage.open("private/exports/abc/none.zip")).toBeUndefined();
    await storage.delete("private/exports/abc/big.zip");
    expect(await storage.open("private/exports/abc/big.zip")).toBeUndefined();
  });

  it("gives public files a URL and private files none", () => {
    const storage = make();
    expect(storage.publicUrl("public/listings/abc/x-card.webp")).toMatch(/listings\/abc\/x-card\.webp$/);
    expect(() => storage.publicUrl("private/mandates/abc/signed.pdf")).toThrow();
  });

  it("lists the folders under a prefix with their newest file's time; the cleanup removes only old folders without a listing", async () => {
    const storage = make();
    const known = randomUUID();
    const orphan = randomUUID();
    const fresh = randomUUID();
    for (const id of [known, orphan, fresh])
      await storage.put(`public/listings/${id}/a-card.webp`, Buffer.from(id), "image/webp");
    const folders = await storage.listFolders("public/listings");
    expect(folders.map((f) => f.name)).toEqual(expect.arrayContaining([known, orphan, fresh]));
    for (const f of folders) expect(Date.now() - f.modifiedAt.getTime()).toBeLessThan(60_000);

    // A database that knows only `known`; "now" is two hours ahead, except that `fresh` counts as just written.
    const t = await withTestDatabase();
    try {
      const [seller] = await t.db
        .insert(user)
        .values({ id: randomUUID(), name: "S", email: `${known}@example.co.za` })
        .returning();
      const [sellerRow] = await t.db.insert(sellers).values({ userId: seller!.id }).returning();
      await t.db
        .insert(listings)
        .values({
          id: known,
          sellerId: sellerRow!.id,
          title: "Kept",
          price: "1",
          category: "other",
          condition: "used",
          expiresOn: new Date(),
        });
      const later = new Date(Date.now() + 2 * 60 * 60_000);
      const listOld = {
        ...storage,
        listFolders: async (prefix: string) =>
          (await storage.listFolders(prefix)).map((f) => (f.name === fresh ? { ...f, modifiedAt: later } : f)),
      };
      const { removed } = await cleanupAbandonedUploads({ db: t.db, storage: listOld, graceMinutes: 60, now: later });
      expect(removed).toContain(orphan);
      expect(removed).not.toContain(known);
      expect(removed).not.toContain(fresh);
      expect(await storage.get(`public/listings/${orphan}/a-card.webp`)).toBeUndefined();
      expect(await storage.get(`public/listings/${known}/a-card.webp`)).toBeDefined();
      expect(await storage.get(`public/listings/${fresh}/a-card.webp`)).toBeDefined();
      // Within the grace period nothing is touched.
      expect((await cleanupAbandonedUploads({ db: t.db, storage, graceMinutes: 60 })).removed).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it("refuses keys that could escape the store", async () => {
    const storage = make();
    await expect(storage.put("public/../../etc/passwd", Buffer.from("x"), "text/plain")).rejects.toThrow(/Unsafe/);
    await expect(storage.put("/absolute", Buffer.from("x"), "text/plain")).rejects.toThrow(/Unsafe/);
  });
});

it("the S3 public URL is served by the S3 server", async () => {
  await s3.put("public/listings/xyz/a-card.webp", Buffer.from("webp-bytes"), "image/webp");
  const res = await fetch(s3.publicUrl("public/listings/xyz/a-card.webp"));
  expect(res.status).toBe(200);
  expect(await res.text()).toBe("webp-bytes");
});
