/**
 * The photos a seller's edit keeps, in order (the first is the cover), from the edit form's fields:
 * `photoOrder` lists the photos kept, each a current photo's token (the last part of its storage
 * key) or a new file ("new:0" for the first file sent); `removePhoto` names current photos to drop
 * (the form without JavaScript: a checkbox per photo); `coverPhoto` moves one to the front. New
 * files the order does not mention come last. Shared by the browser and the server.
 */
import { IMAGE_MESSAGES, MAX_IMAGES } from "./image-rules.ts";

export type PlannedPhoto = { kind: "current"; token: string } | { kind: "new"; index: number };

export const NEW_PHOTO_PREFIX = "new:";

/** The token a stored photo goes by in the edit form. */
export function photoToken(storageKey: string) {
  return storageKey.slice(storageKey.lastIndexOf("/") + 1);
}

export function planPhotos(options: {
  /** The tokens of the photos the listing (or its pending changes) has now, in order. */
  current: readonly string[];
  order: readonly string[];
  remove: readonly string[];
  cover: string | null;
  /** How many new files were sent. */
  newCount: number;
}): { photos: PlannedPhoto[] } | { error: string; title: string } {
  const { current, remove, cover, newCount } = options;
  const known = new Set(current);
  const seen = new Set<string>();
  const planned: PlannedPhoto[] = [];
  const unknown = {
    error: "One of the photos is no longer part of this listing. Please reload the page.",
    title: "Photos changed",
  };
  for (const token of options.order) {
    if (seen.has(token)) continue;
    seen.add(token);
    if (token.startsWith(NEW_PHOTO_PREFIX)) {
      const index = Number(token.slice(NEW_PHOTO_PREFIX.length));
      if (!Number.isInteger(index) || index < 0 || index >= newCount) return unknown;
      planned.push({ kind: "new", index });
    } else {
      if (!known.has(token)) return unknown;
      if (!remove.includes(token)) planned.push({ kind: "current", token });
    }
  }
  for (let index = 0; index < newCount; index++) {
    if (!seen.has(`${NEW_PHOTO_PREFIX}${index}`)) planned.push({ kind: "new", index });
  }
  if (cover) {
    const at = planned.findIndex((p) => (p.kind === "current" ? p.token : `${NEW_PHOTO_PREFIX}${p.index}`) === cover);
    if (at > 0) planned.unshift(...planned.splice(at, 1));
  }
  if (planned.length === 0) return { error: IMAGE_MESSAGES.none, title: "No file selected" };
  if (planned.length > MAX_IMAGES) return { error: IMAGE_MESSAGES.tooMany(0), title: IMAGE_MESSAGES.tooManyTitle };
  return { photos: planned };
}
