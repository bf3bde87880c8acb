/** Who is looking at the page: resolved on the server for every request. */
export type Role = "buyer" | "seller" | "admin";

export type Viewer = {
  userId: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** The profile role; null when the user has not chosen one yet. */
  role: Role | null;
  fullName: string | null;
  /**
   * Decided on the server: an active admin_access row — and, where admins must
   * use two-factor sign-in (ADMIN_TWO_FACTOR=required), two-factor turned on.
   */
  isAdmin: boolean;
  /** Two-factor sign-in is on for this account (always set by getViewer). */
  twoFactorEnabled?: boolean;
  /**
   * Holds admin access that waits for two-factor sign-in (ADMIN_TWO_FACTOR=required and
   * it is off): `isAdmin` is false until it is on; requireAdmin sends them to set it up.
   */
  adminNeedsTwoFactor?: boolean;
  hasSellerProfile: boolean;
  hasBuyerProfile: boolean;
  commissionAccepted: boolean;
};

/**
 * A buyer profile is complete once its row exists and the 2.5% buyer
 * commission is accepted (at /complete-profile or the buyer dashboard; a
 * buyer who signed up with the form has not accepted it yet). The catalogue,
 * the listing page, purchase requests and the dashboard's requests all ask
 * this one question.
 */
export function hasCompleteBuyerProfile(viewer: Pick<Viewer, "hasBuyerProfile" | "commissionAccepted">): boolean {
  return viewer.hasBuyerProfile && viewer.commissionAccepted;
}

/** Where a signed-in user lands (docs/product.md#roles-and-accounts). */
export function homePathFor(viewer: Pick<Viewer, "isAdmin" | "role" | "adminNeedsTwoFactor">): string {
  if (viewer.isAdmin || viewer.adminNeedsTwoFactor || viewer.role === "admin") return "/admin";
  if (viewer.role === "seller") return "/seller-dashboard";
  if (viewer.role === "buyer") return "/buyer-catalog";
  return "/select-role";
}
