import { Eye, FileText, Pencil } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { formatPrice, formatShortDate } from "#app/lib/format.ts";
import { cn } from "#app/lib/utils.ts";
import { Pager } from "#app/components/pager.tsx";
import { ChangePriceForm } from "./change-price-form.tsx";
import { ListingMarketActions } from "./listing-market-actions.tsx";
import { ListingExpiry, type ListingExpiryFields } from "./listing-expiry.tsx";
import { DeleteListingDialog } from "./delete-listing-dialog.tsx";
import { RejectionReason } from "./rejection-reason.tsx";

/** A row of the seller's "Your Listings": what the table and the phone's cards show. */
export type SellerListingRow = ListingExpiryFields & {
  id: string;
  title: string;
  price: number;
  badge: string;
  createdOn: string | Date;
  views: number;
  mandateSigned: boolean;
  rejectionReason: string | null;
  /** The seller's changes to the approved version: waiting for review, or not approved. */
  changes: "pending" | "rejected" | null;
};

const BADGE_VARIANT: Record<string, "bargain" | "urgent" | "secondary" | "outline" | "default"> = {
  Active: "bargain",
  Rejected: "urgent",
  Pending: "default",
  Sold: "outline",
  Expired: "secondary",
  Draft: "secondary",
  Withdrawn: "secondary",
};

/** Which page of the seller's listings is shown, newest first. */
export type SellerListingsPaging = { page: number; pageCount: number; total: number; pageSize: number };

/** "Your Listings", a page at a time: a table from sm up, one card per listing on a phone. */
export function SellerListings({ listings, paging }: { listings: SellerListingRow[]; paging: SellerListingsPaging }) {
  const first = (paging.page - 1) * paging.pageSize + 1;
  const last = first + listings.length - 1;
  return (
    <Card id="your-listings" className="mt-8 scroll-mt-4 sm:scroll-mt-28">
      <CardHeader>
        <CardTitle>Your Listings</CardTitle>
        {paging.pageCount > 1 ? (
          <p className="text-sm text-gray-600">
            {last > first ? `${first}–${last}` : first} of {paging.total}, newest first
          </p>
        ) : null}
      </CardHeader>
      <CardContent>
        {paging.total === 0 ? (
          <div className="py-10 text-center">
            <p className="text-gray-600">You have no listings yet.</p>
            <Button asChild className="mt-4">
              <Link to="/seller/create">Create Your First Listing</Link>
            </Button>
          </div>
        ) : (
          <>
            {/* From lg up the columns keep their widths from page to page; the title takes what is left. */}
            <table className="hidden w-full text-left text-sm sm:table lg:table-fixed">
              <thead>
                <tr className="border-b text-gray-600">
                  <th className="py-2 pr-4">Title</th>
                  <th className="py-2 pr-4 lg:w-36">Price</th>
                  <th className="py-2 pr-4 lg:w-36">Status</th>
                  <th className="hidden py-2 pr-4 md:table-cell lg:w-28">Created</th>
                  <th className="hidden py-2 pr-4 md:table-cell lg:w-16">Views</th>
                  <th className="py-2 pr-4 lg:w-64">Actions</th>
                </tr>
              </thead>
              <tbody>
                {listings.map((l) => (
                  <tr key={l.id} className="border-b align-top last:border-0">
                    <td className="py-2 pr-4 font-medium wrap-anywhere">
                      <Link to={`/seller/listings/${l.id}`} className="hover:underline">
                        {l.title}
                      </Link>
                      {/* Between sm and md the date and views sit here, leaving the title room. */}
                      <span className="block text-xs font-normal text-gray-600 md:hidden">
                        Created {formatShortDate(l.createdOn)} · {l.views} {l.views === 1 ? "view" : "views"}
                      </span>
                      {l.badge === "Rejected" ? (
                        <>
                          <RejectionReason reason={l.rejectionReason} className="mt-1 font-normal" />
                          <ResubmitLink listingId={l.id} />
                        </>
                      ) : null}
                      <ChangesNote listing={l} />
                    </td>
                    <td className="py-2 pr-4">
                      <span className="whitespace-nowrap">{formatPrice(l.price)}</span>
                      {l.badge !== "Sold" ? <ChangePriceForm listing={l} /> : null}
                    </td>
                    <td className="py-2 pr-4">
                      <Badge variant={BADGE_VARIANT[l.badge] ?? "secondary"}>{l.badge}</Badge>
                      {l.badge === "Pending" && !l.mandateSigned ? <MandateNotSigned listingId={l.id} /> : null}
                      <ListingExpiry listing={l} />
                    </td>
                    <td className="hidden py-2 pr-4 whitespace-nowrap md:table-cell">{formatShortDate(l.createdOn)}</td>
                    <td className="hidden py-2 pr-4 md:table-cell">{l.views}</td>
                    <td className="py-2 pr-4">
                      <ListingActions listing={l} />
                      <ListingMarketActions listing={l} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {/* A phone gets one card per listing instead of the table (after it, so the table's text comes first). */}
            <ul aria-label="Your listings" className="space-y-3 sm:hidden">
              {listings.map((l) => (
                <li key={l.id} aria-label={l.title} className="rounded-lg border p-3">
                  <p className="font-medium wrap-anywhere">
                    <Link to={`/seller/listings/${l.id}`} className="underline-offset-2 hover:underline">
                      {l.title}
                    </Link>
                  </p>
                  <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
                    <p className="text-lg font-semibold">{formatPrice(l.price)}</p>
                    <Badge variant={BADGE_VARIANT[l.badge] ?? "secondary"}>{l.badge}</Badge>
                  </div>
                  <p className="mt-1 text-xs text-gray-600">
                    Created {formatShortDate(l.createdOn)} · {l.views} {l.views === 1 ? "view" : "views"}
                  </p>
                  {l.badge !== "Sold" ? <ChangePriceForm listing={l} /> : null}
                  <ListingNotes listing={l} />
                  <ChangesNote listing={l} />
                  <ListingExpiry listing={l} />
                  <ListingActions listing={l} withLabels className="mt-3" />
                  <ListingMarketActions listing={l} />
                </li>
              ))}
            </ul>
            <Pager
              page={paging.page}
              pageCount={paging.pageCount}
              hasNext={paging.page < paging.pageCount}
              href={(p) => `/seller-dashboard${p > 1 ? `?page=${p}` : ""}#your-listings`}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ResubmitLink({ listingId }: { listingId: string }) {
  return (
    <Link to={`/seller/listings/${listingId}/edit`} className="mt-1 block text-sm font-medium text-brand-700 underline">
      Edit and resubmit
    </Link>
  );
}

/** The seller's edit of a live listing: with our team, or not approved (the edit page says why). */
function ChangesNote({ listing: l }: { listing: { id: string; changes: SellerListingRow["changes"]; badge: string } }) {
  if (!l.changes || l.badge === "Sold") return null;
  return l.changes === "pending" ? (
    <span className="mt-1 block text-xs font-normal text-amber-900">Your changes are waiting for review.</span>
  ) : (
    <Link to={`/seller/listings/${l.id}/edit`} className="mt-1 block text-xs font-normal text-red-800 underline">
      Your changes were not approved: see why
    </Link>
  );
}

function MandateNotSigned({ listingId }: { listingId: string }) {
  return (
    <Link
      to={`/seller/mandate/${listingId}`}
      className="mt-1 block text-xs font-medium whitespace-nowrap text-red-700 underline"
    >
      Mandate not signed
    </Link>
  );
}

/** On a card: the unsigned mandate and the rejection reason, under the title. */
function ListingNotes({
  listing: l,
}: {
  listing: { id: string; badge: string; mandateSigned: boolean; rejectionReason: string | null };
}) {
  if (l.badge === "Rejected")
    return (
      <>
        <RejectionReason reason={l.rejectionReason} className="mt-2" />
        <ResubmitLink listingId={l.id} />
      </>
    );
  if (l.badge === "Pending" && !l.mandateSigned) return <MandateNotSigned listingId={l.id} />;
  return null;
}

/**
 * View details, edit (not once sold), the listing's mandate, and delete (confirmed in a dialog): icons
 * in the table, equal buttons with words on a phone's card.
 */
function ListingActions({
  listing: l,
  withLabels = false,
  className,
}: {
  listing: { id: string; title: string; badge: string };
  withLabels?: boolean;
  className?: string;
}) {
  const button = withLabels ? "w-full px-2" : undefined;
  const edit =
    l.badge !== "Sold" ? (
      <Button
        asChild
        size="sm"
        variant="outline"
        className={button}
        aria-label={`Edit ${l.title}`}
        title="Edit listing"
      >
        <Link to={`/seller/listings/${l.id}/edit`}>{withLabels ? "Edit listing" : <Pencil aria-hidden />}</Link>
      </Button>
    ) : null;
  // On a phone's card Edit has a row of its own above the three others, so each word fits its button.
  if (withLabels)
    return (
      <div className={cn("space-y-2", className)}>
        {edit}
        <ListingActionRow listing={l} button={button} className="grid grid-cols-3 gap-2" />
      </div>
    );
  return (
    <div className={cn("flex flex-wrap gap-2 lg:flex-nowrap", className)}>
      {edit}
      <ListingActionRow listing={l} className="contents" />
    </div>
  );
}

function ListingActionRow({
  listing: l,
  button,
  className,
}: {
  listing: { id: string; title: string };
  button?: string;
  className?: string;
}) {
  const withLabels = Boolean(button);
  return (
    <div className={className}>
      <Button
        asChild
        size="sm"
        variant="outline"
        className={button}
        aria-label={`View ${l.title}`}
        title="View details"
      >
        <Link to={`/listing/${l.id}`}>{withLabels ? "View" : <Eye aria-hidden />}</Link>
      </Button>
      <Button
        asChild
        size="sm"
        variant="outline"
        className={button}
        aria-label={`Mandate for ${l.title}`}
        title="Exclusive sales mandate"
      >
        <Link to={`/seller/mandate/${l.id}`}>{withLabels ? "Mandate" : <FileText aria-hidden />}</Link>
      </Button>
      <DeleteListingDialog listing={l} wordOnly={withLabels} className={button} />
    </div>
  );
}
