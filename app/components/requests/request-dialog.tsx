/**
 * The confirmation dialog of a buyer's request, in two uses:
 * - from a listing page (see listing-requests.tsx): the fields the request
 *   needs, the listing, the amount (the offered amount for an offer), the
 *   2.5% buyer commission, the total and an optional message, sent from here;
 * - from the buyer dashboard's forms: what the form already holds, read back
 *   with the chosen listing's amounts (or "No specific listing"), and
 *   Confirm hands the send back to the form.
 * Either way nothing is sent until the buyer confirms.
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
import { VAT_ADDED_LABEL } from "#app/lib/commission.ts";
import type { VatMode } from "#db/vocabulary.ts";
import {
  formatPreferredDate,
  QUOTE_TYPE_LABELS,
  REQUEST_MESSAGE_MAX,
  VIEWING_TIMES,
} from "#app/domain/request/request-schemas.ts";
import type { BuyerRequestKind } from "#app/domain/request/request-state.ts";
import { cn } from "#app/lib/utils.ts";
import { plainRand } from "#app/lib/rand-input.ts";
import { NO_LISTING_LABEL } from "./listing-combobox.tsx";

export type RequestListing = { id: string; title: string; price: number; vat?: VatMode | null };

/** What a dashboard form holds once it has passed its checks. */
export type RequestAsked = {
  offerAmount?: string;
  preferredDate?: string;
  preferredTime?: string;
  quoteType?: string;
  details?: string;
  message?: string;
};

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

type OnListingPage = {
  kind: BuyerRequestKind;
  listing: RequestListing;
  /** Today in South Africa (YYYY-MM-DD): the first day a viewing may be asked for. */
  today: string;
  onClose: () => void;
  onSent: (toast: ActionToast) => void;
};

type FromForm = {
  kind: BuyerRequestKind;
  /** The chosen listing, or null for "No specific listing". */
  listing: RequestListing | null;
  asked: RequestAsked;
  /** The confirmed request is on its way. */
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
};

export default function RequestDialog(props: OnListingPage | FromForm) {
  const { busy, onClose } = { busy: false, ...props };
  return (
    <Dialog open onOpenChange={(next) => (next || busy ? null : onClose())}>
      {"asked" in props ? <ConfirmAsked {...props} /> : <RequestDialogContent {...props} />}
    </Dialog>
  );
}

function DialogIntro({ id, kind }: { id: string; kind: BuyerRequestKind }) {
  const { title, confirm } = KINDS[kind];
  return (
    <DialogHeader>
      <DialogTitle>{title}</DialogTitle>
      <DialogDescription id={`${id}-description`}>
        Check the details below. Nothing is sent until you press “{confirm}”.
      </DialogDescription>
    </DialogHeader>
  );
}

/**
 * The request at a glance: the listing, the amounts when there are any (an
 * offer's own amount, or the listing's price), then what else will be asked.
 * Long texts (the listing's title, details, a message) take the full width
 * under their label, so a phone never squeezes them into a narrow column.
 */
function RequestSummary({
  kind,
  listingTitle,
  withAmounts,
  amounts,
  rows = [],
}: {
  kind: BuyerRequestKind;
  listingTitle: string;
  /** Show the amount, commission and total (a dash until the amount is known). */
  withAmounts: boolean;
  amounts: ReturnType<typeof formatRequestAmounts> | null;
  rows?: SummaryRow[];
}) {
  const short = rows.filter((row) => !row.long);
  const long = rows.filter((row) => row.long);
  return (
    <section aria-label="Request summary" className="space-y-2 rounded-md border bg-gray-50 p-3 text-sm">
      <dl className="space-y-1">
        <div>
          <dt className="text-gray-600">Listing</dt>
          <dd className="font-medium [overflow-wrap:anywhere]">{listingTitle}</dd>
        </div>
        {withAmounts ? (
          <SummaryPairs
            rows={[
              { label: kind === "offer" ? "Your offer" : "Listing price", value: amounts?.amount ?? "—" },
              { label: "Buyer commission (2.5%)", value: amounts?.commission ?? "—" },
              ...(amounts?.vat ? [{ label: VAT_ADDED_LABEL, value: amounts.vat }] : []),
              { label: "Total", value: amounts?.total ?? "—", strong: true },
            ]}
          />
        ) : null}
        <SummaryPairs rows={short} />
        {long.map((row) => (
          <div key={row.label} className={GROUP_START}>
            <dt className="text-gray-600">{row.label}</dt>
            <dd className="whitespace-pre-line [overflow-wrap:anywhere]">{row.value}</dd>
          </div>
        ))}
      </dl>
      {withAmounts && (kind === "viewing" || kind === "quote") ? (
        <p className="text-xs text-gray-600">What you would pay at the listed price; nothing is charged now.</p>
      ) : null}
    </section>
  );
}

type SummaryRow = { label: string; value: string; long?: boolean; strong?: boolean };

const GROUP_START = "mt-2 border-t border-gray-200 pt-2";

/** Short values beside their labels (amounts never wrap); a strong row (the total) in bold. */
function SummaryPairs({ rows }: { rows: SummaryRow[] }) {
  return rows.map((row, i) => (
    <div key={row.label} className={cn("flex justify-between gap-4", i === 0 && GROUP_START, row.strong && "font-semibold")}>
      <dt className={row.strong ? undefined : "text-gray-600"}>{row.label}</dt>
      <dd className="whitespace-nowrap text-right">{row.value}</dd>
    </div>
  ));
}

/** A dashboard form's request, read back before it is sent. */
function ConfirmAsked({ kind, listing, asked, busy, onConfirm }: FromForm) {
  const id = useId();
  const { confirm } = KINDS[kind];
  // An offer counts its own amount; a viewing the chosen listing's price; a quote only says what it asks.
  const withAmounts = kind === "offer" || (kind !== "quote" && listing !== null);
  const amounts = withAmounts
    ? requestAmounts({
        kind,
        listingPrice: listing?.price ?? null,
        offerAmount: asked.offerAmount ? Number(asked.offerAmount) : null,
        vat: listing?.vat,
      })
    : null;
  const rows: SummaryRow[] = [];
  if (asked.preferredDate) rows.push({ label: "Preferred date", value: formatPreferredDate(asked.preferredDate) });
  if (asked.preferredTime) rows.push({ label: "Preferred time", value: asked.preferredTime });
  if (asked.quoteType) {
    const label = QUOTE_TYPE_LABELS[asked.quoteType as keyof typeof QUOTE_TYPE_LABELS] ?? asked.quoteType;
    rows.push({ label: "Quote type", value: label });
  }
  if (asked.details) rows.push({ label: "Details", value: asked.details, long: true });
  if (asked.message) rows.push({ label: "Message", value: asked.message, long: true });
  return (
    <DialogContent aria-describedby={`${id}-description`} className="max-w-lg">
      <DialogIntro id={id} kind={kind} />
      <RequestSummary
        kind={kind}
        listingTitle={listing?.title ?? NO_LISTING_LABEL}
        withAmounts={withAmounts}
        amounts={amounts ? formatRequestAmounts(amounts) : null}
        rows={rows}
      />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={busy}>
            Cancel
          </Button>
        </DialogClose>
        <Button type="button" disabled={busy} onClick={onConfirm}>
          {busy ? "Sending..." : confirm}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}

/** A request from a listing page: its fields, the summary and the message, sent from here. */
function RequestDialogContent({ kind, listing, today, onSent }: OnListingPage) {
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

  const offered = Number(plainRand(offer));
  const amounts = requestAmounts({ kind, listingPrice: listing.price, offerAmount: offer ? offered : null, vat: listing.vat });
  const shown = amounts ? formatRequestAmounts(amounts) : null;
  const error = answer?.toast?.type === "error" ? answer.toast : null;
  const fieldErrors = answer?.result?.error ?? null;
  const fieldError = (name: string) => fieldErrors?.[name]?.[0];
  const { confirm } = KINDS[kind];

  return (
    <DialogContent aria-describedby={`${id}-description`} className="max-w-lg">
      <DialogIntro id={id} kind={kind} />
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
                className="min-h-20!"
              />
              <FieldMessage text={fieldError("details")} />
            </div>
          </>
        ) : null}

        <RequestSummary kind={kind} listingTitle={listing.title} withAmounts amounts={shown} />

        <div className="space-y-1.5">
          <Label htmlFor={`${id}-message`}>Message (optional)</Label>
          <Textarea id={`${id}-message`} name="message" maxLength={REQUEST_MESSAGE_MAX} className="min-h-20!" />
        </div>

        {error ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
            <strong>{error.title}</strong> {error.description}
          </p>
        ) : null}

        <DialogFooter className="mt-2!">
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
