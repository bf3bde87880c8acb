/**
 * Server-side image pipeline: never trust the browser. The content decides
 * the type (magic bytes), the header is read before decoding (pixel limit),
 * photos are turned upright (.rotate()) and re-encoded to WebP variants, which
 * drops EXIF/GPS metadata.
 */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { AppError } from "./app-error.ts";
import type { Storage } from "./storage.server.ts";

export const MAX_INPUT_PIXELS = 40_000_000;
export const VARIANT_WIDTHS = { thumb: 400, card: 800, full: 1600 } as const;
export type Variant = keyof typeof VARIANT_WIDTHS;

export function sniffImageType(buf: Buffer): "jpeg" | "png" | "webp" | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return "jpeg";
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "png";
  if (buf.length >= 12 && buf.toString("ascii", 0, 4) === "RIFF" && buf.toString("ascii", 8, 12) === "WEBP") return "webp";
  return null;
}

export async function processListingImage(input: Buffer) {
  if (!sniffImageType(input)) {
    throw new AppError("BAD_REQUEST", "Invalid file", "Invalid file type. Please use JPEG, PNG, or WebP format.");
  }
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new AppError("BAD_REQUEST", "Image processing failed", "The image could not be read. Please choose another photo.");
  }
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new AppError("BAD_REQUEST", "Image too large", "The image has too many pixels. Please choose a smaller photo.");
  }
  const upright = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().toBuffer({ resolveWithObject: true });
  const variants = {} as Record<Variant, Buffer>;
  for (const [name, width] of Object.entries(VARIANT_WIDTHS) as [Variant, number][]) {
    variants[name] = await sharp(upright.data)
      .resize({ width, height: width, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  }
  return { width: upright.info.width, height: upright.info.height, variants };
}

export function variantKey(storageKey: string, variant: Variant) {
  return `${storageKey}-${variant}.webp`;
}

export function imageVariantUrl(storage: Storage, storageKey: string, variant: Variant) {
  return storage.publicUrl(variantKey(storageKey, variant));
}

/** Writes already-processed variants under the listing's folder. */
export async function writeVariants(options: {
  storage: Storage;
  listingId: string;
  variants: Record<Variant, Buffer>;
}) {
  const storageKey = `public/listings/${options.listingId}/${randomBytes(8).toString("hex")}`;
  for (const [name, body] of Object.entries(options.variants) as [Variant, Buffer][]) {
    await options.storage.put(variantKey(storageKey, name), body, "image/webp");
  }
  return storageKey;
}

/** Processes and stores a listing's photos; on any failure removes what it wrote. */
export async function storeListingImages(options: { storage: Storage; listingId: string; images: Buffer[] }) {
  const written: string[] = [];
  try {
    const stored = [];
    for (const [position, image] of options.images.entries()) {
      const processed = await processListingImage(image);
      const storageKey = await writeVariants({ storage: options.storage, listingId: options.listingId, variants: processed.variants });
      written.push(storageKey);
      stored.push({ storageKey, width: processed.width, height: processed.height, position });
    }
    return stored;
  } catch (error) {
    await options.storage.deletePrefix(`public/listings/${options.listingId}`);
    throw error;
  }
}
