/**
 * Server-side image pipeline: never trust the browser. The content decides
 * the type (magic bytes), the header is read before anything is decoded
 * (pixel limit), photos are turned upright (.rotate()) and re-encoded to WebP
 * variants, which drops EXIF/GPS metadata (sharp's default).
 */
import { randomBytes } from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { AppError } from "./app-error.ts";
import type { Storage } from "./storage.server.ts";

export const ACCEPTED_IMAGE_TYPES = ["jpeg", "png", "webp"] as const;
export type ImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];
/** Refuse anything above 40 megapixels before decoding it (sharp's default is 268 MP). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Longest side of each stored variant; smaller photos are never enlarged. */
export const VARIANT_WIDTHS = { thumb: 400, card: 800, full: 1600 } as const;
export type Variant = keyof typeof VARIANT_WIDTHS;
export const VARIANTS = Object.keys(VARIANT_WIDTHS) as Variant[];
export const WEBP_QUALITY = 80;
/** listing_images.position is 0..4 (at most 5 photos; docs/product.md#limits). */
export const MAX_IMAGES_PER_LISTING = 5;
export const INVALID_IMAGE_TYPE_MESSAGE = "Invalid file type. Please use JPEG, PNG, or WebP format.";

export type ProcessedImage = {
  /** Upright size of the original. */
  width: number;
  height: number;
  variants: Record<Variant, Buffer>;
};

export type StoredImage = { storageKey: string; width: number; height: number; position: number };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type the bytes themselves declare (never the file name or the browser's MIME type). */
export function sniffImageType(buf: Buffer): ImageType | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return "jpeg";
  if (buf.length >= 8 && buf.subarray(0, 8).equals(PNG_SIGNATURE)) return "png";
  if (buf.length >= 12 && buf.toString("latin1", 0, 4) === "RIFF" && buf.toString("latin1", 8, 12) === "WEBP") {
    return "webp";
  }
  return null;
}

const invalidType = () => new AppError("BAD_REQUEST", "Invalid file", INVALID_IMAGE_TYPE_MESSAGE);
const tooManyPixels = () =>
  new AppError(
    "BAD_REQUEST",
    "Image too large",
    `The image has too many pixels (over ${MAX_INPUT_PIXELS / 1_000_000} megapixels). Please choose a smaller photo.`,
  );
const unreadable = () =>
  new AppError("BAD_REQUEST", "Invalid file", "The image could not be read. Please choose another photo.");

export async function processListingImage(input: Buffer): Promise<ProcessedImage> {
  if (!sniffImageType(input)) throw invalidType();

  // Header only: nothing is decoded yet.
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels();
    throw unreadable();
  }
  if (!meta.width || !meta.height) throw unreadable();
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooManyPixels();
  // Size once EXIF orientation is applied (5-8 swap width and height).
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;

  const upright = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  try {
    // One variant at a time: a predictable memory peak in the request path.
    const variants = {} as Record<Variant, Buffer>;
    for (const variant of VARIANTS) {
      const size = VARIANT_WIDTHS[variant];
      variants[variant] = await upright
        .clone()
        .resize({ width: size, height: size, fit: "inside", withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer();
    }
    return { width, height, variants };
  } catch {
    // A valid header over corrupt or truncated data.
    throw unreadable();
  }
}

export function variantKey(storageKey: string, variant: Variant) {
  return `${storageKey}-${variant}.webp`;
}

export function imageVariantUrl(storage: Storage, storageKey: string, variant: Variant) {
  return storage.publicUrl(variantKey(storageKey, variant));
}

/**
 * Processes a listing's photos (all of them first, so a bad file writes
 * nothing), then writes `public/listings/<listingId>/<random>-{thumb,card,full}.webp`.
 * On any failure removes exactly the files it wrote and rethrows.
 */
export async function storeListingImages(options: {
  storage: Storage;
  listingId: string;
  images: Buffer[];
  /** Position of the first image (when adding to a listing that has photos). */
  firstPosition?: number;
}): Promise<StoredImage[]> {
  const { storage, listingId, images } = options;
  const firstPosition = options.firstPosition ?? 0;
  if (!/^[A-Za-z0-9-]+$/.test(listingId)) throw new Error(`Invalid listing id: ${listingId}`);
  if (firstPosition < 0 || firstPosition + images.length > MAX_IMAGES_PER_LISTING) {
    throw new AppError(
      "BAD_REQUEST",
      "Too many images",
      `You can upload a maximum of ${MAX_IMAGES_PER_LISTING} images.`,
    );
  }

  const processed: ProcessedImage[] = [];
  for (const image of images) processed.push(await processListingImage(image));

  const written: string[] = [];
  try {
    const stored: StoredImage[] = [];
    for (const [index, image] of processed.entries()) {
      const storageKey = `public/listings/${listingId}/${randomBytes(8).toString("hex")}`;
      for (const variant of VARIANTS) {
        const key = variantKey(storageKey, variant);
        written.push(key);
        await storage.put(key, image.variants[variant], "image/webp");
      }
      stored.push({ storageKey, width: image.width, height: image.height, position: firstPosition + index });
    }
    return stored;
  } catch (error) {
    await Promise.allSettled(written.map((key) => storage.delete(key)));
    throw error;
  }
}
