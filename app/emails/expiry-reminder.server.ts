/**
 * "send-expiry-reminder": a listing's mandate ends in a few days (sent once per term), with the one-click
 * link to the page where its seller renews it.
 */
import { layout } from "./layout.server.ts";

export function expiryReminderEmail(data: { listingTitle: string; expiresOn: string; days: number; url: string }) {
  return layout({
    subject: `Your listing expires in ${data.days} ${data.days === 1 ? "day" : "days"}: ${data.listingTitle}`,
    greeting: "Hello,",
    paragraphs: [
      `The exclusive sales mandate for your listing "${data.listingTitle}" ends on ${data.expiresOn}; after that buyers no longer see the listing.`,
      "Renew the mandate for another 90 days to keep it on the market without a gap: the new term starts when the current one ends.",
    ],
    action: { label: "Renew", url: data.url },
  });
}
