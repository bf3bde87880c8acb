import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { MoveButton, TermsForm } from "#app/components/requests/request-answer-forms.tsx";
import { RequestHistory } from "#app/components/requests/request-history.tsx";
import { RequestStatusBadge } from "#app/components/requests/request-status-badge.tsx";
import type { OwnRequest } from "#app/domain/request/find-user-requests.server.ts";
import { formatOfferAmount, formatPreferredDate, QUOTE_TYPE_LABELS } from "#app/domain/request/request-schemas.ts";
import { BUYER_REQUEST_KIND_LABEL } from "#app/domain/request/request-state.ts";
import { formatShortDate } from "#app/lib/format.ts";
import { shortened } from "#app/lib/text-limits.ts";

/** A request's message in the buyer's own list: long ones are cut (the admins read it whole). */
const MESSAGE_PREVIEW = 160;

function requestSummary(r: OwnRequest) {
  // After a counter the terms on the table are the seller's: say so, the buyer's own are in the history.
  const theirs = r.status === "countered" ? "Seller's counter: " : "";
  if (r.requestType === "offer" || r.requestType === "purchase")
    return r.offerAmount ? `${r.requestType === "offer" ? theirs : ""}${formatOfferAmount(r.offerAmount)}` : "";
  if (r.requestType === "viewing")
    return r.preferredDate
      ? `${r.status === "countered" ? "Seller proposes " : ""}${formatPreferredDate(r.preferredDate)} at ${r.preferredTime ?? ""}`
      : "";
  const label = r.quoteType ? (QUOTE_TYPE_LABELS[r.quoteType as keyof typeof QUOTE_TYPE_LABELS] ?? r.quoteType) : "";
  const details = shortened(r.details ?? "", 80);
  return details ? `${label}: ${details}` : label;
}

/** The buyer's answers the state map allows: to a counter (accept it, a new offer) and withdrawing. */
function BuyerAnswers({ r }: { r: OwnRequest }) {
  if (r.moves.length === 0) return null;
  const request = { kind: r.requestType, id: r.id };
  const viewing = r.requestType === "viewing";
  return (
    <div className="mt-2 flex flex-wrap items-start gap-2">
      {r.moves.includes("accept") ? (
        <MoveButton intent="accept-counter" request={request} label={viewing ? "Accept this time" : "Accept counter"} />
      ) : null}
      {r.moves.includes("reoffer") ? (
        <TermsForm intent="reoffer" request={request} summary="Make a new offer" submitLabel="Send new offer" />
      ) : null}
      {r.moves.includes("withdraw") ? (
        <MoveButton intent="withdraw-request" request={request} label="Withdraw" variant="outline" />
      ) : null}
    </div>
  );
}

function RequestListing({ r }: { r: OwnRequest }) {
  return r.listingId && r.listingTitle ? (
    <Link to={`/listing/${r.listingId}`} className="text-brand-700 underline">
      {r.listingTitle}
    </Link>
  ) : (
    <>General</>
  );
}

/** The buyer's own requests: one card each on a phone, a table from sm up. */
export function RequestList({ requests }: { requests: OwnRequest[] }) {
  if (requests.length === 0) {
    return <p className="text-sm text-gray-600">You have not sent any requests yet.</p>;
  }
  return (
    <>
      {/* A phone gets one card per request; the table needs the width of sm and up. */}
      <ul aria-label="Your requests" className="space-y-3 sm:hidden">
        {requests.map((r) => (
          <li key={r.id} className="rounded-lg border p-3 text-sm" data-testid="request-card">
            <div className="flex items-center justify-between gap-2">
              <span className="font-semibold">{BUYER_REQUEST_KIND_LABEL[r.requestType]}</span>
              <RequestStatusBadge kind={r.requestType} status={r.status} />
            </div>
            <dl className="mt-2 grid grid-cols-[5.5rem_minmax(0,1fr)] gap-x-3 gap-y-1">
              <dt className="text-gray-600">Listing</dt>
              <dd className="[overflow-wrap:anywhere]">
                <RequestListing r={r} />
              </dd>
              <dt className="text-gray-600">Details</dt>
              <dd className="[overflow-wrap:anywhere]">{requestSummary(r) || "—"}</dd>
              {r.message ? (
                <>
                  <dt className="text-gray-600">Message</dt>
                  <dd className="[overflow-wrap:anywhere]">{shortened(r.message, MESSAGE_PREVIEW)}</dd>
                </>
              ) : null}
              <dt className="text-gray-600">Submitted</dt>
              <dd>{formatShortDate(r.createdAt)}</dd>
            </dl>
            <RequestHistory kind={r.requestType} history={r.history} />
            <BuyerAnswers r={r} />
            {r.listingId && r.listingTitle ? (
              <div className="mt-3 flex flex-wrap gap-2">
                <Button asChild size="sm" variant="outline">
                  <Link to={`/listing/${r.listingId}`}>View listing</Link>
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b text-gray-600">
              <th className="py-2 pr-4">Type</th>
              <th className="py-2 pr-4">Listing</th>
              <th className="py-2 pr-4">Details</th>
              <th className="py-2 pr-4">Status</th>
              <th className="py-2 pr-4">Submitted</th>
            </tr>
          </thead>
          <tbody>
            {requests.map((r) => (
              <tr key={r.id} className="border-b last:border-0">
                <td className="py-2 pr-4 font-medium">{BUYER_REQUEST_KIND_LABEL[r.requestType]}</td>
                <td className="py-2 pr-4">
                  <RequestListing r={r} />
                </td>
                <td className="py-2 pr-4 [overflow-wrap:anywhere]">
                  {requestSummary(r)}
                  {r.message ? (
                    <p className="mt-1 text-gray-600">
                      <span className="font-medium text-gray-700">Message:</span>{" "}
                      {shortened(r.message, MESSAGE_PREVIEW)}
                    </p>
                  ) : null}
                  <RequestHistory kind={r.requestType} history={r.history} />
                  <BuyerAnswers r={r} />
                </td>
                <td className="py-2 pr-4">
                  <RequestStatusBadge kind={r.requestType} status={r.status} />
                </td>
                <td className="py-2 pr-4">{formatShortDate(r.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
