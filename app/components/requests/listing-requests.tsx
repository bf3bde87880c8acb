/**
 * A buyer's four requests from a listing page: purchase request, offer,
 * viewing request and quote request. Each opens a confirmation dialog with the
 * listing, the amount (the offered amount for an offer), the 2.5% buyer
 * commission and the total, and an optional message; nothing is sent until
 * the buyer confirms. Offers, viewings and quotes go to the buyer dashboard's
 * action (the same schemas and rules), the purchase request to the listing's.
 */
import { CalendarClock, Check, FileText, HandCoins, ShoppingCart } from "lucide-react";
import { lazy, Suspense, useState, type MouseEvent } from "react";
import { Form, Link } from "react-router";
import type { ActionToast } from "#app/components/forms/use-action-toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import type { BuyerRequestKind } from "#app/domain/request/request-state.ts";
import type { RequestListing } from "./request-dialog.tsx";

// The dialog (Radix, the forms and their rules) is fetched when a buyer first points at a button,
// so the listing page stays light for everyone else.
const loadDialog = () => import("./request-dialog.tsx");
const RequestDialog = lazy(loadDialog);

const TRIGGERS: Record<BuyerRequestKind, { label: string; icon: typeof ShoppingCart }> = {
  purchase: { label: "Make Purchase Request", icon: ShoppingCart },
  offer: { label: "Make an Offer", icon: HandCoins },
  viewing: { label: "Request Viewing", icon: CalendarClock },
  quote: { label: "Get a Quote", icon: FileText },
};

export function ListingRequests({
  listing,
  today,
  purchaseRequested,
}: {
  listing: RequestListing;
  /** Today in South Africa (YYYY-MM-DD): the first day a viewing may be asked for. */
  today: string;
  /** An open purchase request for this listing already exists. */
  purchaseRequested: boolean;
}) {
  const [open, setOpen] = useState<BuyerRequestKind | null>(null);
  const [purchaseSent, setPurchaseSent] = useState(purchaseRequested);
  const [lastSent, setLastSent] = useState<ActionToast | null>(null);
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-2 sm:flex sm:flex-wrap">
        {(Object.keys(TRIGGERS) as BuyerRequestKind[]).map((kind) => {
          const { label: trigger, icon: Icon } = TRIGGERS[kind];
          const openDialog = (e: MouseEvent) => {
            e.preventDefault();
            setOpen(kind);
          };
          const preload = () => void loadDialog();
          if (kind === "purchase") {
            const done = purchaseSent;
            // Before JavaScript runs, the button still sends the purchase request (the form posts).
            return (
              <Form key={kind} method="post" action={`/listing/${listing.id}`} className="contents">
                <Button
                  type="submit"
                  size="lg"
                  disabled={done}
                  onClick={openDialog}
                  onPointerEnter={preload}
                  onFocus={preload}
                  aria-haspopup="dialog"
                  className="w-full sm:w-auto"
                >
                  {done ? <Check aria-hidden /> : <Icon aria-hidden />} {done ? "Request sent" : trigger}
                </Button>
              </Form>
            );
          }
          // Before JavaScript runs, these open the same request on the buyer dashboard.
          return (
            <Button key={kind} asChild size="lg" variant="outline" className="w-full sm:w-auto">
              <Link
                to={`/buyer-dashboard?tab=${kind}&listing=${listing.id}`}
                onClick={openDialog}
                onPointerEnter={preload}
                onFocus={preload}
                aria-haspopup="dialog"
              >
                <Icon aria-hidden /> {trigger}
              </Link>
            </Button>
          );
        })}
      </div>
      {purchaseRequested && !lastSent ? (
        <p className="text-sm text-gray-600">
          You have sent a purchase request for this listing. A representative will contact you soon.
        </p>
      ) : null}
      {lastSent ? (
        <div role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-800">
          <strong>{lastSent.title}</strong> {lastSent.description} We have e-mailed you a receipt.
        </div>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <RequestDialog
            key={open}
            kind={open}
            listing={listing}
            today={today}
            onClose={() => setOpen(null)}
            onSent={(toast) => {
              if (open === "purchase") setPurchaseSent(true);
              setLastSent(toast);
              setOpen(null);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
