import sharp from "sharp";

/** A real photo (JPEG) of a given colour, for uploads. */
export async function jpeg(color: { r: number; g: number; b: number }, width = 1600, height = 1200) {
  return sharp({ create: { width, height, channels: 3, background: color } }).jpeg({ quality: 80 }).toBuffer();
}
