/** "send-revision-decision": the admin approved or rejected (with an optional reason) the seller's changes to a live listing. */
import { layout } from "./layout.server.ts";

export function revisionDecisionEmail(data: { title: string; approved: boolean; url: string; reason?: string | null }) {
  return layout({
    subject: data.approved ? `Your changes are live: ${data.title}` : `Your changes were not approved: ${data.title}`,
    greeting: "Hello,",
    paragraphs: data.approved
      ? [`Our team approved your changes to "${data.title}". Buyers now see the updated listing.`]
      : [
          `Our team did not approve your changes to "${data.title}". Buyers keep seeing the approved version.`,
          ...(data.reason ? [`Reason: ${data.reason}`] : []),
          "You can edit the listing again from your dashboard.",
        ],
    action: { label: "Open your dashboard", url: data.url },
  });
}
