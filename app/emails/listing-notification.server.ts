/** "send-listing-notification": the seller's listing was approved, rejected (with an optional reason) or marked sold. */
import { layout } from "./layout.server.ts";

export function listingNotificationEmail(data: { title: string; status: string; url: string; reason?: string | null }) {
  return layout({
    subject: `Your listing was ${data.status}: ${data.title}`,
    greeting: "Hello,",
    paragraphs: [
      `Your listing "${data.title}" was ${data.status} by our team.`,
      ...(data.reason ? [`Reason: ${data.reason}`] : []),
    ],
    action: { label: "Open your dashboard", url: data.url },
  });
}
