/**
 * "Change price" under a listing's price on the seller's dashboard: a native disclosure with a plain
 * form, so it works before JavaScript loads. The new price applies at once (no new review); the
 * disclosure is keyed by the price, so a saved price closes it and a refused one leaves it open.
 */
import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";

export const CHANGE_PRICE_INTENT = "change-price";

export function ChangePriceForm({ listing }: { listing: { id: string; title: string; price: number } }) {
  const inputId = `price-${listing.id}`;
  return (
    <details key={listing.price} className="mt-1 text-sm">
      <summary className="cursor-pointer text-xs font-medium whitespace-nowrap text-brand-700 underline">
        Change price
      </summary>
      <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value={CHANGE_PRICE_INTENT} />
        <input type="hidden" name="listingId" value={listing.id} />
        <div className="min-w-0 space-y-1">
          <label htmlFor={inputId} className="block text-xs text-gray-600">
            New price (R)
          </label>
          <Input
            id={inputId}
            name="price"
            inputMode="decimal"
            required
            defaultValue={String(listing.price)}
            aria-label={`New price for ${listing.title} (R)`}
            className="h-9! w-36!"
          />
        </div>
        <Button type="submit" size="sm">
          Save price
        </Button>
      </Form>
    </details>
  );
}
