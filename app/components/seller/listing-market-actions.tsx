/**
 * Withdraw or relist, and mark sold, under a listing on the seller's dashboard: plain forms, so they
 * work before JavaScript loads. Marking sold cannot be undone, so it asks once more in a disclosure.
 */
import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

export function ListingMarketActions({ listing }: { listing: { id: string; title: string; badge: string } }) {
  if (listing.badge === "Sold") return null;
  const withdrawn = listing.badge === "Withdrawn";
  return (
    <div className="mt-2 flex flex-wrap items-start gap-2 text-sm">
      <Form method="post">
        <input type="hidden" name="intent" value={withdrawn ? "relist" : "withdraw"} />
        <input type="hidden" name="listingId" value={listing.id} />
        <Button
          type="submit"
          size="sm"
          variant="outline"
          aria-label={`${withdrawn ? "Relist" : "Withdraw"} ${listing.title}`}
        >
          {withdrawn ? "Relist" : "Withdraw"}
        </Button>
      </Form>
      <details>
        <summary className="inline-flex h-9 cursor-pointer list-none items-center rounded-md border border-gray-300 bg-white px-3 text-sm font-medium shadow-sm hover:bg-gray-50 [&::-webkit-details-marker]:hidden">
          Mark as sold
        </summary>
        <Form method="post" className="mt-2 space-y-2">
          <input type="hidden" name="intent" value="mark-sold" />
          <input type="hidden" name="listingId" value={listing.id} />
          <p className="text-xs text-gray-600">Sold? This cannot be undone; buyers will no longer see it.</p>
          <Button type="submit" size="sm" aria-label={`Yes, mark ${listing.title} as sold`}>
            Yes, mark as sold
          </Button>
        </Form>
      </details>
    </div>
  );
}
