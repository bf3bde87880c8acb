/**
 * The admin's view of the people on the marketplace: a
 * searchable page of users, and one user's details.
 */
import { and, desc, eq, ilike, or, sql } from "drizzle-orm";
import { adminAccess, approvedSellers, buyers, listings, profiles, sellerDocuments, sellers, transactions, user } from "#db/schema.ts";
import type { VerificationStatus } from "#db/vocabulary.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { assertAdmin } from "./assert-admin.ts";
import type { Role, Viewer } from "./viewer.ts";

export const USERS_PAGE_SIZE = 25;
/** Deeper pages than this are refused (an OFFSET that large is an attack, not a visit). */
export const MAX_USERS_PAGE = 10_000;
export const MAX_USER_SEARCH_LENGTH = 100;

/** Escapes LIKE wildcards so a search for "100%_off" means those characters. */
export function escapeLike(value: string) {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export type UserSummary = {
  id: string;
  name: string | null;
  email: string;
  /** The profile role; "buyer" when none has been chosen. */
  role: Role;
  createdAt: Date;
  emailVerified: boolean;
  isSeller: boolean;
  isBuyer: boolean;
  isAdmin: boolean;
};

/** One page of users, newest first; `q` matches the name or e-mail, case-insensitively. */
export async function findUsers(options: {
  db: DbOrTx;
  admin: Pick<Viewer, "isAdmin">;
  q?: string;
  page?: number;
  pageSize?: number;
}) {
  const { db } = options;
  assertAdmin(options.admin);
  const pageSize = options.pageSize ?? USERS_PAGE_SIZE;
  const requested = Number.isFinite(options.page) ? Math.floor(options.page!) : 1;
  const page = Math.min(Math.max(requested, 1), MAX_USERS_PAGE);
  const q = (options.q ?? "").trim().slice(0, MAX_USER_SEARCH_LENGTH);
  const pattern = `%${escapeLike(q)}%`;
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      name: sql<string | null>`coalesce(${profiles.fullName}, nullif(${user.name}, ''))`,
      role: profiles.role,
      createdAt: user.createdAt,
      emailVerified: user.emailVerified,
      sellerId: sellers.id,
      buyerId: buyers.id,
      adminId: adminAccess.id,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .leftJoin(sellers, eq(sellers.userId, user.id))
    .leftJoin(buyers, eq(buyers.userId, user.id))
    .leftJoin(adminAccess, and(eq(adminAccess.userId, user.id), eq(adminAccess.isActive, true)))
    .where(q ? or(ilike(user.email, pattern), ilike(user.name, pattern), ilike(profiles.fullName, pattern)) : undefined)
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  const users: UserSummary[] = rows.slice(0, pageSize).map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role ?? "buyer",
    createdAt: r.createdAt,
    emailVerified: r.emailVerified,
    isSeller: Boolean(r.sellerId),
    isBuyer: Boolean(r.buyerId),
    isAdmin: Boolean(r.adminId),
  }));
  return { users, q, page, hasPrevious: page > 1, hasNext: rows.length > pageSize };
}

export type UserDetails = {
  id: string;
  email: string;
  fullName: string | null;
  createdAt: Date;
  role: Role;
  /** The seller's or buyer's phone, else the profile's. */
  phone: string | null;
  company: string | null;
  website: string | null;
  emailVerified: boolean;
  /** Banned by an admin: cannot sign in; their sessions were ended. */
  banned: { reason: string | null } | null;
  /** An active admin_access grant. */
  admin: { since: Date; notes: string | null } | null;
  /** An active approved_sellers row. */
  sellerApproval: { approvedAt: Date } | null;
  seller: {
    sellerType: string | null;
    sellerRole: string | null;
    isVerified: boolean;
    verificationStatus: VerificationStatus;
    documentCount: number;
  } | null;
  buyer: { commissionAccepted: boolean } | null;
  counts: { listings: number; transactions: number };
};

/** Everything the admin's user-details view shows, or null for an unknown id. */
export async function getUserDetails(options: {
  db: DbOrTx;
  admin: Pick<Viewer, "isAdmin">;
  userId: string;
}): Promise<UserDetails | null> {
  const { db, userId } = options;
  assertAdmin(options.admin);
  if (!userId || userId.length > 200) return null;
  const [r] = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      banned: user.banned,
      banReason: user.banReason,
      createdAt: user.createdAt,
      profileRole: profiles.role,
      profileFullName: profiles.fullName,
      profileCompany: profiles.companyName,
      profileWebsite: profiles.website,
      profilePhone: profiles.phoneNumber,
      profileSellerType: profiles.sellerType,
      profileSellerRole: profiles.sellerRole,
      sellerId: sellers.id,
      sellerFullName: sellers.fullName,
      sellerPhone: sellers.phoneNumber,
      sellerType: sellers.sellerType,
      sellerRole: sellers.sellerRole,
      sellerVerified: sellers.isVerified,
      verificationStatus: sellers.verificationStatus,
      documentCount: sql<number>`(select count(*)::int from ${sellerDocuments} where ${sellerDocuments.userId} = ${user.id})`,
      buyerId: buyers.id,
      buyerPhone: buyers.phoneNumber,
      buyerCompany: buyers.companyName,
      commissionAccepted: buyers.commissionAccepted,
      adminGrantedAt: adminAccess.grantedAt,
      adminNotes: adminAccess.notes,
      approvedAt: approvedSellers.approvedAt,
      listingCount: sql<number>`(select count(*)::int from ${listings} where ${listings.sellerId} = ${sellers.id})`,
      transactionCount: sql<number>`(select count(*)::int from ${transactions} where ${transactions.buyerId} = ${buyers.id} or ${transactions.sellerId} = ${sellers.id})`,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .leftJoin(sellers, eq(sellers.userId, user.id))
    .leftJoin(buyers, eq(buyers.userId, user.id))
    .leftJoin(adminAccess, and(eq(adminAccess.userId, user.id), eq(adminAccess.isActive, true)))
    .leftJoin(approvedSellers, and(eq(approvedSellers.userId, user.id), eq(approvedSellers.isActive, true)))
    .where(eq(user.id, userId))
    .limit(1);
  if (!r) return null;
  const text = (value: string | null | undefined) => (value && value.trim() ? value : null);
  return {
    id: r.id,
    email: r.email,
    fullName: text(r.profileFullName) ?? text(r.sellerFullName) ?? text(r.name),
    createdAt: r.createdAt,
    role: r.profileRole ?? "buyer",
    phone: text(r.sellerPhone) ?? text(r.buyerPhone) ?? text(r.profilePhone),
    company: text(r.profileCompany) ?? text(r.buyerCompany),
    website: text(r.profileWebsite),
    emailVerified: r.emailVerified,
    banned: r.banned ? { reason: text(r.banReason) } : null,
    admin: r.adminGrantedAt ? { since: r.adminGrantedAt, notes: text(r.adminNotes) } : null,
    sellerApproval: r.approvedAt ? { approvedAt: r.approvedAt } : null,
    seller: r.sellerId
      ? {
          sellerType: r.sellerType ?? r.profileSellerType,
          sellerRole: r.sellerRole ?? r.profileSellerRole,
          isVerified: Boolean(r.sellerVerified),
          verificationStatus: r.verificationStatus ?? "unverified",
          documentCount: Number(r.documentCount ?? 0),
        }
      : null,
    buyer: r.buyerId ? { commissionAccepted: Boolean(r.commissionAccepted) } : null,
    counts: { listings: Number(r.listingCount ?? 0), transactions: Number(r.transactionCount ?? 0) },
  };
}

/** The spec's "admin auth lookup of a user's e-mail by id" (Get e-mail for a buyer); null when unknown. */
export async function getUserEmail(options: { db: DbOrTx; admin: Pick<Viewer, "isAdmin">; userId: string }) {
  assertAdmin(options.admin);
  if (!options.userId || options.userId.length > 200) return null;
  const [row] = await options.db.select({ email: user.email }).from(user).where(eq(user.id, options.userId)).limit(1);
  return row?.email ?? null;
}

/** One user as the admin's user page reads it. */
export type AdminUserDetails = NonNullable<Awaited<ReturnType<typeof getUserDetails>>>;
