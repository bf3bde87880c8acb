/**
 * A seller's public page (/sellers/:id, docs/product.md#seller-pages): who they are in public — their
 * display name, the Verified seller badge, the provinces of their machines, the month they joined and
 * how many machines they sold through us — and their public listings, a page at a time through the
 * catalogue's own query (findListings with the seller's id). Never a phone number or an e-mail address:
 * the platform brokers every deal. Null, for the route's 404, for anything that is not a seller's id and
 * for a banned seller (a banned account is treated as gone; its listings stay in the catalogue, as every
 * listing whose seller is banned does, but without a link to this page).
 */
import { and, count, eq, sql } from "drizzle-orm";
import { listings, profiles, sellers, user } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import type { Storage } from "#app/lib/storage.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { findListings, type ListingCard } from "#app/domain/listing/find-listings.server.ts";
import { isPublicListing } from "#app/domain/listing/listing-visibility.server.ts";
import { PROVINCES } from "#app/domain/listing/listing-search-query.ts";
import { sellerDisplayName, sellerPagePath } from "./seller-name.ts";

/** Cards per page: the catalogue's page size. */
export const SELLER_PAGE_SIZE = 12;

export type SellerPage = {
  seller: {
    id: string;
    name: string;
    isVerified: boolean;
    /** When the account was created (ISO): "Member since November 2026". */
    memberSince: string;
    /** The provinces of their public listings, in the catalogue's order. */
    provinces: string[];
    /** Their listings marked sold: machines sold through the platform. */
    soldCount: number;
  };
  page: { items: ListingCard[]; nextCursor: string | null };
};

export async function getSellerPage(options: {
  db: DbOrTx;
  storage: Storage;
  /** The route's `:id`: a `sellers.id`. */
  id: string;
  /** Where the list starts: the catalogue's cursor (past the most one page reads). */
  cursor?: string;
  /** How many cards from there ("Load more": `?shown=24`); one page unless given. */
  shown?: number;
}): Promise<SellerPage | null> {
  const { db, storage, id, cursor, shown = SELLER_PAGE_SIZE } = options;
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: sellers.id,
      fullName: sellers.fullName,
      sellerType: sellers.sellerType,
      profileSellerType: profiles.sellerType,
      companyName: profiles.companyName,
      profileName: profiles.fullName,
      isVerified: sellers.isVerified,
      memberSince: user.createdAt,
      banned: user.banned,
    })
    .from(sellers)
    .innerJoin(user, eq(user.id, sellers.userId))
    .leftJoin(profiles, eq(profiles.userId, sellers.userId))
    .where(eq(sellers.id, id))
    .limit(1);
  if (!row || row.banned) return null;

  // Each province is one probe of the seller's public listings (listings_seller_idx): nine at most,
  // however many machines they list. The province test is the catalogue's own filter (the location names it).
  const provinceList = sql.join(
    PROVINCES.map((p) => sql`${p}`),
    sql`, `,
  );
  const provinceRows = await db.execute(sql`
    select p.name from unnest(array[${provinceList}]::text[]) with ordinality as p(name, n)
    where exists (
      select 1 from ${listings}
      where ${listings.sellerId} = ${id} and ${isPublicListing()}
        and ${listings.location} ilike '%' || p.name || '%'
    )
    order by p.n`);
  // The seller's listings (listings_seller_idx), counting those sold.
  const [sold] = await db
    .select({ n: count() })
    .from(listings)
    .where(and(eq(listings.sellerId, id), eq(listings.status, "sold")));

  const page = await findListings({
    db,
    storage,
    search: { sellerId: id, sort: "newest", cursor },
    limit: shown,
  });

  return {
    seller: {
      id: row.id,
      name: sellerDisplayName({
        sellerType: row.sellerType ?? row.profileSellerType,
        companyName: row.companyName,
        fullName: row.fullName,
        profileName: row.profileName,
      }),
      isVerified: row.isVerified === true,
      memberSince: row.memberSince.toISOString(),
      provinces: (provinceRows.rows as { name: string }[]).map((r) => r.name),
      soldCount: Number(sold?.n ?? 0),
    },
    page,
  };
}

/** The address of a user's own seller page (the dashboard's and verification page's link); null for a non-seller. */
export async function findOwnSellerPagePath(options: { db: DbOrTx; userId: string }) {
  const [row] = await options.db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, options.userId));
  return row ? sellerPagePath(row.id) : null;
}
