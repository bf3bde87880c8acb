/**
 * The create-listing form and the admin edit form (docs/product.md#forms), shared by the
 * browser and the server, with the spec's messages.
 */
import { z } from "zod";
import { CATEGORIES, CONDITIONS } from "#db/vocabulary.ts";

export const LISTING_MESSAGES = {
  missing: "Please fill in all required fields.",
  price: "Price must be greater than 0.",
  type: "Listing must be marked as either Urgent or Bargain (or both).",
  adminPrice: "Price must be a number of at least 0.",
  priceDecimals: "Price can have at most two decimal places.",
  priceTooLarge: "Price is too large.",
} as const;

export const LISTING_TITLES: Record<string, string> = {
  [LISTING_MESSAGES.missing]: "Missing required fields",
  [LISTING_MESSAGES.price]: "Invalid price",
  [LISTING_MESSAGES.priceDecimals]: "Invalid price",
  [LISTING_MESSAGES.priceTooLarge]: "Invalid price",
  [LISTING_MESSAGES.type]: "Listing type required",
};

const text = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ message: LISTING_MESSAGES.missing }).min(1, LISTING_MESSAGES.missing).max(max),
  );
const flag = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());
/**
 * Rand amounts: digits with optional spaces/commas as group separators, up to 2 decimals, at most
 * 12 digits before the point (the column is numeric(14,2)); each way of being wrong says which.
 */
const money = (message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/[\s,]/g, "").replace(/^R/i, "") : v),
    z
      .string({ message: LISTING_MESSAGES.missing })
      .min(1, LISTING_MESSAGES.missing)
      .regex(/^\d+(\.\d+)?$/, message)
      .refine((v) => !/\.\d{3,}$/.test(v), LISTING_MESSAGES.priceDecimals)
      .refine((v) => v.replace(/^0+(?=\d)/, "").split(".")[0]!.length <= 12, LISTING_MESSAGES.priceTooLarge),
  );

export const CreateListingSchema = z
  .object({
    title: text(120),
    description: text(5000),
    category: z.enum(CATEGORIES, { message: LISTING_MESSAGES.missing }),
    condition: z.enum(CONDITIONS, { message: LISTING_MESSAGES.missing }),
    price: money(LISTING_MESSAGES.price).refine((v) => Number(v) > 0, LISTING_MESSAGES.price),
    location: z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().max(120)),
    isUrgent: flag,
    isBargain: flag,
  })
  .superRefine((data, ctx) => {
    if (!data.isUrgent && !data.isBargain) {
      ctx.addIssue({ code: "custom", path: ["isUrgent"], message: LISTING_MESSAGES.type });
    }
  });

export type CreateListingInput = z.infer<typeof CreateListingSchema>;

export const AdminEditListingSchema = z.object({
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
});

export type AdminEditListingInput = z.infer<typeof AdminEditListingSchema>;
