/**
 * "send-agreement-confirmation": the seller's mandate is recorded (ticked or
 * signed PDF uploaded), with the commission sentence the mandate states.
 */
import { MANDATE_COMMISSION_SUMMARY } from "#app/lib/commission.ts";
import { layout } from "./layout.server.ts";

export type SignatureMethod = "checkbox" | "uploaded_pdf";

const SIGNED_HOW: Record<SignatureMethod, string> = {
  checkbox: "signed electronically",
  uploaded_pdf: "signed PDF received",
};

export function agreementConfirmationEmail(data: {
  listingTitle: string;
  signatureMethod: SignatureMethod;
  /** A renewal: the day its new term ends (already written out, e.g. "26 February 2027"). */
  renewedUntil?: string;
}) {
  if (data.renewedUntil) {
    return layout({
      subject: `Mandate renewed: ${data.listingTitle}`,
      greeting: "Hello,",
      paragraphs: [
        `Thank you. The renewal of your exclusive sales mandate for "${data.listingTitle}" has been recorded (${SIGNED_HOW[data.signatureMethod]}).`,
        `Your listing's new term runs until ${data.renewedUntil}.`,
        MANDATE_COMMISSION_SUMMARY,
      ],
    });
  }
  return layout({
    subject: `Mandate agreement signed: ${data.listingTitle}`,
    greeting: "Hello,",
    paragraphs: [
      `Thank you. Your exclusive sales mandate for "${data.listingTitle}" has been recorded (${SIGNED_HOW[data.signatureMethod]}).`,
      MANDATE_COMMISSION_SUMMARY,
      "Your listing is now waiting for our team's approval. We will let you know as soon as it is live.",
    ],
  });
}
