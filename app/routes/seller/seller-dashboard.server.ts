/** The seller dashboard's reads and its delete answer. */
import type { ActionToast } from "#app/components/forms/use-action-toast.ts";
import { findRejectionReasons } from "#app/domain/listing/find-rejection-reasons.server.ts";
import { findSellerDashboard } from "#app/domain/listing/find-seller-listings.server.ts";
import { findSellerAnalytics } from "#app/domain/listing/find-seller-analytics.server.ts";
import { findSellerLeads } from "#app/domain/request/find-seller-leads.server.ts";
import { todayInJohannesburg } from "#app/domain/request/request-schemas.ts";
import { deleteOwnListing } from "#app/domain/listing/moderate-listing.server.ts";
import { changeListingPrice, priceChangedMessage } from "#app/domain/listing/change-listing-price.server.ts";
import { ChangePriceSchema } from "#app/domain/listing/listing-schemas.ts";
import { manageOwnListing } from "#app/domain/listing/manage-own-listing.server.ts";
import type { SellerAction } from "#app/domain/listing/listing-state.ts";
import { isUuid } from "#app/lib/uuid.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { AppError } from "#app/lib/app-error.ts";
import { getVerificationStatus } from "#app/domain/verification/find-verifications.server.ts";
import { findOwnSellerPagePath } from "#app/domain/seller/get-seller-page.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";

/** The seller's listings (a rejected one with its reason), stats and signed mandates. */
export async function readSellerDashboard(options: {
  db: Runtime["db"];
  viewer: Viewer;
  page: number;
  allAgreements: boolean;
}) {
  const { db, viewer, page, allAgreements } = options;
  const [dashboard, analytics, leads, verification, sellerPage] = await Promise.all([
    findSellerDashboard({ db, userId: viewer.userId, page, allAgreements }),
    findSellerAnalytics({ db, userId: viewer.userId }),
    findSellerLeads({ db, viewer }),
    getVerificationStatus({ db, userId: viewer.userId }),
    findOwnSellerPagePath({ db, userId: viewer.userId }),
  ]);
  const rejected = dashboard.listings.filter((l) => l.badge === "Rejected").map((l) => l.id);
  const reasons = await findRejectionReasons({ db, listingIds: rejected });
  return {
    fullName: viewer.fullName ?? viewer.name,
    ...dashboard,
    analytics,
    leads,
    verification,
    sellerPage,
    today: todayInJohannesburg(),
    listings: dashboard.listings.map((l) => ({ ...l, rejectionReason: reasons.get(l.id) ?? null })),
  };
}

/** Deleting one of the seller's own listings; any refusal says only "Failed to delete listing". */
export async function deleteListingReply(options: { runtime: Runtime; viewer: Viewer; listingId: string }) {
  try {
    const { title } = await deleteOwnListing(options);
    return {
      toast: { type: "success", title: "Listing Deleted", description: `"${title}" was deleted.` } as ActionToast,
    };
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.code, "Error", "Failed to delete listing");
    throw error;
  }
}

/** The seller's new price for one of their listings: applied at once, with its history row. */
export async function changePriceReply(options: { db: Runtime["db"]; viewer: Viewer; formData: FormData }) {
  const parsed = ChangePriceSchema.safeParse(Object.fromEntries(options.formData));
  if (!parsed.success) throw new AppError("BAD_REQUEST", "Price not changed", parsed.error.issues[0]!.message);
  const result = await changeListingPrice({ db: options.db, viewer: options.viewer, ...parsed.data });
  return {
    toast: {
      type: "success",
      title: result.changed ? "Price Changed" : "Price Unchanged",
      description: priceChangedMessage(result),
    } as ActionToast,
  };
}

/** Withdraw, relist or mark sold one of the seller's own listings. */
export async function manageListingReply(options: {
  db: Runtime["db"];
  viewer: Viewer;
  listingId: string;
  action: SellerAction;
}) {
  if (!isUuid(options.listingId)) throw new AppError("NOT_FOUND", "Error", "Listing not found.");
  const { message } = await manageOwnListing(options);
  return { toast: { type: "success", title: "Listing Updated", description: message } as ActionToast };
}
