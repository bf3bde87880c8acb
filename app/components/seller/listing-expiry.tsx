/**
 * Under a listing's badge on the seller's dashboard: when its mandate ends, and the Renew button for an
 * expired listing or one within REMIND_BEFORE_DAYS of its end (when the state map allows the renewal).
 */
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { REMIND_BEFORE_DAYS } from "#app/domain/listing/listing-state.ts";
import { formatShortDate } from "#app/lib/format.ts";

export type ListingExpiryFields = {
  id: string;
  title: string;
  badge: string;
  expiresOn: string;
  expiresInDays: number;
  renewable: boolean;
};

export function ListingExpiry({ listing: l }: { listing: ListingExpiryFields }) {
  if (l.badge === "Sold" || l.badge === "Rejected" || l.badge === "Withdrawn") return null;
  const expired = l.badge === "Expired";
  const soon = !expired && l.expiresInDays <= REMIND_BEFORE_DAYS;
  return (
    <div className="mt-1 space-y-1 text-xs">
      {soon ? (
        <p className="font-medium whitespace-nowrap text-amber-800">
          Expires in {l.expiresInDays} {l.expiresInDays === 1 ? "day" : "days"}
        </p>
      ) : (
        <p className="whitespace-nowrap text-gray-600">
          {expired ? "Ended" : "Until"} {formatShortDate(l.expiresOn)}
        </p>
      )}
      {(expired || soon) && l.renewable ? (
        <Button asChild size="sm" aria-label={`Renew ${l.title}`}>
          <Link to={`/seller/renew/${l.id}`}>Renew</Link>
        </Button>
      ) : null}
    </div>
  );
}
