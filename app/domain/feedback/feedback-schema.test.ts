import { describe, expect, it } from "vitest";
import {
  FeedbackSchema,
  RATING_REQUIRED_MESSAGE,
  RATING_REQUIRED_TITLE,
  feedbackTypeFor,
  starsLabel,
} from "./feedback-schema.ts";

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe("feedback form", () => {
  it("uses the spec's words for a missing rating", () => {
    expect(RATING_REQUIRED_TITLE).toBe("Rating Required");
    expect(RATING_REQUIRED_MESSAGE).toBe("Please select a rating before submitting");
  });

  it.each([undefined, "", "0", "6", "2.5", "four"])("refuses rating %j with Rating Required", (rating) => {
    expect(messages(FeedbackSchema.safeParse({ type: "buyer", rating }))).toEqual([
      "Please select a rating before submitting",
    ]);
  });

  it("accepts 1 to 5 stars from the form, comments optional and trimmed", () => {
    for (const rating of ["1", "2", "3", "4", "5"]) {
      expect(FeedbackSchema.safeParse({ type: "seller", rating }).success).toBe(true);
    }
    expect(FeedbackSchema.parse({ type: "buyer", rating: "4", comments: "  Great service  " })).toEqual({
      type: "buyer",
      rating: 4,
      comments: "Great service",
    });
    expect(FeedbackSchema.parse({ type: "buyer", rating: "4", comments: "   " }).comments).toBeUndefined();
  });

  it("caps comments at 2000 characters", () => {
    expect(FeedbackSchema.safeParse({ type: "buyer", rating: "3", comments: "a".repeat(2000) }).success).toBe(true);
    expect(messages(FeedbackSchema.safeParse({ type: "buyer", rating: "3", comments: "a".repeat(2001) }))).toEqual([
      "Comments must be at most 2000 characters",
    ]);
  });

  it("only knows buyer and seller feedback", () => {
    expect(FeedbackSchema.safeParse({ type: "admin", rating: "3" }).success).toBe(false);
  });

  it("opens the tab asked for, else the viewer's role, else buyer", () => {
    expect(feedbackTypeFor("seller", "buyer")).toBe("seller");
    expect(feedbackTypeFor(null, "seller")).toBe("seller");
    expect(feedbackTypeFor(null, "buyer")).toBe("buyer");
    expect(feedbackTypeFor("nonsense", "admin")).toBe("buyer");
    expect(feedbackTypeFor(undefined, null)).toBe("buyer");
  });

  it("counts stars in words", () => {
    expect(starsLabel(1)).toBe("1 star");
    expect(starsLabel(4)).toBe("4 stars");
  });
});
