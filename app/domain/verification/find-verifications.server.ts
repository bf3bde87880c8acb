/**
 * Reading verifications: the admin's queue (sellers waiting, oldest first, with their documents and
 * what happened before: earlier decisions and their reasons, a rename that sent a verified seller back,
 * the documents new since the last decision; and the decisions taken lately, each kept even when its
 * seller has sent again since), the seller's own page, and the status alone (the dashboard's link).
 * The history is the audit log's: every decision and rename writes its row in the same transaction.
 */
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { auditEvents, profiles, sellerDocuments, sellers, user } from "#db/schema.ts";
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

/** The audit actions that make a seller's verification history (decide-verification, update-account-profile). */
const DECISION_ACTIONS = ["seller.verify", "seller.reject"];
const HISTORY_ACTIONS = [...DECISION_ACTIONS, "seller.verification-renamed"];

type NameAndCompany = { fullName?: string | null; companyName?: string | null };

/** One step of a seller's verification history, as the admin reads it (ISO dates: loader data). */
export type VerificationHistoryEntry =
  | { kind: "verified" | "rejected"; at: string; byName: string | null; reason: string | null }
  | { kind: "renamed"; at: string; from: NameAndCompany; to: NameAndCompany };

function historyEntry(row: { action: string; data: unknown; createdAt: Date; actorName: string | null }) {
  const data = (row.data ?? {}) as {
    before?: NameAndCompany | null;
    after?: (NameAndCompany & { reason?: string | null }) | null;
  };
  const at = row.createdAt.toISOString();
  if (row.action === "seller.verification-renamed") {
    return { kind: "renamed", at, from: data.before ?? {}, to: data.after ?? {} } satisfies VerificationHistoryEntry;
  }
  return {
    kind: row.action === "seller.verify" ? "verified" : "rejected",
    at,
    byName: row.actorName,
    reason: data.after?.reason ?? null,
  } satisfies VerificationHistoryEntry;
}

async function historiesOf(db: DbOrTx, userIds: string[]) {
  const actor = alias(user, "actor");
  const rows = userIds.length
    ? await db
        .select({
          entityId: auditEvents.entityId,
          action: auditEvents.action,
          data: auditEvents.data,
          createdAt: auditEvents.createdAt,
          actorName: actor.name,
        })
        .from(auditEvents)
        .leftJoin(actor, eq(actor.id, auditEvents.actorUserId))
        .where(
          and(
            eq(auditEvents.entity, "seller"),
            inArray(auditEvents.entityId, userIds),
            inArray(auditEvents.action, HISTORY_ACTIONS),
          ),
        )
        .orderBy(asc(auditEvents.createdAt))
    : [];
  const map = new Map<string, VerificationHistoryEntry[]>();
  for (const row of rows) map.set(row.entityId!, [...(map.get(row.entityId!) ?? []), historyEntry(row)]);
  return map;
}

export async function findVerificationQueue(options: { db: DbOrTx; admin: Pick<Viewer, "isAdmin"> }) {
  const { db, admin } = options;
  assertAdmin(admin);
  const decider = alias(user, "decider");
  const [pending, decisions, [total]] = await Promise.all([
    db
      .select(SELLER_VERIFICATION_COLUMNS)
      .from(sellers)
      .innerJoin(user, eq(user.id, sellers.userId))
      .leftJoin(profiles, eq(profiles.userId, sellers.userId))
      .where(eq(sellers.verificationStatus, "pending"))
      .orderBy(asc(sellers.verificationSubmittedAt), asc(sellers.id))
      .limit(QUEUE_LIMIT),
    // Decisions, not sellers: a seller who sent again since keeps their earlier decision here.
    db
      .select({
        ...SELLER_VERIFICATION_COLUMNS,
        decisionId: auditEvents.id,
        action: auditEvents.action,
        data: auditEvents.data,
        at: auditEvents.createdAt,
        decidedByName: decider.name,
      })
      .from(auditEvents)
      .innerJoin(sellers, eq(sellers.userId, auditEvents.entityId))
      .innerJoin(user, eq(user.id, sellers.userId))
      .leftJoin(profiles, eq(profiles.userId, sellers.userId))
      .leftJoin(decider, eq(decider.id, auditEvents.actorUserId))
      .where(and(eq(auditEvents.entity, "seller"), inArray(auditEvents.action, DECISION_ACTIONS)))
      .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
      .limit(RECENT_LIMIT),
    db.select({ n: count() }).from(sellers).where(eq(sellers.verificationStatus, "pending")),
  ]);
  const [documents, histories] = await Promise.all([
    documentsOf(
      db,
      [...pending, ...decisions].map((s) => s.userId),
    ),
    historiesOf(
      db,
      pending.map((s) => s.userId),
    ),
  ]);
  const facts = (s: (typeof pending)[number]) => ({
    userId: s.userId,
    name: s.name,
    email: s.email,
    companyName: s.companyName,
    sellerType: s.sellerType,
    submittedAt: s.submittedAt?.toISOString() ?? null,
  });
  const waiting = pending.map((s) => {
    const docs = documents.get(s.userId) ?? [];
    const history = histories.get(s.userId) ?? [];
    const lastDecision = history.findLast((h) => h.kind !== "renamed");
    return {
      ...facts(s),
      status: s.status,
      /** What happened before this review, oldest first: decisions with their reasons, renames. */
      history,
      documents: docs.map((d) => ({
        ...documentView(d),
        /** Uploaded after the last decision: what the seller changed since. */
        newSinceDecision: Boolean(lastDecision && d.uploadedAt.getTime() > Date.parse(lastDecision.at)),
      })),
      missing: requiredDocuments(s.sellerType).filter((k) => !docs.some((d) => d.kind === k)),
      version: submissionVersion({ submittedAt: s.submittedAt, documents: docs }),
    };
  });
  const recent = decisions.map((d) => {
    const decision = historyEntry({ action: d.action, data: d.data, createdAt: d.at, actorName: d.decidedByName });
    return {
      ...facts(d),
      decisionId: d.decisionId,
      status: decision.kind === "verified" ? ("verified" as const) : ("rejected" as const),
      reason: decision.kind === "rejected" ? decision.reason : null,
      decidedAt: decision.at,
      decidedByName: d.decidedByName,
      /** Where the seller stands now, when it is not this decision (sent again, renamed, a newer decision). */
      nowStatus: d.status,
      /** The documents the decision was made on that the seller still has (one per kind: a new upload replaces). */
      documents: (documents.get(d.userId) ?? []).filter((doc) => doc.uploadedAt <= d.at).map(documentView),
      /** The kinds whose document was replaced since this decision. */
      replacedSince: (documents.get(d.userId) ?? []).filter((doc) => doc.uploadedAt > d.at).map((doc) => doc.kind),
    };
  });
  return { pending: waiting, pendingCount: Number(total?.n ?? 0), recent };
}

export type VerificationQueueRow = Awaited<ReturnType<typeof findVerificationQueue>>["pending"][number];
export type VerificationDecisionRow = Awaited<ReturnType<typeof findVerificationQueue>>["recent"][number];

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
