/**
 * "send-agreement-confirmation": the seller's mandate is recorded (ticked or
 * signed PDF uploaded). The caller passes the commission sentence the mandate
 * states (MANDATE_COMMISSION_SUMMARY).
 */
import { layout } from "./layout.server.ts";

export type SignatureMethod = "checkbox" | "uploaded_pdf";

const SIGNED_HOW: Record<SignatureMethod, string> = {
  checkbox: "signed electronically",
  uploaded_pdf: "signed PDF received",
};

export function agreementConfirmationEmail(data: {
  listingTitle: string;
  signatureMethod: SignatureMethod;
  commissionSummary: string;
}) {
  return layout({
    subject: `Mandate agreement signed: ${data.listingTitle}`,
    greeting: "Hello,",
    paragraphs: [
      `Thank you. Your exclusive sales mandate for "${data.listingTitle}" has been recorded (${SIGNED_HOW[data.signatureMethod]}).`,
      data.commissionSummary,
      "Your listing is now waiting for our team's approval. We will let you know as soon as it is live.",
    ],
  });
}
