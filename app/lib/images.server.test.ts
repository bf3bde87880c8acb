import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "./app-error.ts";
import {
  imageVariantUrl,
  INVALID_IMAGE_TYPE_MESSAGE,
  MAX_INPUT_PIXELS,
  processListingImage,
  sniffImageType,
  storeListingImages,
  VARIANT_WIDTHS,
} from "./images.server.ts";
import { createLocalStorage, type Storage } from "./storage.server.ts";

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 20 } } });

/** Left half red, right half blue: the orientation is visible in the pixels. */
async function halves(width: number, height: number) {
  const half = await sharp({
    create: { width: width / 2, height, channels: 3, background: { r: 0, g: 0, b: 255 } },
  })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: { r: 255, g: 0, b: 0 } } }).composite([
    { input: half, left: width / 2, top: 0 },
  ]);
}

async function pixel(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return { r: data[i]!, g: data[i + 1]!, b: data[i + 2]! };
}

async function refusal(input: Buffer) {
  const error = await processListingImage(input).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, "the image should have been refused").toBeInstanceOf(AppError);
  return error as AppError;
}

describe("sniffImageType", () => {
  it("knows a file by its content, not its name", async () => {
    expect(sniffImageType(await solid(10, 10).jpeg().toBuffer())).toBe("jpeg");
    expect(sniffImageType(await solid(10, 10).png().toBuffer())).toBe("png");
    expect(sniffImageType(await solid(10, 10).webp().toBuffer())).toBe("webp");
    expect(sniffImageType(await solid(10, 10).gif().toBuffer())).toBeNull();
    expect(sniffImageType(Buffer.from("<html>not an image</html>"))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
    // An ISO-BMFF HEIC header ("....ftypheic") is not accepted.
    expect(sniffImageType(Buffer.from("0000001c6674797068656963000000006d696631", "hex"))).toBeNull();
    // RIFF but not WebP (a WAV file).
    expect(sniffImageType(Buffer.from("RIFF\x24\x00\x00\x00WAVEfmt ", "latin1"))).toBeNull();
  });
});

describe("processListingImage", () => {
  it("turns an EXIF-rotated JPEG upright and strips its metadata", async () => {
    // Stored 600x400 (red left, blue right) with orientation 6 = "rotate 90° clockwise to view".
    const input = await (
      await halves(600, 400)
    )
      .jpeg()
      .withExif({ IFD0: { Artist: "Secret Photographer", Copyright: "GPS-LEAK" } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const inMeta = await sharp(input).metadata();
    expect(inMeta.orientation).toBe(6);
    expect(inMeta.exif).toBeDefined();
    expect(input.includes("Secret Photographer")).toBe(true);

    const out = await processListingImage(input);
    expect({ width: out.width, height: out.height }).toEqual({ width: 400, height: 600 });

    const full = out.variants.full;
    const meta = await sharp(full).metadata();
    expect(meta.format).toBe("webp");
    expect({ width: meta.width, height: meta.height }).toEqual({ width: 400, height: 600 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(full.includes("Secret Photographer")).toBe(false);
    expect(full.includes("EXIF")).toBe(false);
    // Rotated clockwise: the stored left (red) is now the top, the right (blue) the bottom.
    const top = await pixel(full, 200, 50);
    const bottom = await pixel(full, 200, 550);
    expect(top.r).toBeGreaterThan(200);
    expect(top.b).toBeLessThan(60);
    expect(bottom.b).toBeGreaterThan(200);
    expect(bottom.r).toBeLessThan(60);
  });

  it("makes WebP variants of at most 400, 800 and 1600 px on the longest side", async () => {
    const out = await processListingImage(await solid(3000, 2000).jpeg().toBuffer());
    expect({ width: out.width, height: out.height }).toEqual({ width: 3000, height: 2000 });
    const sizes: Record<string, [number, number]> = {};
    for (const variant of ["thumb", "card", "full"] as const) {
      const meta = await sharp(out.variants[variant]).metadata();
      expect(meta.format).toBe("webp");
      sizes[variant] = [meta.width!, meta.height!];
    }
    expect(sizes).toEqual({ thumb: [400, 267], card: [800, 533], full: [1600, 1067] });
    expect(VARIANT_WIDTHS).toEqual({ thumb: 400, card: 800, full: 1600 });

    // Portrait: the height is the longest side.
    const portrait = await processListingImage(await solid(1000, 2500).png().toBuffer());
    const card = await sharp(portrait.variants.card).metadata();
    expect([card.width, card.height]).toEqual([320, 800]);
  });

  it("never enlarges a small photo", async () => {
    const out = await processListingImage(await solid(300, 200).webp().toBuffer());
    for (const variant of ["thumb", "card", "full"] as const) {
      const meta = await sharp(out.variants[variant]).metadata();
      expect([meta.width, meta.height]).toEqual([300, 200]);
    }
  });

  it("accepts a PNG whatever it is called: the bytes decide", async () => {
    const upload = { name: "IMG_0042.jpg", type: "image/jpeg", bytes: await solid(900, 600).png().toBuffer() };
    expect(sniffImageType(upload.bytes)).toBe("png");
    const out = await processListingImage(upload.bytes);
    expect(out.width).toBe(900);
    expect((await sharp(out.variants.card).metadata()).format).toBe("webp");
  });

  it("refuses text, HEIC, GIF and empty files with the spec's message", async () => {
    const heic = Buffer.concat([
      Buffer.from("000000186674797068656963000000006d69663168656963", "hex"),
      Buffer.alloc(64),
    ]);
    const inputs = [
      Buffer.from("name,price\nCAT 320D,1450000\n"),
      heic,
      await solid(10, 10).gif().toBuffer(),
      Buffer.alloc(0),
    ];
    for (const input of inputs) {
      const error = await refusal(input);
      expect(error.code).toBe("BAD_REQUEST");
      expect(error.title).toBe("Invalid file");
      expect(error.message).toBe(INVALID_IMAGE_TYPE_MESSAGE);
      expect(error.message).toBe("Invalid file type. Please use JPEG, PNG, or WebP format.");
    }
  });

  it("refuses a file with image magic bytes but broken data, without crashing", async () => {
    const jpeg = await solid(400, 300).jpeg().toBuffer();
    const error = await refusal(Buffer.concat([jpeg.subarray(0, 3), Buffer.from("garbage".repeat(20))]));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toMatch(/could not be read/);
  });

  it("refuses an image over 40 megapixels from its header, with a clear message", async () => {
    // 10000x10000 = 100 MP, but only ~300 KB of compressed PNG.
    const huge = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: "#000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(2_000_000);
    expect(MAX_INPUT_PIXELS).toBe(40_000_000);
    const error = await refusal(huge);
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.title).toBe("Image too large");
    expect(error.message).toMatch(/too many pixels \(over 40 megapixels\)/);
  }, 30_000);
});

describe("storeListingImages", () => {
  let dir: string;
  let storage: Storage;
  const listingId = "3f1c8a52-5f0e-4c53-9d7e-2f4b1a6c9e10";
  const filesOf = () => {
    const folder = path.join(dir, "public/listings", listingId);
    return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
  };

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "mm-images-"));
    storage = createLocalStorage(dir);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("writes three WebP files per photo and returns keys, sizes and positions", async () => {
    const images = [await solid(1200, 900).jpeg().toBuffer(), await solid(500, 700).png().toBuffer()];
    const stored = await storeListingImages({ storage, listingId, images });
    expect(stored).toHaveLength(2);
    expect(stored.map((s) => [s.position, s.width, s.height])).toEqual([
      [0, 1200, 900],
      [1, 500, 700],
    ]);
    for (const s of stored) {
      expect(s.storageKey).toMatch(new RegExp(`^public/listings/${listingId}/[a-f0-9]{16}$`));
      for (const variant of ["thumb", "card", "full"] as const) {
        const body = await storage.get(`${s.storageKey}-${variant}.webp`);
        expect(body && sniffImageType(body)).toBe("webp");
      }
    }
    expect(stored[0]!.storageKey).not.toBe(stored[1]!.storageKey);
    expect(filesOf()).toHaveLength(6);
    const name = stored[0]!.storageKey.split("/").pop();
    expect(imageVariantUrl(storage, stored[0]!.storageKey, "card")).toBe(
      `/media/listings/${listingId}/${name}-card.webp`,
    );
  });

  it("writes nothing when one of the photos is invalid", async () => {
    const images = [await solid(800, 600).jpeg().toBuffer(), Buffer.from("not a photo")];
    await expect(storeListingImages({ storage, listingId, images })).rejects.toBeInstanceOf(AppError);
    expect(filesOf()).toEqual([]);
  });

  it("removes only what it wrote when storage fails half-way", async () => {
    await storage.put(`public/listings/${listingId}/existing-card.webp`, Buffer.from("keep me"), "image/webp");
    let puts = 0;
    const flaky: Storage = {
      ...storage,
      put: async (key, body, type) => {
        if (++puts === 5) throw new Error("disk full");
        await storage.put(key, body, type);
      },
    };
    const images = [await solid(800, 600).jpeg().toBuffer(), await solid(800, 600).png().toBuffer()];
    await expect(storeListingImages({ storage: flaky, listingId, images, firstPosition: 1 })).rejects.toThrow(
      "disk full",
    );
    expect(puts).toBe(5);
    expect(filesOf()).toEqual(["existing-card.webp"]);
  });

  it("refuses more than five photos per listing", async () => {
    const one = await solid(100, 100).jpeg().toBuffer();
    await expect(storeListingImages({ storage, listingId, images: Array(6).fill(one) })).rejects.toMatchObject({
      title: "Too many images",
    });
    await expect(
      storeListingImages({ storage, listingId, images: [one, one], firstPosition: 4 }),
    ).rejects.toBeInstanceOf(AppError);
    expect(filesOf()).toEqual([]);
  });
});
