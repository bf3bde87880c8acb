/**
 * A request's negotiation, compactly: the latest move on one line (who, what,
 * the amount or slot, the message) and the earlier ones behind a disclosure.
 * Both sides and the admins see the same history; a person is only "Buyer",
 * "Seller" or "Our team".
 */
import type { RequestEvent } from "#app/domain/request/find-request-events.server.ts";
import { formatOfferAmount, formatPreferredDate } from "#app/domain/request/request-schemas.ts";
import type { BuyerRequestKind, RequestActor } from "#app/domain/request/request-state.ts";
import { formatShortDate } from "#app/lib/format.ts";
import { shortened } from "#app/lib/text-limits.ts";

const WHO: Record<RequestActor, string> = { buyer: "Buyer", seller: "Seller", admin: "Our team" };

export function describeMove(kind: BuyerRequestKind, e: RequestEvent) {
  const terms = e.amount
    ? ` ${formatOfferAmount(e.amount)}`
    : e.preferredDate
      ? ` ${formatPreferredDate(e.preferredDate)} at ${e.preferredTime ?? ""}`
      : "";
  switch (e.move) {
    case "counter":
      return kind === "viewing" ? `proposed${terms}` : `countered with${terms}`;
    case "reoffer":
      return `offered${terms}`;
    case "accept":
      return kind === "viewing" ? (e.by === "seller" ? "confirmed the viewing" : "accepted the time") : "accepted";
    case "decline":
      return "declined";
    case "withdraw":
      return "withdrew";
    case "contact":
      return "picked it up";
    case "sell":
      return "closed the deal as sold";
    case "close":
      return "closed it";
  }
}

function Move({ kind, e }: { kind: BuyerRequestKind; e: RequestEvent }) {
  return (
    <>
      <span className="font-medium">{WHO[e.by]}</span> {describeMove(kind, e)}
      <span className="text-gray-500"> · {formatShortDate(e.createdAt)}</span>
      {e.message ? <span className="block text-gray-600">“{shortened(e.message, 160)}”</span> : null}
    </>
  );
}

export function RequestHistory({ kind, history }: { kind: BuyerRequestKind; history: readonly RequestEvent[] }) {
  if (history.length === 0) return null;
  const latest = history[history.length - 1]!;
  const earlier = history.slice(0, -1);
  return (
    <div className="mt-2 rounded-md bg-gray-50 p-2 text-sm [overflow-wrap:anywhere]" data-testid="request-history">
      <p>
        <span className="sr-only">Latest: </span>
        <Move kind={kind} e={latest} />
      </p>
      {earlier.length > 0 ? (
        <details className="mt-1">
          <summary className="cursor-pointer text-xs text-brand-700 underline">
            Earlier moves ({earlier.length})
          </summary>
          <ol className="mt-1 space-y-1">
            {earlier
              .slice()
              .reverse()
              .map((e, i) => (
                <li key={`${e.createdAt}-${i}`}>
                  <Move kind={kind} e={e} />
                </li>
              ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}
