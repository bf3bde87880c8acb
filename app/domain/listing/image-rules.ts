/**
 * Photo rules (docs/product.md#limits), shared: the browser checks before compressing,
 * the server checks again on the bytes it receives.
 */
export const MAX_IMAGES = 5;
export const MAX_INPUT_BYTES = 25 * 1024 * 1024;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const ALLOWED_TYPES = ["image/jpeg", "image/jpg", "image/png", "image/webp"];
export const ALLOWED_EXTENSIONS = [".jpg", ".jpeg", ".png", ".webp"];

export type Device = "desktop" | "android" | "samsung";
export const COMPRESSION: Record<Device, { maxDimension: number; quality: number; decodeTimeoutMs: number }> = {
  desktop: { maxDimension: 1920, quality: 0.8, decodeTimeoutMs: 5000 },
  android: { maxDimension: 1600, quality: 0.75, decodeTimeoutMs: 5000 },
  samsung: { maxDimension: 1200, quality: 0.7, decodeTimeoutMs: 3000 },
};

export const IMAGE_MESSAGES = {
  heic: "HEIC format not supported. Please change your camera settings to JPEG or select JPEG images.",
  tooLarge: (mb: string) => `File too large (${mb} MB). Please choose a smaller photo.`,
  type: "Invalid file type. Please use JPEG, PNG, or WebP format.",
  extension: "Invalid file extension. Please use .jpg, .jpeg, .png, or .webp files.",
  tooManyTitle: "Too many images",
  // With no room left, "You can add 0 more right now." says nothing: the first sentence is enough.
  tooMany: (more: number) =>
    more > 0 ? `You can upload a maximum of 5 images. You can add ${more} more right now.` : "You can upload a maximum of 5 images.",
  stillTooLarge: (mb: string) => `Image is still too large after compression (${mb} MB). Please choose a smaller photo.`,
  none: "Please choose one or more images.",
} as const;

export const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

export function detectDevice(userAgent: string): Device {
  if (/SM-|Samsung|SAMSUNG/.test(userAgent)) return "samsung";
  if (/Android/i.test(userAgent)) return "android";
  return "desktop";
}

/** The first rule a selected file breaks, or null. */
export function checkSelectedImage(file: { name: string; type: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (/\.(heic|heif)$/.test(name) || /image\/hei[cf]/.test(file.type)) return IMAGE_MESSAGES.heic;
  if (file.size > MAX_INPUT_BYTES) return IMAGE_MESSAGES.tooLarge(megabytes(file.size));
  if (!ALLOWED_TYPES.includes(file.type)) return IMAGE_MESSAGES.type;
  if (!ALLOWED_EXTENSIONS.some((ext) => name.endsWith(ext))) return IMAGE_MESSAGES.extension;
  return null;
}

/** How many of `incoming` fit next to `current` (the excess is cut). */
export function fitImages(current: number, incoming: number) {
  const room = Math.max(0, MAX_IMAGES - current);
  return { accepted: Math.min(room, incoming), cut: Math.max(0, incoming - room), room };
}
