/**
 * Public listing reads (home, catalogs, /parts, a seller's page, sitemap): one
 * visibility rule, full-text search, filters, three sorts and keyset
 * pagination (no OFFSET, no exact counts) so it stays fast at a million
 * listings. Each card carries its seller's Verified seller flag, read from
 * `sellers` by primary key in the same join that gives the seller's name.
 */
import { and, asc, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from "drizzle-orm";
import { listingImages, listings, sellers } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { imageVariantUrl } from "#app/lib/images.server.ts";
import type { Storage } from "#app/lib/storage.server.ts";
import { isPublicListing } from "./listing-visibility.server.ts";
import type { ListingSearch } from "./listing-search.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { searchPriceBound, searchTsQuery, type PriceBound } from "./search-price-bound.server.ts";

export type ListingCard = {
  id: string;
  title: string;
  description: string;
  price: number;
  category: string;
  condition: string;
  location: string;
  isUrgent: boolean;
  isBargain: boolean;
  make: string | null;
  model: string | null;
  year: number | null;
  usage: number | null;
  sellerName: string | null;
  /** The seller is verified (`sellers.is_verified`): the card shows the Verified seller badge. */
  sellerVerified: boolean;
  createdOn: string;
  expiresOn: string;
  imageUrl: string | null;
};

/**
 * What the page query filters on: the catalog's search (the query string), and for a seller's page
 * their seller id (not part of the query string: /sellers/:id names it).
 */
export type CatalogSearch = Partial<ListingSearch> & { sellerId?: string };

type Cursor = { v: string; id: string };

export function encodeCursor(c: Cursor) {
  return Buffer.from(JSON.stringify(c)).toString("base64url");
}

export function decodeCursor(raw: string | undefined): Cursor | undefined {
  if (!raw) return undefined;
  try {
    const c = JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as Cursor;
    if (typeof c.v === "string" && typeof c.id === "string" && isUuid(c.id)) return c;
  } catch {
    // an invalid cursor means the first page
  }
  return undefined;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

/**
 * The WHERE clause for a search: visibility first, then each filter. `filtersInWords` also puts the
 * category and province into the word query (the search vector holds both under weight C, so the rows
 * are the same): the counts' scan then narrows by them in the full-text index; the page query, which
 * walks an index in its sort order, is faster without it.
 */
export function searchWhere(search: CatalogSearch, options: { filtersInWords?: boolean } = {}): SQL {
  const parts: (SQL | undefined)[] = [isPublicListing()];
  // One seller's listings: listings_seller_idx (seller, newest first) walks them in the page's order.
  if (search.sellerId) parts.push(eq(listings.sellerId, search.sellerId));
  if (search.q) {
    const words = searchTsQuery(search.q);
    if (options.filtersInWords && (search.category || search.province)) {
      const category = search.category
        ? sql` && to_tsquery('simple', ${search.category
            .split("_")
            .map((w) => `${w}:C`)
            .join(" & ")})`
        : sql``;
      const province = search.province ? sql` && phraseto_tsquery('simple', ${search.province})` : sql``;
      parts.push(sql`${listings.searchVector} @@ (${words}${category}${province})`);
    } else {
      parts.push(sql`${listings.searchVector} @@ ${words}`);
    }
  }
  if (search.category) parts.push(eq(listings.category, search.category));
  if (search.condition) parts.push(eq(listings.condition, search.condition));
  if (search.minPrice !== undefined) parts.push(gte(listings.price, String(search.minPrice)));
  if (search.maxPrice !== undefined) parts.push(lte(listings.price, String(search.maxPrice)));
  if (search.province) parts.push(ilike(listings.location, `%${escapeLike(search.province)}%`));
  if (search.urgent) parts.push(eq(listings.isUrgent, true));
  if (search.bargain) parts.push(eq(listings.isBargain, true));
  if (search.make) parts.push(eq(listings.make, search.make));
  if (search.model) parts.push(sql`lower(${listings.model}) like ${`${escapeLike(search.model.toLowerCase())}%`}`);
  if (search.yearFrom !== undefined) parts.push(gte(listings.year, search.yearFrom));
  if (search.yearTo !== undefined) parts.push(lte(listings.year, search.yearTo));
  // Written as the hours sort's key, so listings_public_make_usage_idx answers a make with most hours.
  if (search.maxHours !== undefined) parts.push(sql`${USAGE_KEY} <= ${search.maxHours}`);
  if (search.vatRegistered) parts.push(inArray(listings.vat, ["inclusive", "exclusive"]));
  return and(...parts)!;
}

/**
 * The year and usage sorts' keys: a listing without a year sorts as year 0 and one without a reading as
 * the largest integer, so they come last; the expressions are the ones the partial indexes hold.
 */
const YEAR_KEY = sql`(coalesce(${listings.year}, 0))`;
const USAGE_KEY = sql`(coalesce(${listings.usage}, 2147483647))`;

const PRICE_CURSOR = /^\d{1,12}(\.\d{1,2})?$/;
const TIME_CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;

/** A timestamp PostgreSQL accepts: the shape, and a real date (not 30 February, not before 1970). */
function isTimeCursor(v: string) {
  if (!TIME_CURSOR.test(v)) return false;
  const at = Date.parse(v);
  return at >= 0 && new Date(at).toISOString().slice(0, 19) === v.slice(0, 19);
}

/**
 * Rows after the cursor, as a row comparison: PostgreSQL starts the index scan
 * right at the cursor, so page 10,000 costs what page 1 does (the equivalent
 * `a < x or (a = x and id < y)` made it walk every earlier row first).
 * A malformed cursor means the first page.
 */
function keyset(sort: ListingSearch["sort"], cursor: Cursor | undefined): SQL | undefined {
  if (!cursor) return undefined;
  if (sort === "year_desc" || sort === "usage_asc") {
    if (!/^\d{1,10}$/.test(cursor.v)) return undefined;
    return sort === "year_desc"
      ? sql`(${YEAR_KEY}, ${listings.id}) < (${cursor.v}::int, ${cursor.id}::uuid)`
      : sql`(${USAGE_KEY}, ${listings.id}) > (${cursor.v}::int, ${cursor.id}::uuid)`;
  }
  if (sort === "price_asc" || sort === "price_desc") {
    if (!PRICE_CURSOR.test(cursor.v)) return undefined;
    const after = sort === "price_asc" ? sql`>` : sql`<`;
    return sql`(${listings.price}, ${listings.id}) ${after} (${cursor.v}::numeric, ${cursor.id}::uuid)`;
  }
  if (!isTimeCursor(cursor.v)) return undefined;
  return sql`(${listings.createdOn}, ${listings.id}) < (${cursor.v}::timestamptz, ${cursor.id}::uuid)`;
}

/** Rows older than a "newest first" cursor, and the cursor for a row: shared with the admin's list. */
export function olderThan(cursor: string | undefined) {
  return keyset("newest", decodeCursor(cursor));
}

/** The cursor that continues after `row` (selected with its `cursorValue`). */
export function cursorAfter(row: { cursorValue: string; id: string }) {
  return encodeCursor({ v: row.cursorValue, id: row.id });
}

export const newestCursorValue = () => cursorValue("newest");

/** The sort value of a row as the cursor carries it: exact (microseconds, not a JS Date's milliseconds). */
function cursorValue(sort: ListingSearch["sort"]) {
  if (sort === "year_desc") return sql<string>`${YEAR_KEY}::text`;
  if (sort === "usage_asc") return sql<string>`${USAGE_KEY}::text`;
  return sort === "newest"
    ? sql<string>`to_char(${listings.createdOn} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql<string>`${listings.price}::text`;
}

function orderBy(sort: ListingSearch["sort"]) {
  if (sort === "price_asc") return [asc(listings.price), asc(listings.id)];
  if (sort === "price_desc") return [desc(listings.price), desc(listings.id)];
  if (sort === "year_desc") return [sql`${YEAR_KEY} desc`, desc(listings.id)];
  if (sort === "usage_asc") return [sql`${USAGE_KEY} asc`, asc(listings.id)];
  return [desc(listings.createdOn), desc(listings.id)];
}

/** The columns a listing card shows (with `listings` joined to `sellers`). */
export const cardColumns = {
  id: listings.id,
  title: listings.title,
  description: listings.description,
  price: listings.price,
  category: listings.category,
  condition: listings.condition,
  location: listings.location,
  isUrgent: listings.isUrgent,
  isBargain: listings.isBargain,
  make: listings.make,
  model: listings.model,
  year: listings.year,
  usage: listings.usage,
  sellerName: sellers.fullName,
  // A generated column of the seller row the card already joins by primary key: no query of its own.
  sellerVerified: sellers.isVerified,
  createdOn: listings.createdOn,
  expiresOn: listings.expiresOn,
};

type CardRow = Omit<ListingCard, "price" | "createdOn" | "expiresOn" | "imageUrl" | "sellerVerified"> & {
  price: string;
  sellerVerified: boolean | null;
  createdOn: Date;
  expiresOn: Date;
};

/** A row of `cardColumns` as the card shows it. */
export function toListingCard(row: CardRow, imageUrl: string | null): ListingCard {
  return {
    ...row,
    price: Number(row.price),
    sellerVerified: row.sellerVerified === true,
    createdOn: row.createdOn.toISOString(),
    expiresOn: row.expiresOn.toISOString(),
    imageUrl,
  };
}

/** First photo (card size) of each listing, in one query. */
export async function firstImages(options: { db: DbOrTx; storage: Storage; ids: string[] }) {
  const { db, storage, ids } = options;
  const images = ids.length
    ? await db
        .select({ listingId: listingImages.listingId, storageKey: listingImages.storageKey })
        .from(listingImages)
        .where(and(inArray(listingImages.listingId, ids), eq(listingImages.position, 0)))
    : [];
  return new Map(images.map((img) => [img.listingId, imageVariantUrl(storage, img.storageKey, "card")]));
}

/**
 * The page query itself (one row more than the page, to know whether another follows); tests EXPLAIN it.
 * `bound` (searchPriceBound) starts a price sort's walk where the first match of the words can be.
 */
export function listingsPageQuery(options: {
  db: DbOrTx;
  search: CatalogSearch;
  limit: number;
  bound?: PriceBound;
  /** Every match's id, when the counts read them (countListings): the page is then read from those rows alone. */
  within?: string[] | null;
}) {
  const { db, search, limit, bound, within } = options;
  const sort = search.sort ?? "newest";
  const priceBound = bound ? sql`${listings.price} ${sql.raw(bound.op)} ${bound.price}::numeric` : undefined;
  return db
    .select({ ...cardColumns, cursorValue: cursorValue(sort) })
    .from(listings)
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .where(
      and(
        // The counted ids already are the search's matches (read a moment ago): only visibility is checked
        // again, so the words are not looked up a second time.
        within
          ? and(isPublicListing(), within.length ? inArray(listings.id, within) : sql`false`)
          : searchWhere(search),
        keyset(sort, decodeCursor(search.cursor)),
        priceBound,
      ),
    )
    .orderBy(...orderBy(sort))
    .limit(limit + 1);
}

export async function findListings(options: {
  db: DbOrTx;
  storage: Storage;
  search?: CatalogSearch;
  limit?: number;
  /** Every match's id (countListings), when known: the page is read from those rows alone. */
  within?: string[] | null;
}) {
  const { db, storage, within } = options;
  const limit = Math.min(Math.max(options.limit ?? 12, 1), 60);
  const search = options.search ?? {};
  const bound = within ? undefined : await searchPriceBound({ db, search });
  const rows = await listingsPageQuery({ db, search, limit, bound, within });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? cursorAfter(last) : null;
  const images = await firstImages({ db, storage, ids: page.map((r) => r.id) });
  const items = page.map(({ cursorValue: _c, ...r }): ListingCard => toListingCard(r, images.get(r.id) ?? null));
  return { items, nextCursor };
}

/** Kept for callers that want the newest public listings only. */
export async function findPublicListings(options: {
  db: DbOrTx;
  storage: Storage;
  limit?: number;
  bargainOnly?: boolean;
}) {
  const { items } = await findListings({
    db: options.db,
    storage: options.storage,
    limit: options.limit ?? 24,
    search: options.bargainOnly ? { bargain: "1" } : {},
  });
  return items;
}
