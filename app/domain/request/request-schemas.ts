/**
 * The buyer dashboard's request forms (docs/product.md#forms), shared by the
 * browser and the server. Messages are the spec's word for word where it has
 * one; `REQUEST_TITLES` gives each message its toast title.
 */
import { z } from "zod";
import { QUOTE_TYPES, type REQUEST_TYPES } from "#db/vocabulary.ts";
import { formatPrice } from "#app/lib/format.ts";
import { tooLong } from "#app/lib/text-limits.ts";
import { plainRand } from "#app/lib/rand-input.ts";
import { REQUEST_MESSAGE_MAX } from "./request-limits.ts";

export { REQUEST_MESSAGE_MAX };

export const TIME_ZONE = "Africa/Johannesburg";

/** Viewing times offered hourly 09:00 to 17:00 (docs/product.md#forms). */
export const VIEWING_TIMES = ["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"] as const;

export { QUOTE_TYPE_LABELS, REQUEST_STATUS_LABELS } from "#db/vocabulary.ts";

export const REQUEST_MESSAGES = {
  invalidOffer: "Offer amount must be a positive number.",
  offerDecimals: "Offer amount can have at most two decimal places.",
  offerTooLarge: "Offer amount is too large.",
  dateTimeRequired: "Please select both a preferred date and time.",
  pastDate: "Please choose today or a later date.",
  pastTime: "That time has already passed today. Please choose a later time or another day.",
  invalidTime: "Please choose a viewing time between 09:00 and 17:00.",
  quoteTypeRequired: "Please choose what the quote is for.",
  detailsRequired: "Please provide details for your quote request.",
  invalidListing: "Please choose a listing from the list.",
  listingUnavailable: "This listing is no longer available.",
  offerFailed: "Failed to submit offer. Please try again.",
  viewingFailed: "Failed to submit viewing request. Please try again.",
  quoteFailed: "Failed to submit quote request. Please try again.",
} as const;

/** The longest optional message a request carries: offers, viewings, quotes and purchase requests alike. */
export const REQUEST_MESSAGE_TOO_LONG = tooLong("Message", REQUEST_MESSAGE_MAX);

export const REQUEST_TITLES: Record<string, string> = {
  [REQUEST_MESSAGES.invalidOffer]: "Invalid Offer",
  [REQUEST_MESSAGES.offerDecimals]: "Invalid Offer",
  [REQUEST_MESSAGES.offerTooLarge]: "Invalid Offer",
  [REQUEST_MESSAGES.dateTimeRequired]: "Date and Time Required",
  [REQUEST_MESSAGES.pastDate]: "Invalid Date",
  [REQUEST_MESSAGES.invalidTime]: "Invalid Time",
  [REQUEST_MESSAGES.pastTime]: "Invalid Time",
  [REQUEST_MESSAGES.quoteTypeRequired]: "Quote Type Required",
  [REQUEST_MESSAGES.detailsRequired]: "Details Required",
  [REQUEST_MESSAGES.invalidListing]: "Invalid Listing",
  [REQUEST_MESSAGE_TOO_LONG]: "Message Too Long",
};

/** The product's failure toast for each request type (docs/product.md#messages). */
export const REQUEST_FAILURES: Record<(typeof REQUEST_TYPES)[number], string> = {
  offer: REQUEST_MESSAGES.offerFailed,
  viewing: REQUEST_MESSAGES.viewingFailed,
  quote: REQUEST_MESSAGES.quoteFailed,
};

/** Calendar date and 24-hour time in South Africa, one formatter for both helpers below. */
const johannesburgClock = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function johannesburgParts(now: Date) {
  const parts = johannesburgClock.formatToParts(now);
  return (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
}

/** Today's date (YYYY-MM-DD) in South Africa, the same on the server and in the browser. */
export function todayInJohannesburg(now: Date = new Date()) {
  const part = johannesburgParts(now);
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** The time of day (HH:MM, 24-hour) in South Africa. */
export function timeInJohannesburg(now: Date = new Date()) {
  const part = johannesburgParts(now);
  return `${part("hour")}:${part("minute")}`;
}

/** A real calendar day written YYYY-MM-DD (refuses 2025-02-30). */
function isCalendarDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const trimmedOrEmpty = (v: unknown) => (typeof v === "string" ? v.trim() : v);
const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined);

/** "No specific listing" is the empty option. */
const listingId = z.preprocess(emptyToUndefined, z.guid({ message: REQUEST_MESSAGES.invalidListing }).optional());
export const optionalMessage = z.preprocess(
  emptyToUndefined,
  z.string().max(REQUEST_MESSAGE_MAX, REQUEST_MESSAGE_TOO_LONG).optional(),
);

/**
 * Rand amounts as typed (`plainRand`: spaces and commas between thousands, a decimal comma or
 * point), at most two decimals; any other comma is refused rather than guessed.
 */
export const offerAmount = z.preprocess(
  (v) => (typeof v === "string" ? plainRand(v) : v),
  z
    .string({ message: REQUEST_MESSAGES.invalidOffer })
    .regex(/^\d+(\.\d+)?$/, REQUEST_MESSAGES.invalidOffer)
    .refine((v) => Number(v) > 0, REQUEST_MESSAGES.invalidOffer)
    .refine((v) => !/\.\d{3,}$/.test(v), REQUEST_MESSAGES.offerDecimals)
    // numeric(14,2): at most 12 digits before the point.
    .refine((v) => v.replace(/^0+(?=\d)/, "").split(".")[0]!.length <= 12, REQUEST_MESSAGES.offerTooLarge),
);

export const preferredDate = z.preprocess(
  trimmedOrEmpty,
  z
    .string({ message: REQUEST_MESSAGES.dateTimeRequired })
    .min(1, REQUEST_MESSAGES.dateTimeRequired)
    .refine(isCalendarDate, REQUEST_MESSAGES.dateTimeRequired)
    // Past dates cannot be chosen; "today" is South African time (docs/product.md#forms).
    .refine((v) => v >= todayInJohannesburg(), REQUEST_MESSAGES.pastDate),
);

export const preferredTime = z.preprocess(
  trimmedOrEmpty,
  z
    .string({ message: REQUEST_MESSAGES.dateTimeRequired })
    .min(1, REQUEST_MESSAGES.dateTimeRequired)
    .pipe(z.enum(VIEWING_TIMES, { message: REQUEST_MESSAGES.invalidTime })),
);

export const OfferRequestSchema = z.object({
  listingId,
  offerAmount,
  message: optionalMessage,
});

/**
 * Past dates not selectable: today's slots that have begun are past too (South African time; docs/product.md#forms).
 */
export function slotNotPast(v: { preferredDate: string; preferredTime: string }, ctx: z.RefinementCtx) {
  const now = new Date();
  if (v.preferredDate === todayInJohannesburg(now) && v.preferredTime <= timeInJohannesburg(now)) {
    ctx.addIssue({ code: "custom", path: ["preferredTime"], message: REQUEST_MESSAGES.pastTime });
  }
}

export const ViewingRequestSchema = z
  .object({ listingId, preferredDate, preferredTime, message: optionalMessage })
  .superRefine(slotNotPast);

export const QuoteRequestSchema = z.object({
  listingId,
  quoteType: z.preprocess(trimmedOrEmpty, z.enum(QUOTE_TYPES, { message: REQUEST_MESSAGES.quoteTypeRequired })),
  details: z.preprocess(
    trimmedOrEmpty,
    z.string({ message: REQUEST_MESSAGES.detailsRequired }).min(1, REQUEST_MESSAGES.detailsRequired).max(5000),
  ),
  message: optionalMessage,
});

/** One request of any type, as the domain receives it. */
export const UserRequestSchema = z.discriminatedUnion("requestType", [
  OfferRequestSchema.extend({ requestType: z.literal("offer") }),
  // safeExtend keeps the refinement (extend refuses a refined object).
  ViewingRequestSchema.safeExtend({ requestType: z.literal("viewing") }),
  QuoteRequestSchema.extend({ requestType: z.literal("quote") }),
]);

export type UserRequestInput = z.infer<typeof UserRequestSchema>;
export type RequestType = UserRequestInput["requestType"];

export const REQUEST_FORM_SCHEMAS = {
  offer: OfferRequestSchema,
  viewing: ViewingRequestSchema,
  quote: QuoteRequestSchema,
} as const;

const preciseZar = new Intl.NumberFormat("en-ZA", { style: "currency", currency: "ZAR", minimumFractionDigits: 2 });

/**
 * An offer amount for display: `formatPrice` (whole rand) unless there are cents, which an offer
 * may carry (two decimals allowed; docs/product.md#forms) and which must not be rounded away.
 */
export function formatOfferAmount(amount: string | number) {
  const n = Number(amount);
  return Number.isInteger(n) ? formatPrice(n) : preciseZar.format(n);
}

const preferredDateFormat = new Intl.DateTimeFormat("en-ZA", {
  timeZone: "UTC",
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** A preferred viewing day (a calendar date, no time zone), e.g. "Fri, 14 Mar 2025". */
export function formatPreferredDate(date: string) {
  return preferredDateFormat.format(new Date(`${date}T00:00:00Z`));
}
