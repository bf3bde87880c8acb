import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AppError } from "./app-error.ts";
import { processListingImage, sniffImageType } from "./images.server.ts";

async function photo(width: number, height: number, options: { orientation?: number } = {}) {
  let img = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 20 } } }).jpeg();
  if (options.orientation) img = img.withMetadata({ orientation: options.orientation, exif: { IFD0: { Artist: "GPS test" } } });
  return img.toBuffer();
}

describe("image pipeline", () => {
  it("knows a file by its content, not its name", async () => {
    expect(sniffImageType(await photo(10, 10))).toBe("jpeg");
    expect(sniffImageType(await sharp(await photo(10, 10)).png().toBuffer())).toBe("png");
    expect(sniffImageType(await sharp(await photo(10, 10)).webp().toBuffer())).toBe("webp");
    expect(sniffImageType(Buffer.from("<html>not an image</html>"))).toBeNull();
    // An ISO-BMFF HEIC header ("ftypheic") is not accepted.
    expect(sniffImageType(Buffer.from("0000001c667479706865696300000000", "hex"))).toBeNull();
  });

  it("refuses a non-image with the spec's message", async () => {
    const error = await processListingImage(Buffer.from("GIF89a....")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe("Invalid file type. Please use JPEG, PNG, or WebP format.");
  });

  it("turns photos upright, strips metadata and makes three WebP sizes", async () => {
    // 3000x2000 stored with EXIF orientation 6 (rotate 90°): upright it is 2000x3000.
    const out = await processListingImage(await photo(3000, 2000, { orientation: 6 }));
    expect(out.width).toBe(2000);
    expect(out.height).toBe(3000);
    for (const [name, max] of [["thumb", 400], ["card", 800], ["full", 1600]] as const) {
      const meta = await sharp(out.variants[name]).metadata();
      expect(meta.format).toBe("webp");
      expect(Math.max(meta.width!, meta.height!)).toBe(max);
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
    }
  });

  it("never enlarges a small photo", async () => {
    const out = await processListingImage(await photo(300, 200));
    expect((await sharp(out.variants.full).metadata()).width).toBe(300);
  });

  it("refuses an image with too many pixels before decoding it", async () => {
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const error = await processListingImage(huge).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
  });
});
