/**
 * The photos chosen for a new listing: each one checked, compressed for the
 * device and previewed in the browser before upload (docs/product.md#forms, #limits).
 */
import { useState } from "react";
import { toast } from "#app/components/ui/toast.ts";
import {
  checkSelectedImage,
  fitImages,
  IMAGE_MESSAGES,
  MAX_UPLOAD_BYTES,
  megabytes,
  type Device,
} from "#app/domain/listing/image-rules.ts";
import { compressImage } from "./compress-image.ts";

export type Photo = { id: string; file: File; preview: string };

/** Checks and compresses one chosen file; null (with a toast saying why) when it cannot be used. */
async function preparePhoto(file: File, device: Device): Promise<Photo | null> {
  const problem = checkSelectedImage(file);
  if (problem) {
    toast.error("Image processing failed", { description: `${file.name}: ${problem}` });
    return null;
  }
  try {
    const compressed = await compressImage(file, device);
    if (compressed.size > MAX_UPLOAD_BYTES) {
      toast.error("Image processing failed", {
        description: IMAGE_MESSAGES.stillTooLarge(megabytes(compressed.size)),
      });
      return null;
    }
    return { id: crypto.randomUUID(), file: compressed, preview: URL.createObjectURL(compressed) };
  } catch {
    toast.error("Processing failed", {
      description:
        device === "samsung"
          ? "Please try smaller photos or JPEG images — Samsung devices handle them best."
          : `${file.name} could not be processed. Please try a smaller or JPEG image.`,
    });
    return null;
  }
}

/** `kept`: how many stored photos the listing keeps (the edit form), counted against the five. */
export function useListingPhotos(device: Device, kept = 0) {
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [processing, setProcessing] = useState(false);

  async function addFiles(list: FileList | null) {
    if (!list || list.length === 0) {
      toast.error("No file selected", { description: IMAGE_MESSAGES.none });
      return;
    }
    const files = Array.from(list);
    const { accepted, cut, room } = fitImages(kept + photos.length, files.length);
    if (cut > 0) toast.error(IMAGE_MESSAGES.tooManyTitle, { description: IMAGE_MESSAGES.tooMany(room) });
    setProcessing(true);
    const added: Photo[] = [];
    for (const file of files.slice(0, accepted)) {
      const photo = await preparePhoto(file, device);
      if (photo) added.push(photo);
      if (device !== "desktop") await new Promise((r) => setTimeout(r, 50));
    }
    setProcessing(false);
    if (added.length) {
      setPhotos((current) => [...current, ...added]);
      toast.success("Images processed", { description: `${added.length} photo(s) ready to upload.` });
    }
  }

  function removePhoto(id: string) {
    setPhotos((current) => {
      const photo = current.find((p) => p.id === id);
      if (photo) URL.revokeObjectURL(photo.preview);
      return current.filter((p) => p.id !== id);
    });
  }

  function clearPhotos() {
    photos.forEach((p) => URL.revokeObjectURL(p.preview));
    setPhotos([]);
  }

  return { photos, processing, addFiles, removePhoto, clearPhotos };
}
