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
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { REQUEST_MESSAGE_MAX } from "#app/domain/request/request-limits.ts";
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
  confirmPurchase = false,
  total,
}: {
  listing: RequestListing;
  /** The page was asked for with its purchase confirmation (`?confirm=purchase`, how the button works without JavaScript). */
  confirmPurchase?: boolean;
  /** What the buyer pays at the listed price, formatted (the page's breakdown). */
  total: string;
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
            // Before JavaScript runs, the button asks for this page with its confirmation below (a GET).
            return (
              <form
                key={kind}
                method="get"
                action={`/listing/${listing.id}#${PURCHASE_CONFIRM_ID}`}
                className="contents"
              >
                <input type="hidden" name="confirm" value="purchase" />
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
              </form>
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
      {confirmPurchase && !purchaseSent ? <PurchaseConfirm listing={listing} total={total} /> : null}
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

const PURCHASE_CONFIRM_ID = "confirm-purchase";

/**
 * The purchase request's confirmation in the page, for a browser without JavaScript (with it, the
 * same button opens the dialog): the listing, what the buyer would pay, an optional message, and
 * nothing sent until "Send purchase request".
 */
function PurchaseConfirm({ listing, total }: { listing: RequestListing; total: string }) {
  return (
    <section
      id={PURCHASE_CONFIRM_ID}
      aria-labelledby={`${PURCHASE_CONFIRM_ID}-title`}
      className="scroll-mt-4 space-y-3 rounded-md border border-gray-200 p-4 sm:scroll-mt-28"
    >
      <h2 id={`${PURCHASE_CONFIRM_ID}-title`} className="text-lg font-semibold">
        Confirm your purchase request
      </h2>
      <p className="text-sm text-gray-600">
        Check the details below. Nothing is sent until you press “Send purchase request”.
      </p>
      <dl className="space-y-1 rounded-md border border-gray-200 bg-gray-50 p-3 text-sm">
        <div>
          <dt className="text-gray-600">Listing</dt>
          <dd className="font-medium [overflow-wrap:anywhere]">{listing.title}</dd>
        </div>
        <div className="flex justify-between gap-4 font-semibold">
          <dt>Total</dt>
          <dd className="whitespace-nowrap text-right">{total}</dd>
        </div>
      </dl>
      <Form method="post" action={`/listing/${listing.id}`} className="space-y-3">
        <div className="space-y-1.5">
          <Label htmlFor={`${PURCHASE_CONFIRM_ID}-message`}>Message (optional)</Label>
          <Textarea
            id={`${PURCHASE_CONFIRM_ID}-message`}
            name="message"
            maxLength={REQUEST_MESSAGE_MAX}
            className="min-h-20!"
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button asChild variant="outline">
            <Link to={`/listing/${listing.id}`}>Cancel</Link>
          </Button>
          <Button type="submit">Send purchase request</Button>
        </div>
      </Form>
    </section>
  );
}
