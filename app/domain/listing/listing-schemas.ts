/**
 * The create-listing form and the admin edit form (docs/product.md#forms), shared by the
 * browser and the server, with the spec's messages.
 */
import { z } from "zod";
import { CATEGORIES, CONDITIONS } from "#db/vocabulary.ts";
import {
  ATTACHMENT_MAX_LENGTH,
  EARLIEST_YEAR,
  latestYear,
  MAX_ATTACHMENTS,
  splitAttachments,
  suggestedTitle,
  usageMeter,
  VAT_MODES,
  type MachineSpecs,
} from "./machine-specs.ts";

export type { MachineSpecs };
import { normaliseMake, OTHER_MAKE } from "./makes.ts";
import { plainRand } from "#app/lib/rand-input.ts";

export const LISTING_MESSAGES = {
  missing: "Please fill in all required fields.",
  price: "Price must be greater than 0.",
  priceNumber: "Price must be a number of rand, such as 1 250 000.",
  type: "Listing must be marked as either Urgent or Bargain (or both).",
  adminPrice: "Price must be a number of at least 0.",
  priceDecimals: "Price can have at most two decimal places.",
  priceTooLarge: "Price is too large.",
  year: `Year must be between ${EARLIEST_YEAR} and ${latestYear()}.`,
  hours: "Hours must be a whole number.",
  km: "Kilometres must be a whole number.",
  hoursTooLarge: "Hours must be at most 500,000.",
  kmTooLarge: "Kilometres must be at most 5,000,000.",
  makeOther: "Please type the make, or choose it from the list.",
  makeLength: "Make can be at most 40 characters.",
  modelLength: "Model can be at most 60 characters.",
  serial: "Serial number may hold only letters, digits, spaces, dashes, dots and slashes (at most 40 characters).",
  weight: "Operating weight must be a whole number of kilograms (at most 1,000,000).",
  power: "Power must be a whole number of kilowatts (at most 20,000).",
  attachments: `List at most ${MAX_ATTACHMENTS} attachments or extras, each up to ${ATTACHMENT_MAX_LENGTH} characters.`,
  vat: "Please choose how the price stands to VAT.",
} as const;

export const LISTING_TITLES: Record<string, string> = {
  [LISTING_MESSAGES.missing]: "Missing required fields",
  [LISTING_MESSAGES.price]: "Invalid price",
  [LISTING_MESSAGES.priceNumber]: "Invalid price",
  [LISTING_MESSAGES.priceDecimals]: "Invalid price",
  [LISTING_MESSAGES.priceTooLarge]: "Invalid price",
  [LISTING_MESSAGES.type]: "Listing type required",
  ...Object.fromEntries(
    (
      [
        "year",
        "hours",
        "km",
        "hoursTooLarge",
        "kmTooLarge",
        "makeOther",
        "makeLength",
        "modelLength",
        "serial",
        "weight",
        "power",
        "attachments",
        "vat",
      ] as const
    ).map((k) => [LISTING_MESSAGES[k], "Invalid machine details"]),
  ),
};

const text = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ message: LISTING_MESSAGES.missing }).min(1, LISTING_MESSAGES.missing).max(max),
  );
const flag = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());
/**
 * Rand amounts as typed (`plainRand`: spaces and commas between thousands, a decimal comma or
 * point), up to 2 decimals, at most 12 digits before the point (the column is numeric(14,2));
 * each way of being wrong says which.
 */
const money = (notANumber: string, belowZero: string = notANumber) =>
  z.preprocess(
    (v) => (typeof v === "string" ? plainRand(v) : v),
    z
      .string({ message: LISTING_MESSAGES.missing })
      .min(1, LISTING_MESSAGES.missing)
      .refine((v) => !/^-\d+(\.\d+)?$/.test(v), belowZero)
      .regex(/^\d+(\.\d+)?$/, notANumber)
      .refine((v) => !/\.\d{3,}$/.test(v), LISTING_MESSAGES.priceDecimals)
      .refine((v) => v.replace(/^0+(?=\d)/, "").split(".")[0]!.length <= 12, LISTING_MESSAGES.priceTooLarge),
  );

/** A seller's price, above 0: the create form's and the dashboard's price change. */
const sellerPrice = money(LISTING_MESSAGES.priceNumber, LISTING_MESSAGES.price).refine(
  (v) => Number(v) > 0,
  LISTING_MESSAGES.price,
);

/** An optional field: trimmed, "" → null. */
const optionalText = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() ? v.replace(/\s+/g, " ").trim() : null),
    z.string().max(max, message).nullable(),
  );
/**
 * "" → null; a number (the API may send one) → its digits; typed, read like an amount (`plainRand`):
 * spaces and commas between thousands dropped, a decimal comma kept as a point for the checks to
 * refuse ("6,5" is not 65 hours).
 */
const wholeText = (v: unknown) =>
  typeof v === "number" ? String(v) : typeof v === "string" ? (v.trim() ? plainRand(v) : null) : (v ?? null);

/** An optional whole number, typed with or without group separators ("6 200", "6,200"). */
const optionalWhole = (message: string, max: number) =>
  z.preprocess(
    wholeText,
    z
      .string({ message })
      .regex(/^\d{1,9}$/, message)
      .transform(Number)
      .refine((n) => n <= max, message)
      .nullable(),
  );

/**
 * The machine's details (make, model, year, usage, serial, weight, power, attachments, VAT), all optional,
 * shared by the create form and the admin's edit form. `make` comes from the list or, as "other", from `makeOther`.
 */
const machineSpecsShape = {
  make: optionalText(40, LISTING_MESSAGES.makeLength),
  makeOther: optionalText(40, LISTING_MESSAGES.makeLength),
  model: optionalText(60, LISTING_MESSAGES.modelLength),
  year: z.preprocess(
    wholeText,
    z
      .string({ message: LISTING_MESSAGES.year })
      .regex(/^\d{4}$/, LISTING_MESSAGES.year)
      .transform(Number)
      .refine((y) => y >= EARLIEST_YEAR && y <= latestYear(), LISTING_MESSAGES.year)
      .nullable(),
  ),
  /** Hours or kilometres, as the category's meter counts (checked with the category below). */
  usage: z.preprocess(wholeText, z.string().nullable()),
  serial: optionalText(40, LISTING_MESSAGES.serial).refine(
    (v) => v === null || /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/.test(v),
    LISTING_MESSAGES.serial,
  ),
  weightKg: optionalWhole(LISTING_MESSAGES.weight, 1_000_000),
  powerKw: optionalWhole(LISTING_MESSAGES.power, 20_000),
  attachments: z.preprocess(
    (v) => (typeof v === "string" ? splitAttachments(v) : Array.isArray(v) ? v : []),
    z
      .array(z.string().max(ATTACHMENT_MAX_LENGTH, LISTING_MESSAGES.attachments))
      .max(MAX_ATTACHMENTS, LISTING_MESSAGES.attachments),
  ),
  vat: z.preprocess(
    (v) => (v === "" || v == null ? null : v),
    z.enum(VAT_MODES, { message: LISTING_MESSAGES.vat }).nullable(),
  ),
};

type RawSpecs = {
  category: string;
  make: string | null;
  makeOther: string | null;
  usage: string | null;
};

/** Checks the usage against the category's meter and settles the make; adds issues to `ctx`. */
function checkSpecs(data: RawSpecs, ctx: z.RefinementCtx) {
  if (data.make === OTHER_MAKE && !data.makeOther) {
    ctx.addIssue({ code: "custom", path: ["makeOther"], message: LISTING_MESSAGES.makeOther });
  }
  const meter = usageMeter(data.category);
  if (data.usage === null || meter === "none") return;
  const whole = /^\d{1,9}$/.test(data.usage);
  const max = meter === "km" ? 5_000_000 : 500_000;
  if (!whole)
    ctx.addIssue({
      code: "custom",
      path: ["usage"],
      message: meter === "km" ? LISTING_MESSAGES.km : LISTING_MESSAGES.hours,
    });
  else if (Number(data.usage) > max) {
    ctx.addIssue({
      code: "custom",
      path: ["usage"],
      message: meter === "km" ? LISTING_MESSAGES.kmTooLarge : LISTING_MESSAGES.hoursTooLarge,
    });
  }
}

/** The details as stored: one make name, usage only where the category has a meter. */
function settleSpecs<T extends RawSpecs>(data: T) {
  const { makeOther, ...rest } = data;
  const make = data.make === OTHER_MAKE ? normaliseMake(makeOther) : normaliseMake(data.make);
  const usage = usageMeter(data.category) === "none" || data.usage === null ? null : Number(data.usage);
  return { ...rest, make, usage };
}

/**
 * An empty title becomes the one the details suggest ("2019 Caterpillar 320D"), so a seller who filled
 * in make, model or year need not type it again; with none of them the title stays required.
 */
function withSuggestedTitle(raw: unknown) {
  if (!raw || typeof raw !== "object") return raw;
  const r = raw as Record<string, unknown>;
  if (typeof r.title === "string" && r.title.trim()) return raw;
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  const make = r.make === OTHER_MAKE ? normaliseMake(str(r.makeOther)) : normaliseMake(str(r.make));
  const title = suggestedTitle({ year: str(r.year), make, model: str(r.model) }).slice(0, 120);
  return title ? { ...r, title } : raw;
}

const createListingObject = z
  .object({
    title: text(120),
    description: text(5000),
    category: z.enum(CATEGORIES, { message: LISTING_MESSAGES.missing }),
    condition: z.enum(CONDITIONS, { message: LISTING_MESSAGES.missing }),
    price: sellerPrice,
    location: z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().max(120)),
    isUrgent: flag,
    isBargain: flag,
    ...machineSpecsShape,
  })
  .superRefine((data, ctx) => {
    if (!data.isUrgent && !data.isBargain) {
      ctx.addIssue({ code: "custom", path: ["isUrgent"], message: LISTING_MESSAGES.type });
    }
    checkSpecs(data, ctx);
  })
  .transform(settleSpecs);

export const CreateListingSchema = z.preprocess(withSuggestedTitle, createListingObject);

export type CreateListingInput = z.infer<typeof CreateListingSchema>;

export const AdminEditListingSchema = z
  .object({
    title: text(120),
    description: z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().max(5000)),
    price: money(LISTING_MESSAGES.adminPrice),
    // An unknown category falls back to excavators (docs/product.md#forms).
    category: z.preprocess(
      (v) => ((CATEGORIES as readonly string[]).includes(String(v)) ? v : "excavators"),
      z.enum(CATEGORIES),
    ),
    isUrgent: flag,
    isBargain: flag,
    ...machineSpecsShape,
  })
  .superRefine(checkSpecs)
  .transform(settleSpecs);

export type AdminEditListingInput = z.infer<typeof AdminEditListingSchema>;

/** The columns to write for the details given (missing ones are empty). */
export function machineSpecValues(input: Partial<MachineSpecs>): MachineSpecs {
  return {
    make: input.make ?? null,
    model: input.model ?? null,
    year: input.year ?? null,
    usage: input.usage ?? null,
    serial: input.serial ?? null,
    weightKg: input.weightKg ?? null,
    powerKw: input.powerKw ?? null,
    attachments: input.attachments ?? [],
    vat: input.vat ?? null,
  };
}

/** The seller's price change (dashboard): which listing, and the new price (above 0, as on the create form). */
export const ChangePriceSchema = z.object({
  listingId: z.string({ message: LISTING_MESSAGES.missing }).uuid(LISTING_MESSAGES.missing),
  price: sellerPrice,
});
