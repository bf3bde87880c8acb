import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { unzipSync, strFromU8 } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { createLocalStorage, type Storage } from "#app/lib/storage.server.ts";
import { buildZip } from "./prepare-data-exports.server.ts";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "build-zip-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("the data-export ZIP", () => {
  it("is written as it is made: bytes go out before the last file is read, and it unpacks to the same files", async () => {
    const local = createLocalStorage(root);
    const photos = [0, 1, 2].map((i) => ({ key: `private/t/photo-${i}.jpg`, bytes: randomBytes(3 * 1024 * 1024) }));
    for (const p of photos) await local.put(p.key, p.bytes, "image/jpeg");

    const events: string[] = [];
    const storage: Storage = {
      ...local,
      get: () => Promise.reject(new Error("the ZIP must read files as streams")),
      open: async (key) => {
        events.push(`open ${key}`);
        return local.open(key);
      },
    };
    const chunks: Buffer[] = [];
    const out = new Writable({
      highWaterMark: 64 * 1024,
      write(chunk: Buffer, _enc, done) {
        events.push("write");
        chunks.push(chunk);
        setImmediate(done);
      },
    });
    const files = [
      ...photos.map((p, i) => ({ storageKey: p.key, path: `files/photo-${i}.jpg`, what: "photo" })),
      { storageKey: "private/t/gone.pdf", path: "files/gone.pdf", what: "mandate" },
    ];
    const data = { exportedAt: new Date("2026-03-14T09:30:00Z"), files: files.map((f) => ({ path: f.path })) };

    const size = await buildZip(storage, data, files, out);

    const lastOpen = events.lastIndexOf(`open ${photos[2]!.key}`);
    expect(events.indexOf("write")).toBeGreaterThan(-1);
    expect(events.indexOf("write")).toBeLessThan(lastOpen);
    const zip = Buffer.concat(chunks);
    expect(zip.length).toBe(size);
    const entries = unzipSync(new Uint8Array(zip));
    photos.forEach((p, i) => expect(Buffer.from(entries[`files/photo-${i}.jpg`]!).equals(p.bytes)).toBe(true));
    expect(entries["files/gone.pdf"]).toBeUndefined();
    const json = JSON.parse(strFromU8(entries["data.json"]!)) as { files: { path: string }[] };
    expect(json.files.map((f) => f.path)).toEqual(["files/photo-0.jpg", "files/photo-1.jpg", "files/photo-2.jpg"]);
    expect(strFromU8(entries["README.txt"]!)).toContain("data.json");
  });
});
