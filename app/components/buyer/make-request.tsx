import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { RequestableListing } from "#app/domain/request/find-user-requests.server.ts";
import type { RequestType } from "#app/domain/request/request-schemas.ts";
import type { BuyerAnswer } from "./buyer-answer.ts";
import { OfferForm, QuoteForm, ViewingForm } from "./request-forms.tsx";
import { SentNotice } from "./sent-notice.tsx";

const TABS = [
  { value: "offer", label: "Make Offer" },
  { value: "viewing", label: "Request Viewing" },
  { value: "quote", label: "Get Quote" },
] as const satisfies readonly { value: RequestType; label: string }[];

function tabOf(search: URLSearchParams): RequestType {
  const tab = search.get("tab");
  return tab === "viewing" || tab === "quote" ? tab : "offer";
}

/** "Make a Request": a tab per request type, each with its form; the tab and listing live in the address. */
export function MakeRequest({
  listings,
  today,
  answer,
}: {
  listings: RequestableListing[];
  today: string;
  answer: BuyerAnswer;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabOf(searchParams);
  // The chosen listing lives in the address (?listing=), so every tab keeps it. The form names it at
  // once: the address changes a moment later (a navigation), and a request sent meanwhile must not
  // go without it.
  const inAddress = searchParams.get("listing") ?? "";
  const [wanted, setWanted] = useState(inAddress);
  useEffect(() => setWanted(inAddress), [inAddress]);
  const listingId = listings.some((l) => l.id === wanted) ? wanted : "";
  const linkFor = (value: RequestType) => `?tab=${value}${listingId ? `&listing=${listingId}` : ""}`;
  const pickListing = (id: string) => {
    setWanted(id);
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set("listing", id);
        else next.delete("listing");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  const picker = { listings: listings, listingId, onPick: pickListing };
  return (
    <>
      {/* Three equal columns on a phone (a label may take two lines), so no tab is cut off. */}
      <nav
        aria-label="Request type"
        className="grid grid-cols-3 gap-1 rounded-lg bg-gray-100 p-1 text-gray-600 sm:inline-flex sm:items-center"
      >
        {TABS.map((t) => (
          <Link
            key={t.value}
            to={linkFor(t.value)}
            preventScrollReset
            replace
            aria-current={tab === t.value ? "page" : undefined}
            className="inline-flex min-h-9 items-center justify-center rounded-md px-2 py-1.5 text-center text-sm font-medium leading-tight sm:whitespace-nowrap transition-colors sm:px-3 hover:text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 aria-[current=page]:bg-white aria-[current=page]:text-brand-700 aria-[current=page]:shadow-sm"
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <div className="mt-4">
        <SentNotice answer={answer} intent={tab} />
        {tab === "offer" ? <OfferForm answer={answer} picker={picker} /> : null}
        {tab === "viewing" ? <ViewingForm today={today} answer={answer} picker={picker} /> : null}
        {tab === "quote" ? <QuoteForm answer={answer} picker={picker} /> : null}
      </div>
    </>
  );
}
