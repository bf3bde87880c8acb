/** "send-verification-decision": an admin verified the seller, or did not accept their documents (with the reason). */
import { layout } from "./layout.server.ts";

export function verificationDecisionEmail(data: { verified: boolean; url: string; reason?: string | null }) {
  return layout({
    subject: data.verified ? "You are a verified seller" : "Your verification documents were not accepted",
    greeting: "Hello,",
    paragraphs: data.verified
      ? [
          "Our team checked your documents. Buyers now see the Verified seller badge on your listings and your seller page.",
        ]
      : [
          "Our team could not verify you from the documents you sent.",
          ...(data.reason ? [`Reason: ${data.reason}`] : []),
          "You can upload new documents and send them again.",
        ],
    action: { label: "Open your verification page", url: data.url },
  });
}
