/**
 * The machines picked for comparison in this browser: kept in localStorage so
 * the pick survives navigation and reloads (other tabs follow through the
 * `storage` event). On /compare the address wins: the page writes its machines
 * back here.
 */
import { useSyncExternalStore } from "react";
import { COMPARE_STORAGE_KEY, MAX_COMPARED, parseCompareIds } from "#app/domain/listing/compare-selection.ts";

const listeners = new Set<() => void>();
const NONE: string[] = [];
/** Where the pick lives when the browser refuses localStorage (private windows, storage full). */
let fallback = "";
let cachedRaw: string | undefined;
let cached: string[] = NONE;

function readRaw() {
  try {
    return localStorage.getItem(COMPARE_STORAGE_KEY) ?? "";
  } catch {
    return fallback;
  }
}

/** The picked ids (the same array until they change, as useSyncExternalStore needs). */
function snapshot(): string[] {
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parseCompareIds(raw);
  }
  return cached;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === COMPARE_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Replaces the pick (at most three, repeats and malformed ids dropped). */
export function setCompared(ids: readonly string[]) {
  const value = parseCompareIds(ids).join(",");
  if (value === readRaw()) return;
  fallback = value;
  try {
    localStorage.setItem(COMPARE_STORAGE_KEY, value);
  } catch {
    // kept in `fallback` for this page's life
  }
  listeners.forEach((l) => l());
}

export const clearCompared = () => setCompared([]);

/** Adds or removes a machine; a fourth is refused ("full") and nothing changes. */
export function toggleCompared(id: string): "added" | "removed" | "full" {
  const ids = snapshot();
  if (ids.includes(id)) {
    setCompared(ids.filter((x) => x !== id));
    return "removed";
  }
  if (ids.length >= MAX_COMPARED) return "full";
  setCompared([...ids, id]);
  return "added";
}

/** The picked ids; none on the server and before hydration. */
export function useComparedIds() {
  return useSyncExternalStore(subscribe, snapshot, () => NONE);
}
