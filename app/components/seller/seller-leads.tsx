/**
 * "Requests for your machines" (docs/product.md#requests): every request about
 * the seller's listings, one card each (phone and desktop alike), with the
 * buyer as first name, province and verified or not — never their contact
 * details — the terms, the negotiation so far and the seller's answers.
 * Takes its rows as props, so a listing's own page can show its leads too;
 * `action` names the route whose action answers (the current one by default).
 */
import { BadgeCheck } from "lucide-react";
import { Link } from "react-router";
import { RequestAnswerButtons } from "#app/components/seller/seller-lead-answers.tsx";
import { RequestHistory } from "#app/components/requests/request-history.tsx";
import { RequestStatusBadge } from "#app/components/requests/request-status-badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { SellerLead } from "#app/domain/request/find-seller-leads.server.ts";
import { formatOfferAmount, formatPreferredDate, QUOTE_TYPE_LABELS } from "#app/domain/request/request-schemas.ts";
import { BUYER_REQUEST_KIND_LABEL } from "#app/domain/request/request-state.ts";
import { formatPrice, formatShortDate } from "#app/lib/format.ts";
import { shortened } from "#app/lib/text-limits.ts";
import { cn } from "#app/lib/utils.ts";

function Terms({ lead: r }: { lead: SellerLead }) {
  if (r.kind === "offer" || r.kind === "purchase") {
    return r.amount ? (
      <>
        <dt className="text-gray-600">{r.kind === "offer" ? (r.status === "countered" ? "Your counter" : "Offer") : "Amount"}</dt>
        <dd className="font-semibold">{formatOfferAmount(r.amount)}</dd>
      </>
    ) : null;
  }
  if (r.kind === "viewing") {
    return (
      <>
        <dt className="text-gray-600">{r.status === "countered" ? "You proposed" : "Viewing"}</dt>
        <dd>{r.preferredDate ? `${formatPreferredDate(r.preferredDate)} at ${r.preferredTime ?? ""}` : "Not given"}</dd>
      </>
    );
  }
  const quoteType = r.quoteType ? (QUOTE_TYPE_LABELS[r.quoteType as keyof typeof QUOTE_TYPE_LABELS] ?? r.quoteType) : "Not given";
  return (
    <>
      <dt className="text-gray-600">Quote</dt>
      <dd>
        {quoteType}
        {r.details ? `: ${shortened(r.details, 160)}` : ""}
      </dd>
    </>
  );
}

function LeadItem({ lead: r, today, action }: { lead: SellerLead; today: string; action?: string }) {
  const kind = BUYER_REQUEST_KIND_LABEL[r.kind];
  const settled = r.status === "closed" || r.status === "sold" || r.status === "declined" || r.status === "withdrawn";
  return (
    <li
      aria-label={`${kind} from ${r.buyerFirstName}`}
      data-testid="seller-lead"
      className={cn("min-w-0 rounded-lg border p-3 text-sm sm:p-4", settled ? "bg-gray-50 text-gray-700" : "bg-white")}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{kind}</h3>
        <RequestStatusBadge kind={r.kind} status={r.status} data-testid="lead-status" />
        <span className="ml-auto text-xs text-gray-500">{formatShortDate(r.createdAt)}</span>
      </div>
      <dl className="mt-2 grid grid-cols-[5.5rem_minmax(0,1fr)] gap-x-3 gap-y-1">
        <dt className="text-gray-600">Listing</dt>
        <dd className="[overflow-wrap:anywhere]">
          <Link to={`/listing/${r.listingId}`} className="text-brand-700 underline">
            {r.listingTitle}
          </Link>
          <span className="text-gray-600"> · {formatPrice(r.listingPrice)}</span>
        </dd>
        <dt className="text-gray-600">Buyer</dt>
        <dd className="[overflow-wrap:anywhere]" data-testid="lead-buyer">
          {r.buyerFirstName} · {r.buyerProvince ?? "Province not given"} ·{" "}
          {r.buyerVerified ? (
            <span className="inline-flex items-center gap-0.5 text-green-700">
              <BadgeCheck className="size-4" aria-hidden="true" /> Verified
            </span>
          ) : (
            <span className="text-gray-600">Not verified</span>
          )}
        </dd>
        <Terms lead={r} />
        {r.message ? (
          <>
            <dt className="text-gray-600">Message</dt>
            <dd className="whitespace-pre-wrap [overflow-wrap:anywhere]">{shortened(r.message, 500)}</dd>
          </>
        ) : null}
      </dl>
      <RequestHistory kind={r.kind} history={r.history} />
      <RequestAnswerButtons lead={r} today={today} action={action} />
    </li>
  );
}

export function SellerLeads({
  leads,
  today,
  action,
  title = "Requests for your machines",
}: {
  leads: SellerLead[];
  /** Today in South Africa (the earliest day another viewing time may be proposed for). */
  today: string;
  action?: string;
  title?: string;
}) {
  return (
    <Card className="mt-8" id="requests">
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
        <p className="text-sm text-gray-600">
          Offers, viewings, quotes and purchase requests from buyers. Our team brokers every deal, so buyers&apos;
          contact details stay with us.
        </p>
      </CardHeader>
      <CardContent>
        {leads.length === 0 ? (
          <p className="text-sm text-gray-600">No requests yet.</p>
        ) : (
          <ul aria-label="Requests for your machines" className="space-y-3">
            {leads.map((r) => (
              <LeadItem key={`${r.kind}:${r.id}`} lead={r} today={today} action={action} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
