/**
 * The limits of "Download my data" (docs/privacy.md#downloading-your-data), shared by the page, the
 * domain and the e-mail: one copy prepared at a time, a few a day, each downloadable for a day.
 */
import { PRODUCT_NAME } from "#app/lib/brand.ts";

/** Copies a user may ask for in any 24 hours (failed ones do not count). */
export const EXPORTS_PER_DAY = 3;
/** How long a prepared copy can be downloaded; then its file and row are removed. */
export const EXPORT_VALID_HOURS = 24;
/** A copy still not prepared after this long is given up as failed (its run died). */
export const EXPORT_STALE_MINUTES = 60;

export const ALREADY_PREPARING = "Your data is already being prepared. We will tell you as soon as it is ready.";
export const TOO_MANY_EXPORTS = `You can ask for a copy of your data ${EXPORTS_PER_DAY} times in 24 hours. Please try again tomorrow; a copy that is ready stays available for ${EXPORT_VALID_HOURS} hours.`;
export const EXPORT_GONE = `This download has expired: a copy of your data is kept for ${EXPORT_VALID_HOURS} hours. You can prepare a new one.`;

/** Where a prepared copy is stored (private: only its owner downloads it, through the app). */
export const exportStorageKey = (userId: string, exportId: string) => `private/exports/${userId}/${exportId}.zip`;

const day = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Africa/Johannesburg",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The downloaded file's name, e.g. "dealequip-data-2026-03-14.zip" (the day it was prepared, South African time). */
export function exportFileName(readyAt: Date | string) {
  return `${PRODUCT_NAME.toLowerCase()}-data-${day.format(new Date(readyAt))}.zip`;
}

const moment = new Intl.DateTimeFormat("en-ZA", {
  timeZone: "Africa/Johannesburg",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

/** A moment as the page and the e-mail say it, e.g. "14 March 2026 at 09:30" (South African time). */
export function formatExportTime(value: Date | string) {
  const parts = Object.fromEntries(moment.formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  return `${parts.day} ${parts.month} ${parts.year} at ${parts.hour}:${parts.minute}`;
}

/** "2.4 MB", "310 KB". */
export function formatSize(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
