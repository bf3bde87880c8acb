import { Link } from "react-router";
import type { Route } from "./+types/seller-dashboard";
import { replyToContactAdmin } from "#app/components/contact/contact-admin-action.server.ts";
import { useActionToast } from "#app/components/forms/use-action-toast.ts";
import { pageParam } from "#app/components/pager.tsx";
import { NoScriptNotices } from "#app/components/layout/no-script-notices.tsx";
import { LegalAgreements } from "#app/components/seller/legal-agreements.tsx";
import { SellerDashboardHeader } from "#app/components/seller/seller-dashboard-header.tsx";
import { SellerListings } from "#app/components/seller/seller-listings.tsx";
import { SellerLeads } from "#app/components/seller/seller-leads.tsx";
import { replyToRequestMove } from "#app/components/requests/request-move-action.server.ts";
import { isSellerRequestIntent } from "#app/domain/request/request-move-schemas.ts";
import { SellerStats } from "#app/components/seller/seller-stats.tsx";
import { ViewsChart } from "#app/components/seller/views-chart.tsx";
import { CONTACT_ADMIN_INTENT } from "#app/domain/contact/contact-admin-schema.ts";
import { SELLER_COMMISSION_NOTE } from "#app/lib/commission.ts";
import { AppError } from "#app/lib/app-error.ts";
import { requireRole } from "#app/server/guards.server.ts";
import { orError } from "#app/lib/respond.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { pageTitle } from "#app/lib/brand.ts";
import {
  changePriceReply,
  deleteListingReply,
  manageListingReply,
  readSellerDashboard,
} from "./seller-dashboard.server.ts";
import type { Intent } from "./seller-dashboard.intents.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Seller Dashboard") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireRole(request, "seller");
  const { db } = await getRuntime();
  const query = new URL(request.url).searchParams;
  return readSellerDashboard({
    db,
    viewer,
    page: pageParam(query.get("page")),
    allAgreements: query.get("agreements") === "all",
  });
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireRole(request, "seller");
  const runtime = await getRuntime();
  const formData = await readForm(request);
  const intent = formData.get("intent") as Intent | null;
  if (intent === CONTACT_ADMIN_INTENT) return replyToContactAdmin({ db: runtime.db, viewer, formData });
  if (intent && isSellerRequestIntent(intent)) {
    return replyToRequestMove({ runtime, viewer, formData, intent, as: "seller", extra: {} });
  }
  return orError(async () => {
    if (intent === "delete")
      return deleteListingReply({ runtime, viewer, listingId: String(formData.get("listingId") ?? "") });
    if (intent === "change-price") return changePriceReply({ db: runtime.db, viewer, formData });
    if (intent === "withdraw" || intent === "relist" || intent === "mark-sold") {
      const listingId = String(formData.get("listingId") ?? "");
      return manageListingReply({ db: runtime.db, viewer, listingId, action: intent });
    }
    throw new AppError("BAD_REQUEST", "Error", "Unknown action.");
  });
}

export default function SellerDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const {
    fullName,
    listings,
    paging,
    stats,
    mandates,
    agreementsTotal,
    analytics,
    leads,
    today,
    verification,
    sellerPage,
  } = loaderData;
  useActionToast(actionData?.toast);
  const contact =
    actionData && "intent" in actionData && actionData.intent === CONTACT_ADMIN_INTENT ? actionData : undefined;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      {/* The listings' actions say their outcome in a toast; without JavaScript, here. */}
      <NoScriptNotices notices={actionData?.toast ? [actionData.toast] : []} className="mb-6" />
      <SellerDashboardHeader
        fullName={fullName}
        contact={contact}
        verification={verification}
        sellerPage={sellerPage}
      />

      <p className="mt-4 rounded-md bg-brand-50 p-3 text-sm text-brand-700">
        On a phone? Use the{" "}
        <Link to="/seller/create" className="font-medium underline">
          full-screen uploader
        </Link>{" "}
        — it works best with Android and Samsung cameras.
      </p>
      <p className="mt-2 text-sm text-gray-600">{SELLER_COMMISSION_NOTE}</p>

      <SellerStats stats={stats} />
      <ViewsChart analytics={analytics} />
      <SellerListings listings={listings} paging={paging} />
      <SellerLeads leads={leads} today={today} />
      <LegalAgreements mandates={mandates} total={agreementsTotal} page={paging.page} />
    </div>
  );
}
