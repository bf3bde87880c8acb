import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { VerifiedBadge } from "#app/components/seller/verified-badge.tsx";
import { categoryLabel, formatPrice, formatShortDate } from "#app/lib/format.ts";
import { formatUsage } from "#app/domain/listing/machine-specs.ts";

export type ListingCardData = {
  id: string;
  title: string;
  description: string;
  price: number;
  category: string | null;
  isUrgent: boolean;
  isBargain: boolean;
  sellerName: string | null;
  /** The seller is verified: the card shows the Verified seller badge beside their name. */
  sellerVerified?: boolean;
  expiresOn: string;
  imageUrl: string | null;
  location?: string;
  year?: number | null;
  usage?: number | null;
};

/** A catalog card: image, title, price, category, badges, seller, expiry; `corner` sits on the photo's top right. */
export function ListingCard({
  listing,
  detailsHref,
  actions,
  corner,
  notice,
  unavailable,
  first,
}: {
  listing: ListingCardData;
  /** Null: the listing has no public page (a watched machine sold or withdrawn). */
  detailsHref: string | null;
  actions?: React.ReactNode;
  corner?: React.ReactNode;
  /** A line under the price, e.g. the watchlist's price drop or the listing's state. */
  notice?: React.ReactNode;
  /** Shown greyed (a watched machine no longer on the market). */
  unavailable?: boolean;
  /** The list's first card: its photo is likely the largest thing on a phone's first screen, so it loads at once, first. */
  first?: boolean;
}) {
  return (
    <article
      className={`flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm${unavailable ? " opacity-80" : ""}`}
      aria-label={listing.title}
    >
      <div className="relative">
        <img
          src={listing.imageUrl ?? "/placeholder.svg"}
          alt={listing.title}
          loading={first ? "eager" : "lazy"}
          fetchPriority={first ? "high" : undefined}
          width={800}
          height={600}
          className="aspect-[4/3] w-full object-cover"
          onError={(e) => {
            e.currentTarget.src = "/placeholder.svg";
          }}
        />
        <div className="absolute left-2 top-2 flex gap-1">
          {listing.isUrgent ? <Badge variant="urgent">Urgent</Badge> : null}
          {listing.isBargain ? <Badge variant="bargain">Bargain</Badge> : null}
        </div>
        {corner ? <div className="absolute right-2 top-2">{corner}</div> : null}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <h2 className="text-lg font-semibold leading-snug">{listing.title}</h2>
        <p className={`text-xl font-bold ${unavailable ? "text-gray-600" : "text-brand-700"}`}>
          {formatPrice(listing.price)}
        </p>
        {notice}
        <p className="text-sm text-gray-600">
          {[
            categoryLabel(listing.category),
            listing.year,
            formatUsage(listing.usage, listing.category ?? ""),
            listing.location,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
        <p className="text-sm text-gray-700">{listing.description}</p>
        <p className="mt-auto flex flex-wrap items-center gap-x-2 gap-y-1 pt-2 text-sm text-gray-500">
          <span>Seller: {listing.sellerName || "Seller"}</span>
          {listing.sellerVerified ? <VerifiedBadge /> : null}
        </p>
        {unavailable ? null : (
          <p className="text-xs text-gray-500">Listed until {formatShortDate(listing.expiresOn)}</p>
        )}
        <div className="mt-2 flex gap-2">
          {detailsHref ? (
            <Button asChild className="flex-1">
              <Link to={detailsHref}>View Details</Link>
            </Button>
          ) : (
            <span className="flex-1" />
          )}
          {actions}
        </div>
      </div>
    </article>
  );
}

export function ListingCardSkeleton() {
  return (
    <div className="animate-pulse overflow-hidden rounded-lg border border-gray-200 bg-white" aria-hidden>
      <div className="aspect-[4/3] bg-gray-200" />
      <div className="space-y-2 p-4">
        <div className="h-5 w-3/4 rounded bg-gray-200" />
        <div className="h-6 w-1/3 rounded bg-gray-200" />
        <div className="h-4 w-1/2 rounded bg-gray-200" />
      </div>
    </div>
  );
}
