import { ArrowLeft, Printer } from "lucide-react";
import { useState } from "react";
import { data, Link, useNavigate } from "react-router";
import type { Route } from "./+types/listing-detail";
import { useHydrated } from "#app/components/forms/use-hydrated.ts";
import { useActionToast, type ActionToast } from "#app/components/forms/use-action-toast.ts";
import { FavouriteButton, PendingFavourite } from "#app/components/listing/favourite-button.tsx";
import { maySaveFavourites } from "#app/domain/favourite/favourite-rules.ts";
import { favouriteIds } from "#app/domain/favourite/toggle-favourite.server.ts";
import { ListingRequests } from "#app/components/requests/listing-requests.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { priceBreakdownWithVat, VAT_RATE_PERCENT } from "#app/lib/commission.ts";
import { SpecTable } from "#app/components/listing/spec-table.tsx";
import { CompareToggle } from "#app/components/compare/compare-toggle.tsx";
import { CompareTray } from "#app/components/compare/compare-tray.tsx";
import { usageMeter } from "#app/domain/listing/machine-specs.ts";
import { getPublicListing, visitorKey } from "#app/domain/listing/get-listing.server.ts";
import { reducedFrom } from "#app/domain/listing/change-listing-price.server.ts";
import { todayInJohannesburg } from "#app/domain/request/request-schemas.ts";
import { findRejectionReasons } from "#app/domain/listing/find-rejection-reasons.server.ts";
import { hasPendingRevision } from "#app/domain/listing/edit-own-listing.server.ts";
import { RejectionReason } from "#app/components/seller/rejection-reason.tsx";
import { VerifiedBadge } from "#app/components/seller/verified-badge.tsx";
import { sellerPagePath } from "#app/domain/seller/seller-name.ts";
import { createPurchaseRequest } from "#app/domain/transaction/create-purchase-request.server.ts";
import { getViewer } from "#app/server/get-viewer.server.ts";
import { hasCompleteBuyerProfile } from "#app/domain/user/viewer.ts";
import { hasOpenPurchaseRequest } from "#app/domain/transaction/find-purchase-request.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import { clientIp } from "#app/lib/client-ip.server.ts";
import { categoryLabel, formatPrice, formatShortDate } from "#app/lib/format.ts";
import { requireUser } from "#app/server/guards.server.ts";
import { enforceUserLimit } from "#app/lib/rate-limit.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { orError } from "#app/lib/respond.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { shortened } from "#app/lib/text-limits.ts";
import { PRODUCT_NAME, pageTitle } from "#app/lib/brand.ts";

export const meta: Route.MetaFunction = ({ data: loaderData }) => {
  if (!loaderData?.listing) {
    return [{ title: pageTitle("Listing Not Found") }, { name: "robots", content: "noindex" }];
  }
  const { listing, publicUrl } = loaderData;
  const url = `${publicUrl}/listing/${listing.id}`;
  const image = listing.images[0]
    ? `${listing.images[0].card.startsWith("http") ? "" : publicUrl}${listing.images[0].card}`
    : undefined;
  const description = shortened(
    `${formatPrice(listing.price)} · ${categoryLabel(listing.category)} · ${listing.location}. ${listing.description}`,
    157,
  );
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: listing.title,
    description: listing.description,
    category: categoryLabel(listing.category),
    image: image ? [image] : undefined,
    brand: listing.make ? { "@type": "Brand", name: listing.make } : undefined,
    model: listing.model ?? undefined,
    productionDate: listing.year ? String(listing.year) : undefined,
    additionalProperty: usageProperty(listing),
    itemCondition: `https://schema.org/${listing.condition === "new" ? "NewCondition" : listing.condition === "refurbished" ? "RefurbishedCondition" : "UsedCondition"}`,
    offers: {
      "@type": "Offer",
      price: listing.price.toFixed(2),
      priceCurrency: "ZAR",
      availability: "https://schema.org/InStock",
      url,
      priceValidUntil: listing.expiresOn.slice(0, 10),
    },
  };
  if (listing.preview)
    return [{ title: pageTitle(`${listing.title} (preview)`) }, { name: "robots", content: "noindex" }];
  return [
    { title: pageTitle(`${listing.title}`) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "product" },
    { property: "og:title", content: listing.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { "script:ld+json": jsonLd },
  ];
};

/** The meter reading as a schema.org PropertyValue (hours: unit code HUR; kilometres: KMT). */
function usageProperty(listing: { usage: number | null; category: string }) {
  const meter = usageMeter(listing.category);
  if (listing.usage === null || meter === "none") return undefined;
  return [
    {
      "@type": "PropertyValue",
      name: meter === "km" ? "Kilometres" : "Hours",
      value: listing.usage,
      unitCode: meter === "km" ? "KMT" : "HUR",
    },
  ];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // Public page: any visitor may read a public listing (the purchase action is guarded).
  const viewer = await getViewer(request);
  const runtime = await getRuntime();
  // Its seller and the admins may preview a listing that is not public (yet); everyone else gets a 404.
  const listing = await getPublicListing({
    db: runtime.db,
    storage: runtime.storage,
    id: params.id,
    previewer: viewer,
  });
  if (!listing) throw data({ notFound: true }, { status: 404 });
  if (!listing.preview && viewer?.userId !== listing.sellerUserId) {
    const key = visitorKey({
      userId: viewer?.userId,
      ip: clientIp(context),
      userAgent: request.headers.get("user-agent") ?? "",
      secret: runtime.env.SESSION_SECRET,
    });
    // Counted in memory and written in batches (record-listing-view.server.ts): the page never waits for it.
    runtime.listingViews.record({ listingId: listing.id, viewerKey: key });
  }
  const { sellerUserId: _s, sellerId: _i, ...publicListing } = listing;
  const canBuy = Boolean(!listing.preview && viewer && viewer.role === "buyer" && hasCompleteBuyerProfile(viewer));
  return {
    listing: publicListing,
    publicUrl: runtime.env.PUBLIC_URL,
    canBuy,
    requested:
      canBuy && viewer
        ? await hasOpenPurchaseRequest({ db: runtime.db, userId: viewer.userId, listingId: listing.id })
        : false,
    signedIn: Boolean(viewer),
    role: viewer?.role ?? null,
    // The purchase request's confirmation in the page (the button's way without JavaScript).
    confirmPurchase: canBuy && new URL(request.url).searchParams.get("confirm") === "purchase",
    favourite:
      viewer && maySaveFavourites(viewer)
        ? (await favouriteIds({ db: runtime.db, userId: viewer.userId, listingIds: [listing.id] })).length > 0
        : false,
    today: todayInJohannesburg(),
    reducedFrom: await reducedFrom({ db: runtime.db, listingId: listing.id, price: listing.price }),
    // For its seller: the way to edit it, and whether edits wait for review (the public sees this version).
    own:
      viewer?.userId === listing.sellerUserId
        ? {
            editable: listing.preview !== "Sold",
            changesPending: await hasPendingRevision({ db: runtime.db, listingId: listing.id }),
          }
        : null,
    // Only in a preview, which only the seller and the admins get.
    rejectionReason:
      listing.preview === "Rejected"
        ? ((await findRejectionReasons({ db: runtime.db, listingIds: [listing.id] })).get(listing.id) ?? null)
        : null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  const runtime = await getRuntime();
  return orError(async () => {
    const form = await readForm(request);
    const message = form.get("message");
    try {
      // A repeated request (double click, retry) answers the same: the open request stands.
      await enforceUserLimit(runtime, "purchase", viewer.userId);
      await createPurchaseRequest({
        db: runtime.db,
        viewer,
        listingId: params.id,
        message: typeof message === "string" ? message : null,
        mailer: { queueEmail: runtime.queueEmail, publicUrl: runtime.env.PUBLIC_URL },
      });
      return {
        toast: {
          type: "success",
          title: "Purchase Request Sent",
          description: "Your purchase request has been submitted successfully. A representative will contact you soon.",
        } as ActionToast,
      };
    } catch (error) {
      if (error instanceof AppError) throw error;
      logger.error({ err: error }, "purchase request failed");
      throw new AppError("BAD_REQUEST", "Error", "Failed to submit purchase request");
    }
  });
}

export default function ListingDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, canBuy, requested, signedIn, role, today, publicUrl, confirmPurchase } = loaderData;
  const navigate = useNavigate();
  useActionToast(actionData?.toast);
  const [active, setActive] = useState(0);
  const hydrated = useHydrated();
  const image = listing.images[active] ?? listing.images[0];
  const breakdown = priceBreakdownWithVat(listing.price, listing.vat);
  const address = `${publicUrl}/listing/${listing.id}`;

  // Printed (or saved as PDF), the page is one spec sheet: the marketplace's name and the listing's
  // address on top, the main photo beside the title and price, then the spec table and the price
  // breakdown; navigation, buttons, the description and the request forms stay on screen.
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 print:max-w-none print:p-0">
      <div className="hidden border-b border-gray-300 pb-2 text-sm print:mb-4 print:flex print:items-baseline print:justify-between print:gap-4">
        <p className="font-semibold">{PRODUCT_NAME} · Spec sheet</p>
        <p className="text-right" data-print-address>
          {address}
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="print:hidden"
        // React Router numbers the entries of this visit from 0 (history.state.idx): on the first (the
        // page opened from an e-mail, a search engine or another site) Back goes to the catalogue
        // instead of leaving the marketplace.
        onClick={() => ((window.history.state?.idx ?? 0) > 0 ? navigate(-1) : navigate("/equipment"))}
      >
        <ArrowLeft /> Back
      </Button>
      <div className="mt-4 grid grid-cols-1 gap-8 lg:grid-cols-2 print:mt-0 print:grid-cols-2 print:gap-x-6 print:gap-y-4">
        <section aria-label="Photos" className="print:break-inside-avoid">
          <img
            src={image?.full ?? "/placeholder.svg"}
            srcSet={image ? `${image.card} 800w, ${image.full} 1600w` : undefined}
            sizes="(min-width: 1024px) 560px, 100vw"
            alt={listing.title}
            width={image?.width ?? 800}
            height={image?.height ?? 600}
            fetchPriority="high"
            className="aspect-[4/3] w-full rounded-lg bg-gray-100 object-cover print:rounded-none"
            onError={(e) => {
              e.currentTarget.src = "/placeholder.svg";
              e.currentTarget.srcset = "";
            }}
          />
          {listing.images.length > 1 ? (
            <ul className="mt-3 grid grid-cols-5 gap-2 print:hidden">
              {listing.images.map((img, i) => (
                <li key={img.thumb}>
                  <button
                    type="button"
                    onClick={() => setActive(i)}
                    aria-label={`Photo ${i + 1} of ${listing.images.length}`}
                    aria-pressed={i === active}
                    className={`block w-full overflow-hidden rounded border-2 ${i === active ? "border-brand-600" : "border-transparent"}`}
                  >
                    <img src={img.thumb} alt="" loading="lazy" className="aspect-[4/3] w-full object-cover" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <section className="space-y-4 print:contents">
          <div className="space-y-4 print:space-y-2">
            <div className="flex flex-wrap gap-2">
              {listing.isUrgent ? <Badge variant="urgent">Urgent</Badge> : null}
              {listing.isBargain ? <Badge variant="bargain">Bargain</Badge> : null}
            </div>
            {listing.preview ? (
              <p role="status" className="rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-brand-900">
                <strong>Preview — {listing.preview}.</strong> This listing is not public: only its seller and the
                marketplace team can see this page.
                {listing.preview === "Rejected" ? (
                  <RejectionReason reason={loaderData.rejectionReason} className="mt-2" />
                ) : null}
              </p>
            ) : null}
            {loaderData.own ? (
              <div className="flex flex-wrap items-center gap-3 rounded-md border bg-gray-50 p-3 text-sm print:hidden">
                <p className="min-w-0 flex-1">
                  {loaderData.own.changesPending
                    ? "Your changes are waiting for review: buyers see this approved version until then."
                    : "This is your listing."}
                </p>
                {loaderData.own.editable ? (
                  <Button asChild size="sm" variant="outline">
                    <Link to={`/seller/listings/${listing.id}/edit`}>
                      {listing.preview === "Rejected" ? "Edit and resubmit" : "Edit listing"}
                    </Link>
                  </Button>
                ) : null}
              </div>
            ) : null}
            <div className="flex items-start justify-between gap-3">
              <h1 className="min-w-0 break-words text-3xl font-bold print:text-2xl">{listing.title}</h1>
              {listing.preview ? null : (
                <div className="print:hidden">
                  <FavouriteButton
                    listingId={listing.id}
                    favourite={loaderData.favourite}
                    signedIn={signedIn}
                    canSave={maySaveFavourites({ role })}
                    title={listing.title}
                  />
                </div>
              )}
              <PendingFavourite signedIn={signedIn} canSave={maySaveFavourites({ role })} />
            </div>
            <p className="text-3xl font-bold text-brand-700">{formatPrice(listing.price)}</p>
            {loaderData.reducedFrom ? (
              <p className="-mt-3 text-sm text-green-800">
                Reduced from <s>{formatPrice(loaderData.reducedFrom)}</s>
              </p>
            ) : null}
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-medium text-gray-600">Category</dt>
              <dd>{categoryLabel(listing.category)}</dd>
              <dt className="font-medium text-gray-600">Sold by</dt>
              <dd className="flex flex-wrap items-center gap-x-2 gap-y-1">
                {listing.seller.hasPage ? (
                  <Link
                    to={sellerPagePath(listing.seller.id)}
                    className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 print:text-gray-900 print:no-underline"
                  >
                    {listing.seller.name}
                  </Link>
                ) : (
                  <span>{listing.seller.name}</span>
                )}
                {listing.seller.isVerified ? <VerifiedBadge /> : null}
              </dd>
              <dt className="font-medium text-gray-600">Listed on</dt>
              <dd>{formatShortDate(listing.createdOn)}</dd>
            </dl>
            <div className="flex flex-wrap gap-2 print:hidden">
              {listing.preview ? null : <CompareToggle listingId={listing.id} title={listing.title} />}
              {/* The browser's own Print works without JavaScript; this button needs it. */}
              <Button type="button" variant="outline" disabled={!hydrated} onClick={() => window.print()}>
                <Printer aria-hidden /> Print spec sheet
              </Button>
            </div>
          </div>
          <div className="print:col-span-2 print:break-inside-avoid">
            <SpecTable listing={listing} />
          </div>
          <div className="print:hidden">
            <h2 className="font-semibold">Description</h2>
            <p className="mt-1 whitespace-pre-line text-gray-700">
              {listing.description || "No description available."}
            </p>
          </div>
          <div
            className="rounded-lg border bg-white p-4 text-sm print:col-span-2 print:break-inside-avoid"
            aria-label="Price breakdown"
          >
            <h2 className="font-semibold">Price breakdown</h2>
            <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1">
              <dt>
                Listing price
                {breakdown.vat === "exclusive" ? " (excl. VAT)" : breakdown.vat === "inclusive" ? " (incl. VAT)" : ""}
              </dt>
              <dd className="text-right">{formatPrice(breakdown.price)}</dd>
              {breakdown.vat === "exclusive" ? (
                <>
                  <dt>VAT ({VAT_RATE_PERCENT}%)</dt>
                  <dd className="text-right">{formatPrice(breakdown.vatAdded)}</dd>
                </>
              ) : null}
              <dt>Buyer commission (2.5%)</dt>
              <dd className="text-right">{formatPrice(breakdown.buyerCommission)}</dd>
              <dt className="font-semibold">You pay</dt>
              <dd className="text-right font-semibold">{formatPrice(breakdown.buyerPays)}</dd>
              <dt className="text-gray-600">Seller receives (97.5%)</dt>
              <dd className="text-right text-gray-600">{formatPrice(breakdown.sellerReceives)}</dd>
            </dl>
            {breakdown.vat === "inclusive" ? (
              <p className="mt-2 text-xs text-gray-600">
                The listing price includes VAT of {formatPrice(breakdown.vatIncluded)}.
              </p>
            ) : breakdown.vat === null ? (
              <p className="mt-2 text-xs text-gray-600">The seller has not said whether VAT applies.</p>
            ) : null}
          </div>
          {actionData?.toast ? (
            <div
              role={actionData.toast.type === "error" ? "alert" : "status"}
              className={`rounded-md border p-3 text-sm print:hidden ${actionData.toast.type === "error" ? "border-red-200 bg-red-50 text-red-700" : "border-green-200 bg-green-50 text-green-800"}`}
            >
              <strong>{actionData.toast.title}</strong> {actionData.toast.description}
            </div>
          ) : null}
          <div className="print:hidden">
            {listing.preview ? null : canBuy ? (
              <ListingRequests
                listing={{ id: listing.id, title: listing.title, price: listing.price, vat: listing.vat }}
                today={today}
                purchaseRequested={requested}
                confirmPurchase={confirmPurchase}
                total={formatPrice(breakdown.buyerPays)}
              />
            ) : signedIn ? (
              <p className="text-sm text-gray-600">
                Purchase requests are for buyers.{" "}
                {role === "buyer" ? (
                  <Link
                    to={`/buyer-dashboard?tab=offer&listing=${listing.id}`}
                    className="font-medium text-brand-700 underline"
                  >
                    Complete your buyer profile
                  </Link>
                ) : null}
              </p>
            ) : (
              <p className="text-sm">
                <Link
                  to={`/signin?redirectTo=${encodeURIComponent(`/listing/${listing.id}`)}`}
                  className="font-medium text-brand-700 underline"
                >
                  Sign in
                </Link>{" "}
                to make a purchase request.
              </p>
            )}
          </div>
        </section>
      </div>
      {listing.preview ? null : <CompareTray />}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto max-w-lg px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">Listing Not Found</h1>
      <p className="mt-2 text-gray-600">The listing you're looking for doesn't exist or has been removed.</p>
      <Button asChild className="mt-6">
        <Link to="/equipment">Browse the catalog</Link>
      </Button>
    </div>
  );
}
