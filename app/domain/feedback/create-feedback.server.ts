/**
 * Feedback (docs/product.md#forms): a `feedback` row and a notification to every active
 * admin, written in one transaction.
 */
import { feedback } from "#db/schema.ts";
import type { Db } from "#app/lib/db.server.ts";
import { notifyAdmins } from "#app/domain/notification/create-notification.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { starsLabel, type FeedbackInput } from "./feedback-schema.ts";

export async function createFeedback(options: { db: Db; viewer: Viewer; input: FeedbackInput }) {
  const { db, viewer, input } = options;
  const typeLabel = input.type === "seller" ? "Seller" : "Buyer";
  const who = `${viewer.fullName ?? viewer.name} (${viewer.email})`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(feedback)
      .values({ userId: viewer.userId, userType: input.type, rating: input.rating, comments: input.comments ?? null })
      .returning({ id: feedback.id });
    await notifyAdmins({
      db: tx,
      type: "feedback",
      title: `${typeLabel} feedback: ${starsLabel(input.rating)}`,
      message: [
        `Rating: ${input.rating}/5`,
        `User type: ${input.type}`,
        `From: ${who}`,
        `Comments: ${input.comments ?? "No comments"}`,
      ].join("\n"),
    });
    return { id: row!.id };
  });
}
