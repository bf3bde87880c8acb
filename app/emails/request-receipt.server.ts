/** "send-request-receipt": the buyer's receipt for a purchase request, offer, viewing request or quote request. */
import { VAT_ADDED_LABEL } from "#app/lib/commission.ts";
import { greetingFor, layout } from "./layout.server.ts";

/** A buyer's request, as its receipt describes it. */
export type RequestReceipt = {
  name: string;
  kind: "purchase" | "offer" | "viewing" | "quote";
  listingTitle: string | null;
  /** What was asked, one line each (e.g. "Preferred viewing: Fri, 14 Mar 2025 at 10:00"). */
  details: string[];
  /** The listing price or the offered amount, the 2.5% buyer commission and the total, already formatted. */
  amounts: { label: string; amount: string; commission: string; vat: string | null; total: string } | null;
  message: string | null;
  url: string;
};

const RECEIPT_WHAT: Record<RequestReceipt["kind"], string> = {
  purchase: "purchase request",
  offer: "offer",
  viewing: "viewing request",
  quote: "quote request",
};

export function requestReceiptEmail(data: RequestReceipt) {
  const what = RECEIPT_WHAT[data.kind];
  const on = data.listingTitle ? ` for "${data.listingTitle}"` : "";
  return layout({
    subject: `We received your ${what}${data.listingTitle ? `: ${data.listingTitle}` : ""}`,
    greeting: greetingFor(data.name),
    paragraphs: [
      `Thank you. We received your ${what}${on}.`,
      `Listing: ${data.listingTitle ?? "No specific listing"}`,
      ...data.details,
      ...(data.amounts
        ? [
            `${data.amounts.label}: ${data.amounts.amount}`,
            `Buyer commission (2.5%): ${data.amounts.commission}`,
            ...(data.amounts.vat ? [`${VAT_ADDED_LABEL}: ${data.amounts.vat}`] : []),
            `Total: ${data.amounts.total}`,
          ]
        : []),
      ...(data.message ? [`Your message: ${data.message}`] : []),
      "What happens next: our team reviews your request and a representative will contact you. You can follow its status on your buyer dashboard, and we will notify you when it changes.",
    ],
    action: { label: "Open your buyer dashboard", url: data.url },
  });
}
