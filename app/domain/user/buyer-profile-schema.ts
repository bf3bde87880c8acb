/**
 * The buyer dashboard's "Create Buyer Profile" form (docs/product.md#forms),
 * shared by the browser and the server.
 */
import { z } from "zod";
import { tooLong } from "#app/lib/text-limits.ts";
import { PROVINCES } from "#app/domain/listing/listing-search-query.ts";
import { MESSAGES, optionalCompanyName } from "./auth-schemas.ts";

export const BUYER_PROFILE_MESSAGES = {
  fullNameRequired: MESSAGES.fullNameRequired,
  commissionRequired: MESSAGES.commissionRequired,
  failed: "Failed to create buyer profile. Please try again.",
} as const;

export const BUYER_PROFILE_TITLES: Record<string, string> = {
  [BUYER_PROFILE_MESSAGES.fullNameRequired]: "Full Name Required",
  [BUYER_PROFILE_MESSAGES.commissionRequired]: "Commission Agreement Required",
};

export const CreateBuyerProfileSchema = z.object({
  fullName: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ message: BUYER_PROFILE_MESSAGES.fullNameRequired })
      .min(1, BUYER_PROFILE_MESSAGES.fullNameRequired)
      .max(120, tooLong("Full name", 120)),
  ),
  companyName: optionalCompanyName,
  /** Shown to sellers with the buyer's first name (docs/product.md#requests); blank is "not given". */
  province: z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined),
    z.enum(PROVINCES, { message: "Please choose a province from the list." }).optional(),
  ),
  /** The checkbox "I accept the 2.5% buyer commission on purchases" must be ticked. */
  commissionAccepted: z.preprocess(
    (v) => v === "on" || v === "true" || v === true,
    z.literal(true, { message: BUYER_PROFILE_MESSAGES.commissionRequired }),
  ),
});

export type CreateBuyerProfileInput = z.infer<typeof CreateBuyerProfileSchema>;
