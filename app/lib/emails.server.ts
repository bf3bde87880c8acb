/**
 * E-mail bodies (plain text + HTML). Links are absolute, built from PUBLIC_URL.
 */
import type { OutgoingEmail } from "./mailer.server.ts";

import { PRODUCT_NAME } from "./brand.ts";
import { MANDATE_COMMISSION_SUMMARY } from "#app/domain/mandate/mandate-terms.ts";

export { PRODUCT_NAME };

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function layout(input: {
  to: string;
  subject: string;
  template: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
}): OutgoingEmail {
  const { action } = input;
  const text = [
    input.greeting,
    "",
    ...input.paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    input.footer ?? `— The ${PRODUCT_NAME} team`,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;color:#b45309">${PRODUCT_NAME}</h1>
<p>${escapeHtml(input.greeting)}</p>
${input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#d97706;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#6b7280;word-break:break-all;overflow-wrap:anywhere">Or copy this link: ${escapeHtml(action.url)}</p>` : ""}
<p style="font-size:12px;color:#6b7280">${escapeHtml(input.footer ?? `— The ${PRODUCT_NAME} team`)}</p>
</body></html>`;
  return { to: input.to, subject: input.subject, template: input.template, text, html };
}

export function verifyEmailEmail(input: { email: string; name: string; url: string }) {
  return layout({
    to: input.email,
    subject: `Confirm your ${PRODUCT_NAME} account`,
    template: "verify-email",
    greeting: `Hello ${input.name || "there"},`,
    paragraphs: [
      `Thank you for registering with ${PRODUCT_NAME}.`,
      "Please confirm your e-mail address to activate your account. The link is valid for 24 hours.",
    ],
    action: { label: "Confirm my e-mail", url: input.url },
  });
}

export function passwordResetEmail(input: { email: string; name: string; url: string }) {
  return layout({
    to: input.email,
    subject: `Reset your ${PRODUCT_NAME} password`,
    template: "reset-password",
    greeting: `Hello ${input.name || "there"},`,
    paragraphs: [
      "We received a request to reset your password.",
      "The link is valid for one hour and can be used once. If you did not ask for this, you can ignore this e-mail.",
    ],
    action: { label: "Reset my password", url: input.url },
  });
}

const SIGNED_HOW: Record<"checkbox" | "uploaded_pdf", string> = {
  checkbox: "signed electronically",
  uploaded_pdf: "signed PDF received",
};

export function agreementConfirmationEmail(input: {
  email: string;
  listingTitle: string;
  signatureMethod: "checkbox" | "uploaded_pdf";
}) {
  return layout({
    to: input.email,
    subject: `Mandate agreement signed: ${input.listingTitle}`,
    template: "send-agreement-confirmation",
    greeting: "Hello,",
    paragraphs: [
      `Thank you. Your exclusive sales mandate for "${input.listingTitle}" has been recorded (${SIGNED_HOW[input.signatureMethod]}).`,
      MANDATE_COMMISSION_SUMMARY,
      "Your listing is now waiting for our team's approval. We will let you know as soon as it is live.",
    ],
  });
}

export function agreementPdfEmail(input: {
  email: string;
  listingTitle: string;
  pdf: Uint8Array;
  copy?: { signedBy: string; signatureMethod: string };
  /** The listing's mandate page, where the seller uploads the signed PDF. */
  url?: string;
}) {
  const paragraphs = input.copy
    ? [
        `A mandate PDF for "${input.listingTitle}" was sent to the seller for signature.`,
        `Signed by: ${input.copy.signedBy}`,
        `Signature Method: ${input.copy.signatureMethod}`,
        MANDATE_COMMISSION_SUMMARY,
      ]
    : [
        `Attached is the exclusive sales mandate for "${input.listingTitle}".`,
        MANDATE_COMMISSION_SUMMARY,
        "Please print it, sign it, scan it as a PDF and upload it on the listing's mandate page.",
      ];
  return {
    ...layout({
      to: input.email,
      subject: `${input.copy ? "Copy: " : ""}Mandate to sign: ${input.listingTitle}`,
      template: "send-agreement-pdf",
      greeting: "Hello,",
      paragraphs,
      action: input.url && !input.copy ? { label: "Upload the signed mandate", url: input.url } : undefined,
    }),
    attachments: [
      {
        filename: "exclusive-sales-mandate.pdf",
        contentType: "application/pdf",
        contentBase64: Buffer.from(input.pdf).toString("base64"),
      },
    ],
  };
}

export function listingNotificationEmail(input: { email: string; title: string; status: string; url: string; reason?: string | null }) {
  return layout({
    to: input.email,
    subject: `Your listing was ${input.status}: ${input.title}`,
    template: "send-listing-notification",
    greeting: "Hello,",
    paragraphs: [
      `Your listing "${input.title}" was ${input.status} by our team.`,
      ...(input.reason ? [`Reason: ${input.reason}`] : []),
    ],
    action: { label: "Open your dashboard", url: input.url },
  });
}

/** A buyer's request, as its receipt describes it. */
export type RequestReceipt = {
  email: string;
  name: string;
  kind: "purchase" | "offer" | "viewing" | "quote";
  listingTitle: string | null;
  /** What was asked, one line each (e.g. "Preferred viewing: Fri, 14 Mar 2025 at 10:00"). */
  details: string[];
  /** The listing price or the offered amount, the 2.5% buyer commission and the total, already formatted. */
  amounts: { label: string; amount: string; commission: string; total: string } | null;
  message: string | null;
  url: string;
};

const RECEIPT_WHAT: Record<RequestReceipt["kind"], string> = {
  purchase: "purchase request",
  offer: "offer",
  viewing: "viewing request",
  quote: "quote request",
};

/** The buyer's receipt for a purchase request, offer, viewing request or quote request. */
export function requestReceiptEmail(input: RequestReceipt) {
  const what = RECEIPT_WHAT[input.kind];
  const on = input.listingTitle ? ` for "${input.listingTitle}"` : "";
  return layout({
    to: input.email,
    subject: `We received your ${what}${input.listingTitle ? `: ${input.listingTitle}` : ""}`,
    template: "send-request-receipt",
    greeting: `Hello ${input.name || "there"},`,
    paragraphs: [
      `Thank you. We received your ${what}${on}.`,
      `Listing: ${input.listingTitle ?? "No specific listing"}`,
      ...input.details,
      ...(input.amounts
        ? [
            `${input.amounts.label}: ${input.amounts.amount}`,
            `Buyer commission (2.5%): ${input.amounts.commission}`,
            `Total: ${input.amounts.total}`,
          ]
        : []),
      ...(input.message ? [`Your message: ${input.message}`] : []),
      "What happens next: our team reviews your request and a representative will contact you. You can follow its status on your buyer dashboard, and we will notify you when it changes.",
    ],
    action: { label: "Open your buyer dashboard", url: input.url },
  });
}
