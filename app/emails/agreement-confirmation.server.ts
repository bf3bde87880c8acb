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
}) {
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
