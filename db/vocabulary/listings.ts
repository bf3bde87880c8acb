/** A listing's words: categories, conditions, VAT, and the listing's, review's and revision's statuses. Part of db/vocabulary.ts. */

export const CATEGORIES = [
  "excavators",
  "cranes",
  "bulldozers",
  "loaders",
  "dump_trucks",
  "generators",
  "compressors",
  "welding_equipment",
  "other",
] as const;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_LABELS: Record<Category, string> = {
  excavators: "Excavators",
  cranes: "Cranes",
  bulldozers: "Bulldozers",
  loaders: "Loaders",
  dump_trucks: "Dump Trucks",
  generators: "Generators",
  compressors: "Compressors",
  welding_equipment: "Welding Equipment",
  other: "Other",
};

/** How a listing's price stands to VAT: no VAT (the seller is not VAT-registered), VAT included, or VAT to be added. */
export const VAT_MODES = ["none", "inclusive", "exclusive"] as const;
export type VatMode = (typeof VAT_MODES)[number];

export const CONDITIONS = ["new", "used", "refurbished"] as const;
export type Condition = (typeof CONDITIONS)[number];

/** Short names (a phone's narrow select shows them whole) and what each means. */
export const CONDITION_LABELS: Record<Condition, { label: string; meaning: string }> = {
  new: { label: "New", meaning: "brand new, never used" },
  used: { label: "Used", meaning: "previously used, good condition" },
  refurbished: { label: "Refurbished", meaning: "restored to like-new condition" },
};

export const LISTING_STATUSES = ["draft", "pending", "approved", "sold"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const ADMIN_STATUSES = ["pending", "approved", "rejected"] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

/** The admin's words for admin_status. */
export const ADMIN_STATUS_LABELS: Record<AdminStatus, string> = {
  pending: "Pending Review",
  approved: "Approved",
  rejected: "Rejected",
};

/**
 * A seller's edit of an approved listing's reviewed content waits as a revision: pending until the
 * admin approves or rejects it; withdrawn when the seller takes the changes back.
 */
export const REVISION_STATUSES = ["pending", "approved", "rejected", "withdrawn"] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];
