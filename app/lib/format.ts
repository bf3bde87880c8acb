/**
 * One place for money, dates and labels (docs/product.md#formats). Dates are shown in South African time so the
 * server-rendered text matches what the browser renders on hydration.
 */
import { CATEGORY_LABELS, CONDITION_LABELS, type Category, type Condition } from "#db/vocabulary.ts";

const TIME_ZONE = "Africa/Johannesburg";

const zar = new Intl.NumberFormat("en-ZA", { style: "currency", currency: "ZAR", maximumFractionDigits: 0 });

/** ZAR in the en-ZA format without decimals, e.g. "R 1 250 000" (group separators are no-break spaces). */
export function formatPrice(amount: number) {
  return zar.format(amount);
}

const wholeNumber = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** A count or a reading with comma groups, e.g. "6,200" (hours), "1,000" (results). */
export function formatWhole(n: number) {
  return wholeNumber.format(n);
}

const shortDate = new Intl.DateTimeFormat("en-ZA", { timeZone: TIME_ZONE });

/** Short date for catalogs, e.g. "2025/01/15". */
export function formatShortDate(value: Date | string) {
  return shortDate.format(new Date(value));
}

const longDate = new Intl.DateTimeFormat("en-ZA", {
  timeZone: TIME_ZONE,
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** A day written out, for e-mails and terms, e.g. "15 January 2025". */
export function formatLongDate(value: Date | string) {
  return longDate.format(new Date(value));
}

const dayAndTime = new Intl.DateTimeFormat("en-ZA", {
  timeZone: TIME_ZONE,
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** A moment on a user's own pages (sessions, consents, signed agreements), e.g. "15 January 2025 at 14:30". */
export function formatDateTime(value: Date | string) {
  return dayAndTime.format(new Date(value));
}

const adminDate = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

/** Long en-US date with hours and minutes for the admin area, e.g. "January 15, 2025 at 02:30 PM". */
export function formatAdminDate(value: Date | string) {
  return adminDate.format(new Date(value));
}

/** Display name of a category value; unknown or missing categories read "Uncategorized". */
export function categoryLabel(category: string | null | undefined) {
  return (
    (category && Object.hasOwn(CATEGORY_LABELS, category) && CATEGORY_LABELS[category as Category]) || "Uncategorized"
  );
}

/** A condition's short name and what it means, e.g. "Used — previously used, good condition"; unknown values as stored. */
export function conditionDescription(condition: string) {
  if (!Object.hasOwn(CONDITION_LABELS, condition)) return condition;
  const { label, meaning } = CONDITION_LABELS[condition as Condition];
  return `${label} — ${meaning}`;
}
