/**
 * Reading verifications: the admin's queue (sellers waiting, oldest first, with their documents, and
 * the ones decided lately), the seller's own page, and the status alone (the dashboard's link).
 */
import { and, asc, count, desc, eq, inArray, isNotNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { profiles, sellerDocuments, sellers, user } from "#db/schema.ts";
import { SELLER_DOCUMENT_KINDS, type SellerDocumentKind, type VerificationStatus } from "#db/vocabulary.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { assertAdmin } from "#app/domain/user/assert-admin.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { DOCUMENT_COLUMNS, SELLER_VERIFICATION_COLUMNS, submissionVersion } from "./seller-verification-row.server.ts";
import { maySubmit, notAcceptedDocuments, requiredDocuments, uploadResetsVerification } from "./verification-state.ts";

/** How many waiting sellers the queue shows at once (the oldest); the rest follow as these are decided. */
export const QUEUE_LIMIT = 100;
/** How many decided sellers the queue shows below (the newest decisions). */
export const RECENT_LIMIT = 20;

type DocumentRow = {
  id: string;
  userId: string;
  kind: SellerDocumentKind;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  uploadedAt: Date;
};

const byKind = (a: { kind: SellerDocumentKind }, b: { kind: SellerDocumentKind }) =>
  SELLER_DOCUMENT_KINDS.indexOf(a.kind) - SELLER_DOCUMENT_KINDS.indexOf(b.kind);

/** A document as a page shows it (ISO dates: loader data). */
function documentView(d: DocumentRow) {
  const { userId: _u, ...rest } = d;
  return { ...rest, uploadedAt: d.uploadedAt.toISOString(), url: `/verification-documents/${d.id}` };
}
export type DocumentView = ReturnType<typeof documentView>;

async function documentsOf(db: DbOrTx, userIds: string[]) {
  const rows = userIds.length
    ? await db.select(DOCUMENT_COLUMNS).from(sellerDocuments).where(inArray(sellerDocuments.userId, userIds))
    : [];
  const map = new Map<string, DocumentRow[]>();
  for (const row of rows) map.set(row.userId, [...(map.get(row.userId) ?? []), row]);
  for (const list of map.values()) list.sort(byKind);
  return map;
}

export async function findVerificationQueue(options: { db: DbOrTx; admin: Pick<Viewer, "isAdmin"> }) {
  const { db, admin } = options;
  assertAdmin(admin);
  const decider = alias(user, "decider");
  const columns = { ...SELLER_VERIFICATION_COLUMNS, decidedByName: decider.name };
  const from = () =>
    db
      .select(columns)
      .from(sellers)
      .innerJoin(user, eq(user.id, sellers.userId))
      .leftJoin(profiles, eq(profiles.userId, sellers.userId))
      .leftJoin(decider, eq(decider.id, sellers.verificationDecidedBy));
  const [pending, recent, [total]] = await Promise.all([
    from()
      .where(eq(sellers.verificationStatus, "pending"))
      .orderBy(asc(sellers.verificationSubmittedAt), asc(sellers.id))
      .limit(QUEUE_LIMIT),
    from()
      .where(
        and(inArray(sellers.verificationStatus, ["verified", "rejected"]), isNotNull(sellers.verificationDecidedAt)),
      )
      .orderBy(desc(sellers.verificationDecidedAt))
      .limit(RECENT_LIMIT),
    db.select({ n: count() }).from(sellers).where(eq(sellers.verificationStatus, "pending")),
  ]);
  const documents = await documentsOf(
    db,
    [...pending, ...recent].map((s) => s.userId),
  );
  const view = (s: (typeof pending)[number]) => {
    const docs = documents.get(s.userId) ?? [];
    return {
      userId: s.userId,
      name: s.name,
      email: s.email,
      companyName: s.companyName,
      sellerType: s.sellerType,
      status: s.status,
      reason: s.reason,
      submittedAt: s.submittedAt?.toISOString() ?? null,
      decidedAt: s.decidedAt?.toISOString() ?? null,
      decidedByName: s.decidedByName,
      documents: docs.map(documentView),
      missing: requiredDocuments(s.sellerType).filter((k) => !docs.some((d) => d.kind === k)),
      version: submissionVersion({ submittedAt: s.submittedAt, documents: docs }),
    };
  };
  return { pending: pending.map(view), pendingCount: Number(total?.n ?? 0), recent: recent.map(view) };
}

export type VerificationQueueRow = Awaited<ReturnType<typeof findVerificationQueue>>["pending"][number];

/** How many sellers wait for review (the admin tab's count). */
export async function countPendingVerifications(options: { db: DbOrTx }) {
  const [row] = await options.db.select({ n: count() }).from(sellers).where(eq(sellers.verificationStatus, "pending"));
  return Number(row?.n ?? 0);
}

/**
 * The seller's own verification page: where they stand, their documents (after a rejection, which of them
 * were not accepted), what is still needed.
 */
export async function getSellerVerification(options: { db: DbOrTx; userId: string }) {
  const { db, userId } = options;
  const [seller] = await db
    .select(SELLER_VERIFICATION_COLUMNS)
    .from(sellers)
    .innerJoin(user, eq(user.id, sellers.userId))
    .leftJoin(profiles, eq(profiles.userId, sellers.userId))
    .where(eq(sellers.userId, userId));
  if (!seller) return null;
  const docs = (await documentsOf(db, [userId])).get(userId) ?? [];
  const notAccepted = notAcceptedDocuments({ status: seller.status, decidedAt: seller.decidedAt, documents: docs });
  const subject = {
    status: seller.status,
    sellerType: seller.sellerType,
    documents: docs.map((d) => d.kind),
    notAccepted,
  };
  const required = requiredDocuments(seller.sellerType);
  return {
    status: seller.status,
    reason: seller.status === "rejected" ? seller.reason : null,
    sellerType: seller.sellerType,
    submittedAt: seller.submittedAt?.toISOString() ?? null,
    decidedAt: seller.decidedAt?.toISOString() ?? null,
    documents: docs.map(documentView),
    /** The kinds the page offers: the required ones, and any other already uploaded. */
    kinds: SELLER_DOCUMENT_KINDS.filter((k) => required.includes(k) || docs.some((d) => d.kind === k)),
    required,
    missing: required.filter((k) => !docs.some((d) => d.kind === k)),
    /** After a rejection: the kinds whose document our team saw and did not accept (a new copy is due). */
    notAccepted,
    maySubmit: maySubmit(subject),
    uploadResets: uploadResetsVerification(seller.status),
  };
}

export type SellerVerificationView = NonNullable<Awaited<ReturnType<typeof getSellerVerification>>>;

/** A seller's status alone (the dashboard's "Get verified" link); null when the user is no seller. */
export async function getVerificationStatus(options: {
  db: DbOrTx;
  userId: string;
}): Promise<VerificationStatus | null> {
  const [row] = await options.db
    .select({ status: sellers.verificationStatus })
    .from(sellers)
    .where(eq(sellers.userId, options.userId));
  return row?.status ?? null;
}
