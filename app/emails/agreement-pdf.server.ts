/**
 * "send-agreement-pdf": the mandate PDF for the seller to sign (with a link to
 * the page where the signed PDF is uploaded), or the admins' copy of it, with
 * the commission sentence the mandate states.
 */
import { MANDATE_COMMISSION_SUMMARY } from "#app/lib/commission.ts";
import { layout, type RenderedEmail } from "./layout.server.ts";

export function agreementPdfEmail(data: {
  listingTitle: string;
  pdf: Uint8Array;
  copy?: { signedBy: string; signatureMethod: string };
  /** The listing's mandate page, where the seller uploads the signed PDF. */
  url?: string;
}): RenderedEmail {
  const paragraphs = data.copy
    ? [
        `A mandate PDF for "${data.listingTitle}" was sent to the seller for signature.`,
        `Signed by: ${data.copy.signedBy}`,
        `Signature Method: ${data.copy.signatureMethod}`,
        MANDATE_COMMISSION_SUMMARY,
      ]
    : [
        `Attached is the exclusive sales mandate for "${data.listingTitle}".`,
        MANDATE_COMMISSION_SUMMARY,
        "Please print it, sign it, scan it as a PDF and upload it on the listing's mandate page.",
      ];
  return {
    ...layout({
      subject: `${data.copy ? "Copy: " : ""}Mandate to sign: ${data.listingTitle}`,
      greeting: "Hello,",
      paragraphs,
      action: data.url && !data.copy ? { label: "Upload the signed mandate", url: data.url } : undefined,
    }),
    attachments: [
      {
        filename: "exclusive-sales-mandate.pdf",
        contentType: "application/pdf",
        contentBase64: Buffer.from(data.pdf).toString("base64"),
      },
    ],
  };
}
