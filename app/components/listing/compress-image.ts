/**
 * Browser-side photo compression before upload (docs/product.md#limits): scale to the
 * device's maximum dimension and re-encode (WebP stays WebP, anything else
 * becomes JPEG). The server re-checks and re-encodes everything anyway.
 */
import { COMPRESSION, type Device } from "#app/domain/listing/image-rules.ts";

function withTimeout<T>(promise: Promise<T>, ms: number) {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("Image decode timed out")), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

export async function compressImage(file: File, device: Device): Promise<File> {
  const settings = COMPRESSION[device];
  const bitmap = await withTimeout(createImageBitmap(file, { imageOrientation: "from-image" }), settings.decodeTimeoutMs);
  const scale = Math.min(1, settings.maxDimension / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("Canvas is not available");
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const type = file.type === "image/webp" ? "image/webp" : "image/jpeg";
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, settings.quality));
  if (!blob) throw new Error("Image processing failed");
  const base = file.name.replace(/\.[^.]+$/, "");
  return new File([blob], `${base}.${type === "image/webp" ? "webp" : "jpg"}`, { type });
}

/** Upload with real progress: 0–90% while bytes go up, 100% once the server answered. */
export function uploadWithProgress(url: string, body: FormData, onProgress: (percent: number) => void) {
  return new Promise<{ status: number; json: unknown }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(90, Math.round((e.loaded / e.total) * 90)));
    };
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        json = null;
      }
      resolve({ status: xhr.status, json });
    };
    xhr.onerror = () => reject(new Error("network"));
    xhr.send(body);
  });
}
