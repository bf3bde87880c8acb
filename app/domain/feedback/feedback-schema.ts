/**
 * The feedback form (docs/product.md#forms), shared by the browser and the server:
 * a 1–5 star rating is required, comments are optional.
 */
import { z } from "zod";
import { tooLong } from "#app/lib/text-limits.ts";

export const FEEDBACK_TYPES = ["buyer", "seller"] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const RATING_REQUIRED_TITLE = "Rating Required";
export const RATING_REQUIRED_MESSAGE = "Please select a rating before submitting";
export const COMMENTS_MAX = 2000;
export const COMMENTS_TOO_LONG = tooLong("Comments", COMMENTS_MAX);

export const FEEDBACK_LABELS: Record<FeedbackType, string> = {
  buyer: "Buyer Feedback",
  seller: "Seller Feedback",
};

/** The tab shown first: the `?type=` asked for, else the viewer's own role (buyer when none). */
export function feedbackTypeFor(requested: string | null | undefined, role: string | null | undefined): FeedbackType {
  if (requested === "buyer" || requested === "seller") return requested;
  return role === "seller" ? "seller" : "buyer";
}

/** "1 star", "4 stars". */
export function starsLabel(rating: number) {
  return `${rating} ${rating === 1 ? "star" : "stars"}`;
}

export const FeedbackSchema = z.object({
  type: z.enum(FEEDBACK_TYPES, { message: "Please choose buyer or seller feedback" }),
  rating: z.preprocess(
    (v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v),
    z
      .number({ message: RATING_REQUIRED_MESSAGE })
      .int(RATING_REQUIRED_MESSAGE)
      .min(1, RATING_REQUIRED_MESSAGE)
      .max(5, RATING_REQUIRED_MESSAGE),
  ),
  comments: z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined),
    z.string().max(COMMENTS_MAX, COMMENTS_TOO_LONG).optional(),
  ),
});

export type FeedbackInput = z.infer<typeof FeedbackSchema>;
