/**
 * The whole data model. better-auth owns user/session/account/
 * verification; everything else is the marketplace. Money is numeric, never
 * float; enums are text columns with check constraints so the same SQL runs on
 * PGlite (PostgreSQL 18) and PostgreSQL 15.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  type AnyPgColumn,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  ADMIN_STATUSES,
  CATEGORIES,
  CONDITIONS,
  ALERT_FREQUENCIES,
  CONSENT_PURPOSES,
  DATA_EXPORT_STATUSES,
  SELLER_DOCUMENT_KINDS,
  VERIFICATION_STATUSES,
  LISTING_STATUSES,
  MANDATE_STATUSES,
  NOTIFICATION_TYPES,
  OUTBOX_STATUSES,
  QUOTE_TYPES,
  REQUEST_ACTORS,
  REQUEST_MOVES,
  FINISHED_REQUEST_STATUSES,
  REQUEST_STATUSES,
  REQUEST_TYPES,
  REVISION_STATUSES,
  ROLES,
  SELLER_ROLES,
  SELLER_TYPES,
  SIGNATURE_METHODS,
  SIGNUP_ROLES,
  VAT_MODES,
} from "./vocabulary.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`"${column}" in (${values.map((v) => `'${v}'`).join(", ")})`);

// ---------------------------------------------------------------- better-auth
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  /** better-auth's two-factor plugin: set once a TOTP app is confirmed. */
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Deleting a row, by whatever path (sign-out, access changes, a password reset,
 * the user's cascade), announces `session-ended` on the notifications channel:
 * trigger `session_ended_signal` (migration 0007); the live-notification
 * stream of that session closes on it.
 */
export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

/** better-auth's two-factor plugin: the TOTP secret and backup codes (both encrypted by better-auth). */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /**
     * Ours, not better-auth's: the 30-second step of the last code from the app that was accepted
     * (a sign-in, confirming the setup, turning it off, deleting the account). A code of that step
     * or an earlier one is refused, so a code seen over someone's shoulder cannot be used again.
     */
    lastUsedStep: integer("last_used_step"),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

// ---------------------------------------------------------------- people
export const profiles = pgTable(
  "profiles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role", { enum: ROLES }),
    fullName: text("full_name"),
    companyName: text("company_name"),
    website: text("website"),
    email: text("email"),
    phoneNumber: text("phone_number"),
    sellerType: text("seller_type", { enum: SELLER_TYPES }),
    sellerRole: text("seller_role", { enum: SELLER_ROLES }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("profiles_role_check", sql`${t.role} is null or ${inList("role", ROLES)}`),
    check("profiles_seller_type_check", sql`${t.sellerType} is null or ${inList("seller_type", SELLER_TYPES)}`),
    check("profiles_seller_role_check", sql`${t.sellerRole} is null or ${inList("seller_role", SELLER_ROLES)}`),
  ],
);

export const sellers = pgTable(
  "sellers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    fullName: text("full_name"),
    phoneNumber: text("phone_number"),
    sellerType: text("seller_type", { enum: SELLER_TYPES }),
    sellerRole: text("seller_role", { enum: SELLER_ROLES }),
    /** Where the seller's identity check stands (VERIFICATION_STATUSES). */
    verificationStatus: text("verification_status", { enum: VERIFICATION_STATUSES }).notNull().default("unverified"),
    /** Derived, for the badge: true only while verified. */
    isVerified: boolean("is_verified").generatedAlwaysAs((): ReturnType<typeof sql> => sql`verification_status = 'verified'`),
    /** The admin's reason when the documents were not accepted. */
    verificationReason: text("verification_reason"),
    verificationSubmittedAt: timestamp("verification_submitted_at", { withTimezone: true }),
    verificationDecidedAt: timestamp("verification_decided_at", { withTimezone: true }),
    verificationDecidedBy: text("verification_decided_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("sellers_seller_type_check", sql`${t.sellerType} is null or ${inList("seller_type", SELLER_TYPES)}`),
    check("sellers_seller_role_check", sql`${t.sellerRole} is null or ${inList("seller_role", SELLER_ROLES)}`),
    check("sellers_verification_status_check", inList("verification_status", VERIFICATION_STATUSES)),
    index("sellers_verification_pending_idx").on(t.verificationSubmittedAt).where(sql`${t.verificationStatus} = 'pending'`),
  ],
);

/**
 * A seller's verification documents, stored privately (`private/verification/<user id>/…`): only the seller and
 * admins fetch them, as attachments. One current document per kind; deleted with the account.
 */
export const sellerDocuments = pgTable(
  "seller_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: SELLER_DOCUMENT_KINDS }).notNull(),
    storageKey: text("storage_key").notNull().unique(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("seller_documents_kind_check", inList("kind", SELLER_DOCUMENT_KINDS)),
    uniqueIndex("seller_documents_user_kind_idx").on(t.userId, t.kind),
  ],
);

export const buyers = pgTable("buyers", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: "cascade" }),
  phoneNumber: text("phone_number"),
  commissionAccepted: boolean("commission_accepted").notNull().default(false),
  companyName: text("company_name"),
  /** The buyer's province (optional): what a seller may see of where a lead comes from. */
  province: text("province"),
  createdAt: createdAt(),
});

export const adminAccess = pgTable(
  "admin_access",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: "cascade" }),
    grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
    grantedBy: text("granted_by").references(() => user.id, { onDelete: "set null" }),
    notes: text("notes"),
    isActive: boolean("is_active").notNull().default(true),
  },
  (t) => [index("admin_access_active_idx").on(t.userId).where(sql`${t.isActive}`)],
);

export const approvedSellers = pgTable("approved_sellers", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id")
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: "cascade" }),
  approvedAt: timestamp("approved_at", { withTimezone: true }).notNull().defaultNow(),
  approvedBy: text("approved_by").references(() => user.id, { onDelete: "set null" }),
  isActive: boolean("is_active").notNull().default(true),
});

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const tsquery = customType<{ data: string }>({ dataType: () => "tsquery" });

// ---------------------------------------------------------------- listings
/**
 * Which listings anyone may see, written once: approved by the flow and by an
 * admin, not archived (withdrawn by its seller or taken down), not flagged
 * expired. The partial indexes below are defined with it, and
 * `isPublicListing` (app/domain/listing/listing-visibility.server.ts) adds the
 * date check an index cannot hold (now() moves).
 */
export const publicListingWhere = (t: { status: AnyPgColumn; adminStatus: AnyPgColumn; archived: AnyPgColumn; expired: AnyPgColumn }) =>
  sql`${t.status} = 'approved' and ${t.adminStatus} = 'approved' and not ${t.archived} and not ${t.expired}`;

export const listings = pgTable(
  "listings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    price: numeric("price", { precision: 14, scale: 2 }).notNull(),
    category: text("category", { enum: CATEGORIES }).notNull(),
    condition: text("condition", { enum: CONDITIONS }).notNull(),
    location: text("location").notNull().default(""),
    isUrgent: boolean("is_urgent").notNull().default(false),
    isBargain: boolean("is_bargain").notNull().default(false),
    status: text("status", { enum: LISTING_STATUSES }).notNull().default("pending"),
    adminStatus: text("admin_status", { enum: ADMIN_STATUSES }).notNull().default("pending"),
    archived: boolean("archived").notNull().default(false),
    /** When its seller withdrew it (archived); relisting after 30 days sends it back to review. */
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    /** Set by the daily expire-listings job once expires_on has passed (reads also check the date). */
    expired: boolean("expired").notNull().default(false),
    /** When its seller was reminded that the mandate's term ends (once per term; a renewal clears it). */
    expiryRemindedAt: timestamp("expiry_reminded_at", { withTimezone: true }),
    // The machine's details (docs/product.md#machine-details); null where the seller did not say.
    /** One name per make (normaliseMake: "CAT" is stored as "Caterpillar"). */
    make: text("make"),
    model: text("model"),
    year: smallint("year"),
    /** Hours or kilometres, as the category's meter counts (USAGE_METERS); null for none. */
    usage: integer("usage"),
    /** Shown whole to admins only; the public sees the last four characters. */
    serial: text("serial"),
    weightKg: integer("weight_kg"),
    powerKw: integer("power_kw"),
    attachments: text("attachments").array().notNull().default(sql`'{}'::text[]`),
    /** How the price stands to VAT: none (seller not VAT-registered), inclusive or exclusive. */
    vat: text("vat", { enum: VAT_MODES }),
    /** Full-text search: title, make and model (A), description (B), category and location (C). */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      (): ReturnType<typeof sql> =>
        sql`setweight(to_tsvector('english'::regconfig, coalesce(title, '') || ' ' || coalesce(make, '') || ' ' || coalesce(model, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') || setweight(to_tsvector('simple'::regconfig, replace(category, '_', ' ') || ' ' || coalesce(location, '')), 'C')`,
    ),
    createdOn: timestamp("created_on", { withTimezone: true }).notNull().defaultNow(),
    expiresOn: timestamp("expires_on", { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("listings_price_check", sql`${t.price} >= 0`),
    check("listings_category_check", inList("category", CATEGORIES)),
    check("listings_condition_check", inList("condition", CONDITIONS)),
    check("listings_status_check", inList("status", LISTING_STATUSES)),
    check("listings_admin_status_check", inList("admin_status", ADMIN_STATUSES)),
    check("listings_title_check", sql`length(trim(${t.title})) > 0`),
    check("listings_year_check", sql`${t.year} between 1900 and 2100`),
    check("listings_usage_check", sql`${t.usage} >= 0`),
    check("listings_weight_check", sql`${t.weightKg} > 0`),
    check("listings_power_check", sql`${t.powerKw} > 0`),
    check("listings_vat_check", inList("vat", VAT_MODES)),
    index("listings_seller_idx").on(t.sellerId, t.createdOn.desc().nullsFirst()),
    // The public visibility filter: approved twice, not archived; newest first.
    // Every DESC index column says NULLS FIRST: that is what `order by x desc` (drizzle's desc()) means,
    // and PostgreSQL uses an index for an ORDER BY only when the nulls order matches too
    // (drizzle-kit's default, DESC NULLS LAST, made the catalog sort a million rows; see docs/performance.md).
    index("listings_public_idx")
      .on(t.createdOn.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(publicListingWhere(t)),
    index("listings_public_bargain_idx")
      .on(t.createdOn.desc().nullsFirst())
      .where(
        sql`${t.isBargain} and ${publicListingWhere(t)}`,
      ),
    index("listings_expiry_idx").on(t.expiresOn).where(sql`not ${t.expired}`),
    index("listings_search_idx").using("gin", t.searchVector),
    index("listings_public_price_idx")
      .on(t.price, t.id)
      .where(publicListingWhere(t)),
    index("listings_public_category_idx")
      .on(t.category, t.createdOn.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(publicListingWhere(t)),
    // A category with a price sort: prices differ by category (cranes cost more than welders), so walking
    // listings_public_price_idx for one category could pass 100,000+ rows of others first.
    index("listings_public_category_price_idx")
      .on(t.category, t.price, t.id)
      .where(publicListingWhere(t)),
    // The machine-details filters and sorts (make, year newest first, lowest usage first, model prefix).
    // A missing year sorts as 0 and missing usage as the largest integer, so those listings come last.
    index("listings_public_make_idx")
      .on(t.make, t.createdOn.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(publicListingWhere(t)),
    index("listings_public_year_idx")
      .on(sql`(coalesce(${t.year}, 0)) desc`, t.id.desc().nullsFirst())
      .where(publicListingWhere(t)),
    index("listings_public_usage_idx")
      .on(sql`(coalesce(${t.usage}, 2147483647))`, t.id)
      .where(publicListingWhere(t)),
    index("listings_public_make_usage_idx")
      .on(t.make, sql`(coalesce(${t.usage}, 2147483647))`, t.id)
      .where(publicListingWhere(t)),
    // A make within a category (Caterpillar cranes): with the extended statistics of migration 0011 the
    // planner knows which pairs are rare instead of multiplying two common shares.
    index("listings_public_make_category_idx")
      .on(t.make, t.category)
      .where(sql`${t.make} is not null and ${publicListingWhere(t)}`),
    index("listings_public_model_idx")
      .on(sql`lower(${t.model}) text_pattern_ops`)
      .where(sql`${t.model} is not null and ${publicListingWhere(t)}`),
    index("listings_admin_queue_idx").on(t.adminStatus, t.createdOn.desc().nullsFirst()),
  ],
);

/**
 * The cheapest and dearest price of any listing (public or not) whose search
 * vector holds each lexeme: a bound that lets a search sorted by price start
 * its walk of the price index where the first match can be, instead of at the
 * cheapest listing of all (a broad word such as "excavator" sorted by price
 * walked 240,000 cheaper rows at a million listings). Kept by the trigger
 * `listings_term_prices_track` (migration 0005): it only widens, so a bound is
 * never too tight; `refresh_listing_term_prices()` recomputes it exactly.
 */
export const listingTermPrices = pgTable("listing_term_prices", {
  lexeme: text("lexeme").primaryKey(),
  minPrice: numeric("min_price", { precision: 14, scale: 2 }).notNull(),
  maxPrice: numeric("max_price", { precision: 14, scale: 2 }).notNull(),
});

export const listingImages = pgTable(
  "listing_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    position: integer("position").notNull().default(0),
    /** Storage key prefix; variants are `${key}-{thumb,card,full}.webp`. */
    storageKey: text("storage_key").notNull(),
    width: integer("width"),
    height: integer("height"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("listing_images_position_idx").on(t.listingId, t.position),
    check("listing_images_position_check", sql`${t.position} between 0 and 4`),
  ],
);

export const favourites = pgTable(
  "favourites",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    /** The price when the machine was saved: the watchlist shows any drop since. */
    savedPrice: numeric("saved_price", { precision: 14, scale: 2 }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("favourites_once_idx").on(t.userId, t.listingId), index("favourites_user_idx").on(t.userId, t.createdAt.desc().nullsFirst())],
);

export const listingViews = pgTable(
  "listing_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    /** A user id or a hashed anonymous visitor key. */
    viewerKey: text("viewer_key").notNull(),
    viewedOn: date("viewed_on").notNull().default(sql`current_date`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("listing_views_once_per_day_idx").on(t.listingId, t.viewerKey, t.viewedOn)],
);

/** Every change of a listing's price (docs/product.md#listing-lifecycle): the listing page's "Reduced from". */
export const listingPriceChanges = pgTable(
  "listing_price_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    oldPrice: numeric("old_price", { precision: 14, scale: 2 }).notNull(),
    newPrice: numeric("new_price", { precision: 14, scale: 2 }).notNull(),
    changedBy: text("changed_by").references(() => user.id, { onDelete: "set null" }),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("listing_price_changes_listing_idx").on(t.listingId, t.changedAt.desc().nullsFirst())],
);

/** The reviewed content of a listing as its seller edited it (docs/product.md#editing-a-listing). */
export type RevisionContent = {
  title: string;
  description: string;
  category: (typeof CATEGORIES)[number];
  condition: (typeof CONDITIONS)[number];
  make: string | null;
  model: string | null;
  year: number | null;
  usage: number | null;
  serial: string | null;
  weightKg: number | null;
  powerKw: number | null;
  attachments: string[];
  vat: (typeof VAT_MODES)[number] | null;
};
/** One photo of a revision, in order (the first is the cover): a live photo's key or a new one's. */
export type RevisionPhoto = { storageKey: string; width: number | null; height: number | null };

/**
 * A seller's edit of an approved listing's reviewed content (title, description, category,
 * condition, machine details, photos), waiting for the admin while the public keeps seeing the
 * approved version. At most one pending per listing; new photos are stored under
 * `public/listings/<revision id>/` (seen only by the seller and admins) until approval copies them.
 */
export const listingRevisions = pgTable(
  "listing_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    status: text("status", { enum: REVISION_STATUSES }).notNull().default("pending"),
    content: jsonb("content").$type<RevisionContent>().notNull(),
    photos: jsonb("photos").$type<RevisionPhoto[]>().notNull(),
    submittedBy: text("submitted_by").references(() => user.id, { onDelete: "set null" }),
    decidedBy: text("decided_by").references(() => user.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The admin's reason for a rejection (optional). */
    reason: text("reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("listing_revisions_status_check", inList("status", REVISION_STATUSES)),
    uniqueIndex("listing_revisions_pending_idx").on(t.listingId).where(sql`${t.status} = 'pending'`),
    index("listing_revisions_listing_idx").on(t.listingId, t.createdAt.desc().nullsFirst()),
    index("listing_revisions_queue_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

export const transactions = pgTable(
  "transactions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    buyerId: uuid("buyer_id")
      .notNull()
      .references(() => buyers.id, { onDelete: "cascade" }),
    sellerId: uuid("seller_id")
      .notNull()
      .references(() => sellers.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull(),
    /** The buyer's optional note with the purchase request (trimmed; none is null). */
    message: text("message"),
    status: text("status", { enum: REQUEST_STATUSES }).notNull().default("new"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("transactions_amount_check", sql`${t.amount} >= 0`),
    check("transactions_status_check", inList("status", REQUEST_STATUSES)),
    index("transactions_buyer_idx").on(t.buyerId, t.createdAt.desc().nullsFirst()),
    index("transactions_seller_idx").on(t.sellerId, t.createdAt.desc().nullsFirst()),
    index("transactions_listing_idx").on(t.listingId),
    // One open purchase request per buyer and listing (a declined, withdrawn, sold or closed one is over).
    uniqueIndex("transactions_open_once_idx")
      .on(t.buyerId, t.listingId)
      .where(sql`not ${inList("status", FINISHED_REQUEST_STATUSES)}`),
  ],
);

// ---------------------------------------------------------------- messages
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    message: text("message").notNull(),
    type: text("type", { enum: NOTIFICATION_TYPES }).notNull().default("generic"),
    /** A page of the app the notification leads to (a path such as /seller/renew/…), if any. */
    link: text("link"),
    read: boolean("read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check("notifications_type_check", inList("type", NOTIFICATION_TYPES)),
    index("notifications_user_idx").on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("notifications_unread_idx").on(t.userId).where(sql`not ${t.read}`),
  ],
);

export const pendingInvitations = pgTable(
  "pending_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull().unique(),
    email: text("email").notNull(),
    fullName: text("full_name"),
    role: text("role", { enum: SIGNUP_ROLES }).notNull().default("buyer"),
    customMessage: text("custom_message"),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    used: boolean("used").notNull().default(false),
    usedAt: timestamp("used_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("pending_invitations_role_check", inList("role", SIGNUP_ROLES)),
    index("pending_invitations_email_idx").on(t.email),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject").notNull().default(""),
    message: text("message").notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    /** The sender's address, for the contact form's rate limit. */
    ipAddress: text("ip_address"),
    handled: boolean("handled").notNull().default(false),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt.desc().nullsFirst()),
    index("contact_messages_ip_idx").on(t.ipAddress, t.createdAt),
  ],
);

export const userRequests = pgTable(
  "user_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    requestType: text("request_type", { enum: REQUEST_TYPES }).notNull(),
    offerAmount: numeric("offer_amount", { precision: 14, scale: 2 }),
    preferredDate: date("preferred_date"),
    preferredTime: text("preferred_time"),
    quoteType: text("quote_type", { enum: QUOTE_TYPES }),
    details: text("details"),
    message: text("message"),
    listingId: uuid("listing_id").references(() => listings.id, { onDelete: "set null" }),
    status: text("status", { enum: REQUEST_STATUSES }).notNull().default("new"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("user_requests_type_check", inList("request_type", REQUEST_TYPES)),
    check("user_requests_status_check", inList("status", REQUEST_STATUSES)),
    check("user_requests_offer_check", sql`${t.offerAmount} is null or ${t.offerAmount} > 0`),
    check("user_requests_quote_type_check", sql`${t.quoteType} is null or ${inList("quote_type", QUOTE_TYPES)}`),
    index("user_requests_created_idx").on(t.createdAt.desc().nullsFirst()),
    index("user_requests_user_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * The history of a request's negotiation (docs/product.md#requests): every move
 * of the buyer, the seller or an admin, with the amount or viewing slot it put
 * on the table and its message. Belongs to an offer, viewing or quote
 * (`user_requests`) or to a purchase request (`transactions`), never both.
 */
export const requestEvents = pgTable(
  "request_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userRequestId: uuid("user_request_id").references(() => userRequests.id, { onDelete: "cascade" }),
    transactionId: uuid("transaction_id").references(() => transactions.id, { onDelete: "cascade" }),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    actorRole: text("actor_role", { enum: REQUEST_ACTORS }).notNull(),
    move: text("move", { enum: REQUEST_MOVES }).notNull(),
    fromStatus: text("from_status", { enum: REQUEST_STATUSES }).notNull(),
    toStatus: text("to_status", { enum: REQUEST_STATUSES }).notNull(),
    amount: numeric("amount", { precision: 14, scale: 2 }),
    preferredDate: date("preferred_date"),
    preferredTime: text("preferred_time"),
    message: text("message"),
    createdAt: createdAt(),
  },
  (t) => [
    check("request_events_one_request_check", sql`num_nonnulls(${t.userRequestId}, ${t.transactionId}) = 1`),
    check("request_events_actor_check", inList("actor_role", REQUEST_ACTORS)),
    check("request_events_move_check", inList("move", REQUEST_MOVES)),
    check("request_events_amount_check", sql`${t.amount} is null or ${t.amount} > 0`),
    index("request_events_user_request_idx").on(t.userRequestId, t.createdAt),
    index("request_events_transaction_idx").on(t.transactionId, t.createdAt),
  ],
);

export const mandateAgreements = pgTable(
  "mandate_agreements",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * Null once the listing is deleted: a signed mandate is the record of the agreement (and of the
     * fee owed if the machine is sold privately within its term), so it outlives the listing. It goes
     * with the seller's account, PDF included, except a completed sale's: that one is kept anonymised
     * (user_id null, e-mail and address removed, no PDF) until `retain_until` (docs/privacy.md).
     */
    listingId: uuid("listing_id").references(() => listings.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    listingTitle: text("listing_title").notNull(),
    termsText: text("terms_text").notNull(),
    signatureMethod: text("signature_method", { enum: SIGNATURE_METHODS }).notNull(),
    status: text("status", { enum: MANDATE_STATUSES }).notNull().default("signed"),
    ipAddress: text("ip_address").notNull().default("Unknown"),
    userEmail: text("user_email").notNull(),
    signedPdfKey: text("signed_pdf_key"),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    /** A renewal of the listing's mandate for a further term (term_starts..term_ends); false for the first. */
    renewal: boolean("renewal").notNull().default(false),
    termStarts: timestamp("term_starts", { withTimezone: true }),
    termEnds: timestamp("term_ends", { withTimezone: true }),
    /** Set when the seller's account was deleted and this completed sale's record was kept without them. */
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
    /** An anonymised record is removed after this date (the retention period in docs/privacy.md). */
    retainUntil: timestamp("retain_until", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("mandate_agreements_method_check", inList("signature_method", SIGNATURE_METHODS)),
    check("mandate_agreements_owner_check", sql`${t.userId} is not null or ${t.anonymisedAt} is not null`),
    check("mandate_agreements_status_check", inList("status", MANDATE_STATUSES)),
    index("mandate_agreements_listing_idx").on(t.listingId),
    index("mandate_agreements_user_idx").on(t.userId),
  ],
);

export const feedback = pgTable(
  "feedback",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    userType: text("user_type", { enum: SIGNUP_ROLES }).notNull(),
    rating: integer("rating").notNull(),
    comments: text("comments"),
    createdAt: createdAt(),
  },
  (t) => [
    check("feedback_rating_check", sql`${t.rating} between 1 and 5`),
    check("feedback_user_type_check", inList("user_type", SIGNUP_ROLES)),
    index("feedback_user_idx").on(t.userId),
  ],
);

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    template: text("template").notNull(),
    /** [{ filename, contentType, contentBase64 }] */
    attachments: jsonb("attachments").$type<{ filename: string; contentType: string; contentBase64: string }[]>(),
    /** Extra headers, e.g. List-Unsubscribe on alerts. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    status: text("status", { enum: OUTBOX_STATUSES }).notNull().default("queued"),
    transport: text("transport"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    check("email_outbox_status_check", inList("status", OUTBOX_STATUSES)),
    index("email_outbox_created_idx").on(t.createdAt.desc().nullsFirst()),
    index("email_outbox_to_idx").on(t.toAddress),
  ],
);

export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorUserId: text("actor_user_id").references(() => user.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    data: jsonb("data"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_events_entity_idx").on(t.entity, t.entityId)],
);

/** Fixed-window counters for rate limits, shared by every app instance. */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
  count: integer("count").notNull().default(0),
});

// ---------------------------------------------------------------- saved searches and alerts
/**
 * A buyer's saved catalog search (docs/product.md#saved-searches-and-alerts): each filter of the
 * catalog's search as its own column, so one indexed query finds every saved search a listing matches
 * (find-matching-searches.server.ts); `query` is the catalog address it reopens.
 */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The catalog query string (filters and sort), without a cursor. */
    query: text("query").notNull(),
    q: text("q"),
    /** The words as the catalog reads them (both configurations); null without words. */
    textQuery: tsquery("text_query").generatedAlwaysAs(
      (): ReturnType<typeof sql> =>
        sql`case when q is null then null else websearch_to_tsquery('english'::regconfig, q) || websearch_to_tsquery('simple'::regconfig, q) end`,
    ),
    category: text("category", { enum: CATEGORIES }),
    condition: text("condition", { enum: CONDITIONS }),
    minPrice: numeric("min_price", { precision: 14, scale: 2 }),
    maxPrice: numeric("max_price", { precision: 14, scale: 2 }),
    province: text("province"),
    urgent: boolean("urgent").notNull().default(false),
    bargain: boolean("bargain").notNull().default(false),
    make: text("make"),
    /** The start of the model, lower case. */
    modelPrefix: text("model_prefix"),
    yearFrom: smallint("year_from"),
    yearTo: smallint("year_to"),
    maxHours: integer("max_hours"),
    vatRegistered: boolean("vat_registered").notNull().default(false),
    frequency: text("frequency", { enum: ALERT_FREQUENCIES }).notNull().default("daily"),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    /** "New since last opened" counts matches after this. */
    lastOpenedAt: timestamp("last_opened_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("saved_searches_frequency_check", inList("frequency", ALERT_FREQUENCIES)),
    check("saved_searches_category_check", inList("category", CATEGORIES)),
    check("saved_searches_condition_check", inList("condition", CONDITIONS)),
    index("saved_searches_user_idx").on(t.userId, t.createdAt),
    // A listing's category, or none: the matching query's two index conditions.
    index("saved_searches_category_idx").on(t.category),
  ],
);

/** A listing a saved search matched, once ever per pair; `notified_at` marks it told (or passed over). */
export const savedSearchMatches = pgTable(
  "saved_search_matches",
  {
    savedSearchId: uuid("saved_search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    matchedAt: timestamp("matched_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Null while it waits to be told; set when told, or at once when its search was not alerting
     * (off, paused, alerts stopped), so only what is due waits.
     */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    /** Its search's frequency while it waits (kept in step when the search's changes): each run reads only its own. */
    frequency: text("frequency", { enum: ALERT_FREQUENCIES }).notNull(),
  },
  (t) => [
    check("saved_search_matches_frequency_check", inList("frequency", ALERT_FREQUENCIES)),
    uniqueIndex("saved_search_matches_pair_idx").on(t.savedSearchId, t.listingId),
    index("saved_search_matches_recent_idx").on(t.savedSearchId, t.matchedAt),
    index("saved_search_matches_pending_idx").on(t.frequency, t.savedSearchId).where(sql`${t.notifiedAt} is null`),
    index("saved_search_matches_listing_idx").on(t.listingId),
  ],
);

/** Listings that just became public (or got cheaper), waiting for the matching job; written in the cause's transaction. */
export const savedSearchMatchQueue = pgTable("saved_search_match_queue", {
  listingId: uuid("listing_id")
    .primaryKey()
    .references(() => listings.id, { onDelete: "cascade" }),
  queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A watched listing's price went down: one row per watcher who asked for price-drop alerts. */
export const priceDropAlerts = pgTable(
  "price_drop_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    listingId: uuid("listing_id")
      .notNull()
      .references(() => listings.id, { onDelete: "cascade" }),
    oldPrice: numeric("old_price", { precision: 14, scale: 2 }).notNull(),
    newPrice: numeric("new_price", { precision: 14, scale: 2 }).notNull(),
    createdAt: createdAt(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [
    index("price_drop_alerts_pending_idx").on(t.userId).where(sql`${t.notifiedAt} is null`),
    index("price_drop_alerts_listing_idx").on(t.listingId),
  ],
);

/** A user's alert settings; no row means the defaults (watchlist alerts off, nothing stopped). */
export const alertPreferences = pgTable(
  "alert_preferences",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    watchlistFrequency: text("watchlist_frequency", { enum: ALERT_FREQUENCIES }).notNull().default("off"),
    /** "Stop all alerts": set while every alert is stopped. */
    stoppedAt: timestamp("stopped_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  () => [check("alert_preferences_frequency_check", inList("watchlist_frequency", ALERT_FREQUENCIES))],
);

/** Every consent given or withdrawn (what, when, where): a log, never updated. */
export const consents = pgTable(
  "consents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: CONSENT_PURPOSES }).notNull(),
    granted: boolean("granted").notNull(),
    /** What exactly, in words: e.g. the saved search's name and frequency. */
    detail: text("detail").notNull(),
    /** Where it was given or withdrawn: a page, or an e-mail's unsubscribe link. */
    source: text("source").notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("consents_purpose_check", inList("purpose", CONSENT_PURPOSES)),
    index("consents_user_idx").on(t.userId, t.recordedAt),
  ],
);

/** "Download my data": a file prepared by the `export-user-data` job, offered for a day, then removed. */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status", { enum: DATA_EXPORT_STATUSES }).notNull().default("pending"),
    /** `private/exports/<user id>/<id>.zip` once ready. */
    storageKey: text("storage_key"),
    sizeBytes: integer("size_bytes"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    check("data_exports_status_check", inList("status", DATA_EXPORT_STATUSES)),
    index("data_exports_user_idx").on(t.userId, t.requestedAt),
  ],
);
