/** "send-verification-decision": an admin verified the seller, or did not accept their documents (with the reason). */
import { greetingFor, layout } from "./layout.server.ts";

export function verificationDecisionEmail(data: {
  name: string;
  verified: boolean;
  url: string;
  reason?: string | null;
}) {
  return layout({
    subject: data.verified ? "You are a verified seller" : "Your verification documents were not accepted",
    greeting: greetingFor(data.name),
    paragraphs: data.verified
      ? [
          "Our team checked your documents. Buyers now see the Verified seller badge on your listings and your seller page.",
        ]
      : [
          "Our team could not verify you from the documents you sent.",
          ...(data.reason ? [`Reason: ${data.reason}`] : []),
          "Upload a new copy of the document the reason concerns, then send your documents again.",
        ],
    action: { label: "Open your verification page", url: data.url },
  });
}
