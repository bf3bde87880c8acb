/**
 * The photos field of the edit form: the listing's photos and any new ones, in order (the first is
 * the cover), at most five. Without JavaScript each current photo has a Remove checkbox and a Cover
 * choice, and new files are added with the browser's own file input (they come last). With
 * JavaScript photos are removed, moved and made the cover in place, and new ones are checked and
 * compressed in the browser first (`use-listing-photos.ts`); `photoFormData` writes the order the
 * server reads (app/domain/listing/photo-plan.ts).
 */
import { ArrowLeft, ArrowRight, ImagePlus, Star, X } from "lucide-react";
import { useState } from "react";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { MAX_IMAGES } from "#app/domain/listing/image-rules.ts";
import { NEW_PHOTO_PREFIX } from "#app/domain/listing/photo-plan.ts";
import type { Photo } from "./use-listing-photos.ts";

export type StoredPhoto = { token: string; url: string };
type Item = { key: string; url: string; name: string };

/** The order of the photos on the page: a stored photo's token, or "n:" and a new photo's id. */
export function useEditPhotoOrder(stored: StoredPhoto[]) {
  const [order, setOrder] = useState(() => stored.map((p) => p.token));
  const move = (key: string, by: number) =>
    setOrder((o) => {
      const at = o.indexOf(key);
      const to = at + by;
      if (at < 0 || to < 0 || to >= o.length) return o;
      const next = [...o];
      next.splice(to, 0, ...next.splice(at, 1));
      return next;
    });
  return {
    order,
    /** New photos join at the end; removed ones leave. */
    sync(photos: Photo[]) {
      setOrder((o) => {
        const ids = new Set(photos.map((p) => `n:${p.id}`));
        const kept = o.filter((k) => !k.startsWith("n:") || ids.has(k));
        return [...kept, ...photos.map((p) => `n:${p.id}`).filter((k) => !kept.includes(k))];
      });
    },
    remove: (key: string) => setOrder((o) => o.filter((k) => k !== key)),
    move,
    makeCover: (key: string) => setOrder((o) => [key, ...o.filter((k) => k !== key)]),
  };
}

/** Writes the photos into the form data in the order shown: stored ones by token, new files as "new:<n>". */
export function photoFormData(data: FormData, order: string[], photos: Photo[]) {
  data.delete("images");
  data.delete("photoOrder");
  data.delete("removePhoto");
  data.delete("coverPhoto");
  let next = 0;
  for (const key of order) {
    if (key.startsWith("n:")) {
      const photo = photos.find((p) => `n:${p.id}` === key);
      if (!photo) continue;
      data.append("images", photo.file, photo.file.name);
      data.append("photoOrder", `${NEW_PHOTO_PREFIX}${next++}`);
    } else data.append("photoOrder", key);
  }
}

export function EditPhotoField({
  hydrated,
  stored,
  photos,
  order,
  processing,
  onAdd,
  onRemove,
  onMove,
  onCover,
}: {
  hydrated: boolean;
  stored: StoredPhoto[];
  photos: Photo[];
  order: string[];
  processing: boolean;
  onAdd: (files: FileList | null) => void;
  onRemove: (key: string) => void;
  onMove: (key: string, by: number) => void;
  onCover: (key: string) => void;
}) {
  const items: Item[] = hydrated
    ? order.flatMap((key): Item[] => {
        if (key.startsWith("n:")) {
          const p = photos.find((x) => `n:${x.id}` === key);
          return p ? [{ key, url: p.preview, name: p.file.name }] : [];
        }
        const s = stored.find((x) => x.token === key);
        return s ? [{ key, url: s.url, name: "" }] : [];
      })
    : stored.map((s) => ({ key: s.token, url: s.url, name: "" }));
  const room = MAX_IMAGES - items.length;
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Photos * (up to 5: JPEG, PNG or WebP; the first is the cover)</legend>
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label="Listing photos">
        {items.map((item, i) => {
          const label = item.name ? `New photo ${item.name}` : `Photo ${i + 1}`;
          return (
            <li key={item.key} className="space-y-1">
              <div className="relative">
                <img src={item.url} alt={label} className="aspect-[4/3] w-full rounded object-cover" />
                {i === 0 ? (
                  <span className="absolute left-1 top-1 rounded bg-black/70 px-1.5 text-xs text-white">Cover</span>
                ) : null}
                {hydrated ? (
                  <button
                    type="button"
                    onClick={() => onRemove(item.key)}
                    aria-label={`Remove ${label}`}
                    title={`Remove ${label}`}
                    className="absolute right-1 top-1 inline-flex size-8 items-center justify-center rounded-full bg-black/70 text-white"
                  >
                    <X className="size-4" />
                  </button>
                ) : null}
              </div>
              {!hydrated ? <input type="hidden" name="photoOrder" value={item.key} /> : null}
              {hydrated ? (
                <div className="flex flex-wrap gap-1">
                  <IconButton label={`Move ${label} earlier`} disabled={i === 0} onClick={() => onMove(item.key, -1)}>
                    <ArrowLeft className="size-4" />
                  </IconButton>
                  <IconButton
                    label={`Move ${label} later`}
                    disabled={i === items.length - 1}
                    onClick={() => onMove(item.key, 1)}
                  >
                    <ArrowRight className="size-4" />
                  </IconButton>
                  <IconButton label={`Make ${label} the cover`} disabled={i === 0} onClick={() => onCover(item.key)}>
                    <Star className="size-4" />
                  </IconButton>
                </div>
              ) : (
                <div className="space-y-1 text-sm">
                  <label className="flex items-center gap-2">
                    <input type="checkbox" name="removePhoto" value={item.key} className="size-4" /> Remove
                  </label>
                  <label className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="coverPhoto"
                      value={item.key}
                      defaultChecked={i === 0}
                      className="size-4"
                    />{" "}
                    Cover
                  </label>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <div className="space-y-1.5">
        <Label htmlFor="listing-images">{room > 0 ? `Add photos (room for ${room} more)` : "Add photos"}</Label>
        <Input
          id="listing-images"
          type="file"
          name="images"
          multiple
          accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
          className={hydrated ? "peer sr-only h-px w-px" : undefined}
          disabled={hydrated && room <= 0}
          onChange={(e) => {
            e.stopPropagation();
            if (!hydrated) return;
            onAdd(e.currentTarget.files);
            e.currentTarget.value = "";
          }}
        />
        {hydrated ? (
          <label
            htmlFor="listing-images"
            aria-disabled={room <= 0}
            className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-gray-300 bg-white px-4 text-sm font-medium shadow-sm hover:bg-gray-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2"
          >
            <ImagePlus className="size-4" aria-hidden /> Choose photos
          </label>
        ) : null}
        <p className="text-sm text-gray-700" aria-live="polite">
          {items.length} of {MAX_IMAGES} photos.
        </p>
        {processing ? <p className="text-sm text-gray-600">Processing photos…</p> : null}
      </div>
    </fieldset>
  );
}

function IconButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex size-9 items-center justify-center rounded-md border border-gray-300 bg-white hover:bg-gray-50 disabled:opacity-40"
    >
      {children}
    </button>
  );
}
