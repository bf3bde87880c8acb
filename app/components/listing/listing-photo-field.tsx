/**
 * The photos field of the listing form. Without JavaScript it is the
 * browser's own file input; with JavaScript the chosen photos live in the
 * form's state (the field is emptied after each choice so the same photo can
 * be added again): a button and a line saying what was chosen stand in for
 * the browser's own "No file chosen", with previews to remove.
 */
import { ImagePlus, X } from "lucide-react";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { MAX_IMAGES } from "#app/domain/listing/image-rules.ts";
import type { Photo } from "./use-listing-photos.ts";

export function ListingPhotoField({
  hydrated,
  photos,
  processing,
  onAdd,
  onRemove,
}: {
  hydrated: boolean;
  photos: Photo[];
  processing: boolean;
  onAdd: (files: FileList | null) => void;
  onRemove: (id: string) => void;
}) {
  return (
    <div className="relative space-y-1.5">
      <Label htmlFor="listing-images">Photos * (up to 5: JPEG, PNG or WebP)</Label>
      <Input
        id="listing-images"
        type="file"
        name="images"
        multiple
        accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
        className={hydrated ? "peer sr-only h-px w-px" : undefined}
        aria-describedby={hydrated ? "listing-images-chosen" : undefined}
        onChange={(e) => {
          e.stopPropagation();
          if (!hydrated) return;
          onAdd(e.currentTarget.files);
          e.currentTarget.value = "";
        }}
      />
      {hydrated ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <label
            htmlFor="listing-images"
            className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-gray-300 bg-white px-4 text-sm font-medium shadow-sm hover:bg-gray-50 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2"
          >
            <ImagePlus className="size-4" aria-hidden /> {photos.length ? "Add more photos" : "Choose photos"}
          </label>
          <p id="listing-images-chosen" className="min-w-0 text-sm text-gray-700 wrap-anywhere" aria-live="polite">
            {photos.length === 0
              ? "No photos chosen yet."
              : `${photos.length} of ${MAX_IMAGES} photos chosen: ${photos.map((p) => p.file.name).join(", ")}`}
          </p>
        </div>
      ) : null}
      {processing ? <p className="text-sm text-gray-600">Processing photos…</p> : null}
      {photos.length ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Selected photos">
          {photos.map((p) => (
            <li key={p.id} className="relative">
              <img src={p.preview} alt={p.file.name} className="aspect-[4/3] w-full rounded object-cover" />
              <button
                type="button"
                onClick={() => onRemove(p.id)}
                aria-label={`Remove ${p.file.name}`}
                className="absolute right-1 top-1 rounded-full bg-black/60 p-1 text-white"
              >
                <X className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
