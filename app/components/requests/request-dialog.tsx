/**
 * The confirmation dialog of one request from a listing page (see
 * listing-requests.tsx): the fields the request needs, the listing, the
 * amount (the offered amount for an offer), the 2.5% buyer commission, the
 * total and an optional message. Nothing is sent until the buyer confirms.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { showActionToast, type ActionToast } from "#app/components/forms/use-action-toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { formatRequestAmounts, requestAmounts } from "#app/domain/request/request-amounts.ts";
import { QUOTE_TYPE_LABELS, VIEWING_TIMES } from "#app/domain/request/request-schemas.ts";
import type { BuyerRequestKind } from "#app/domain/request/request-state.ts";

export type RequestListing = { id: string; title: string; price: number };

const KINDS: Record<BuyerRequestKind, { title: string; confirm: string }> = {
  purchase: { title: "Confirm your purchase request", confirm: "Send purchase request" },
  offer: { title: "Make an offer", confirm: "Send offer" },
  viewing: { title: "Request a viewing", confirm: "Send viewing request" },
  quote: { title: "Get a quote", confirm: "Send quote request" },
};

type Answer = {
  toast?: ActionToast;
  sent?: boolean;
  result?: { error?: Record<string, string[] | null> | null } | null;
};

export default function RequestDialog(props: {
  kind: BuyerRequestKind;
  listing: RequestListing;
  today: string;
  onClose: () => void;
  onSent: (toast: ActionToast) => void;
}) {
  return (
    <Dialog open onOpenChange={(next) => (next ? null : props.onClose())}>
      <RequestDialogContent {...props} />
    </Dialog>
  );
}

function RequestDialogContent({
  kind,
  listing,
  today,
  onSent,
}: {
  kind: BuyerRequestKind;
  listing: RequestListing;
  today: string;
  onSent: (toast: ActionToast) => void;
}) {
  const fetcher = useFetcher<Answer>();
  const id = useId();
  const [offer, setOffer] = useState("");
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  const handled = useRef<Answer | undefined>(undefined);

  useEffect(() => {
    if (!answer || handled.current === answer || fetcher.state !== "idle") return;
    handled.current = answer;
    if (answer.toast) showActionToast(answer.toast);
    if (answer.toast?.type === "success") onSent(answer.toast);
  }, [answer, fetcher.state, onSent]);

  const offered = Number(offer.replace(/[\s\u00a0\u202f]/g, "").replace(/^R/i, ""));
  const amounts = requestAmounts({ kind, listingPrice: listing.price, offerAmount: offer ? offered : null });
  const shown = amounts ? formatRequestAmounts(amounts) : null;
  const error = answer?.toast?.type === "error" ? answer.toast : null;
  const fieldErrors = answer?.result?.error ?? null;
  const fieldError = (name: string) => fieldErrors?.[name]?.[0];
  const { title, confirm } = KINDS[kind];

  return (
    <DialogContent aria-describedby={`${id}-description`} className="max-w-lg">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription id={`${id}-description`}>
          Check the details below. Nothing is sent until you press “{confirm}”.
        </DialogDescription>
      </DialogHeader>
      <fetcher.Form
        method="post"
        action={kind === "purchase" ? `/listing/${listing.id}` : "/buyer-dashboard"}
        className="space-y-4"
      >
        {kind === "purchase" ? null : (
          <>
            <input type="hidden" name="intent" value={kind} />
            <input type="hidden" name="listingId" value={listing.id} />
          </>
        )}
        {kind === "offer" ? (
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-offer`}>Offer Amount (R)</Label>
            <Input
              id={`${id}-offer`}
              name="offerAmount"
              type="number"
              min="0.01"
              step="0.01"
              inputMode="decimal"
              placeholder="e.g. 450000"
              required
              value={offer}
              onChange={(e) => setOffer(e.target.value)}
              aria-invalid={fieldError("offerAmount") ? true : undefined}
            />
            <FieldMessage text={fieldError("offerAmount")} />
          </div>
        ) : null}
        {kind === "viewing" ? (
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-date`}>Preferred Date</Label>
              <Input id={`${id}-date`} name="preferredDate" type="date" min={today} required />
              <FieldMessage text={fieldError("preferredDate")} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-time`}>Preferred Time</Label>
              <NativeSelect id={`${id}-time`} name="preferredTime" required defaultValue="">
                <option value="">Select a time</option>
                {VIEWING_TIMES.map((time) => (
                  <option key={time} value={time}>
                    {time}
                  </option>
                ))}
              </NativeSelect>
              <FieldMessage text={fieldError("preferredTime")} />
            </div>
          </div>
        ) : null}
        {kind === "quote" ? (
          <>
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-quote-type`}>Quote Type</Label>
              <NativeSelect id={`${id}-quote-type`} name="quoteType" defaultValue="equipment-purchase" required>
                {Object.entries(QUOTE_TYPE_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={`${id}-details`}>Details</Label>
              <Textarea
                id={`${id}-details`}
                name="details"
                maxLength={5000}
                required
                placeholder="What do you need? Quantity, duration, delivery, location..."
                className="min-h-20"
              />
              <FieldMessage text={fieldError("details")} />
            </div>
          </>
        ) : null}

        <section aria-label="Request summary" className="rounded-md border bg-gray-50 p-3 text-sm">
          <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1">
            <dt className="text-gray-600">Listing</dt>
            <dd className="min-w-0 text-right font-medium [overflow-wrap:anywhere]">{listing.title}</dd>
            <dt className="text-gray-600">{kind === "offer" ? "Your offer" : "Listing price"}</dt>
            <dd className="text-right">{shown?.amount ?? "—"}</dd>
            <dt className="text-gray-600">Buyer commission (2.5%)</dt>
            <dd className="text-right">{shown?.commission ?? "—"}</dd>
            <dt className="font-semibold">Total</dt>
            <dd className="text-right font-semibold">{shown?.total ?? "—"}</dd>
          </dl>
          {kind === "viewing" || kind === "quote" ? (
            <p className="mt-2 text-xs text-gray-600">
              What you would pay at the listed price; nothing is charged now.
            </p>
          ) : null}
        </section>

        <div className="space-y-1.5">
          <Label htmlFor={`${id}-message`}>Message (optional)</Label>
          <Textarea id={`${id}-message`} name="message" maxLength={5000} className="min-h-20" />
        </div>

        {error ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
            <strong>{error.title}</strong> {error.description}
          </p>
        ) : null}

        <DialogFooter className="mt-2">
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={busy}>
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" disabled={busy}>
            {busy ? "Sending..." : confirm}
          </Button>
        </DialogFooter>
      </fetcher.Form>
    </DialogContent>
  );
}

function FieldMessage({ text }: { text: string | undefined }) {
  return text ? <p className="text-sm text-red-600">{text}</p> : null;
}
