/**
 * The name a seller goes by in public (their page, "Sold by" on a listing): the company's name for a
 * company seller that gave one, else the seller's full name.
 */
export function sellerDisplayName(seller: {
  sellerType: string | null;
  companyName: string | null;
  fullName: string | null;
  /** The profile's name, when the seller row has none. */
  profileName?: string | null;
}) {
  const company = seller.companyName?.trim();
  if (seller.sellerType === "company" && company) return company;
  return seller.fullName?.trim() || seller.profileName?.trim() || "Seller";
}

/** The link to a seller's public page. */
export const sellerPagePath = (sellerId: string) => `/sellers/${sellerId}`;
