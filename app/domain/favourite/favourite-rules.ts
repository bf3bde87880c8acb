/**
 * Who may save machines to a watchlist: buyer accounts. Anyone signed in may
 * remove a saved one (it is their own row). Shared by the hearts and the
 * server, which enforces it.
 */
import type { Role } from "#app/domain/user/viewer.ts";

export function maySaveFavourites(viewer: { role: Role | null } | null | undefined): boolean {
  return viewer?.role === "buyer";
}

/** The query parameter that carries a heart pressed before signing in back to the page. */
export const PENDING_FAVOURITE_PARAM = "favourite";

export const BUYER_ACCOUNT_REQUIRED = {
  title: "Buyer Account Required",
  message: "Saving machines to a watchlist is for buyer accounts.",
} as const;

/** Where a watched machine stands: on the market, or why not. */
export type WatchedState = "available" | "sold" | "withdrawn" | "expired" | "unavailable";

export const WATCHED_STATE_LABELS: Record<Exclude<WatchedState, "available">, string> = {
  sold: "Sold",
  withdrawn: "Withdrawn by the seller",
  expired: "Listing expired",
  unavailable: "Not on the market at the moment",
};
