/**
 * Everything the marketplace holds about one user, as the data.json of "Download my data"
 * (docs/privacy.md#what-the-copy-of-your-data-holds; the keys are DATA_JSON_KEYS, the tables
 * EXPORTED_TABLES in export-coverage.ts), and the list of their own files to put beside it.
 *
 * Read in one transaction, so the copy is consistent. Never in it: password hashes, session tokens,
 * OAuth tokens, the two-factor secret, one-time tokens — and nothing that names another person (the
 * other side of a request is "buyer" or "seller", an admin is "the team").
 */
import { and, asc, count, eq, inArray, or, sql } from "drizzle-orm";
import {
  account,
  adminAccess,
  alertPreferences,
  approvedSellers,
  auditEvents,
  buyers,
  consents,
  contactMessages,
  dataExports,
  emailOutbox,
  favourites,
  feedback,
  listingImages,
  listingPriceChanges,
  listingRevisions,
  listingViews,
  listings,
  mandateAgreements,
  notifications,
  pendingInvitations,
  priceDropAlerts,
  profiles,
  requestEvents,
  savedSearchMatches,
  savedSearches,
  sellerDocuments,
  sellers,
  session,
  transactions,
  user,
  userRequests,
} from "#db/schema.ts";
import type { Db, Tx } from "#app/lib/db.server.ts";
import { variantKey } from "#app/lib/images.server.ts";
import { DATA_JSON_KEYS, type DataJsonKey } from "./export-coverage.ts";

export const EXPORT_FORMAT = "dealequip-data-export/1";

/** One of the user's files to copy into the ZIP: where it is stored, where it goes in the ZIP. */
export type ExportFile = { storageKey: string; path: string; what: string };

const money = (v: string | null) => (v === null ? null : Number(v));
/** A safe file name inside the ZIP: letters, digits, dot, dash and underscore. */
const safeName = (name: string) =>
  name
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^\.+/, "")
    .slice(0, 100) || "file";

export async function collectUserData(options: { db: Db; userId: string; now?: Date }) {
  const { db, userId, now = new Date() } = options;
  return db.transaction((tx) => collect(tx, userId, now), {
    accessMode: "read only",
    isolationLevel: "repeatable read",
  });
}

async function collect(tx: Tx, userId: string, now: Date) {
  const [me] = await tx.select().from(user).where(eq(user.id, userId));
  if (!me) return null;
  const email = me.email.toLowerCase();
  const files: ExportFile[] = [];

  const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, userId));
  const [seller] = await tx.select().from(sellers).where(eq(sellers.userId, userId));
  const [buyer] = await tx.select().from(buyers).where(eq(buyers.userId, userId));
  const [approval] = await tx.select().from(approvedSellers).where(eq(approvedSellers.userId, userId));
  const [admin] = await tx.select().from(adminAccess).where(eq(adminAccess.userId, userId));

  // ---- listings, with their images, price changes, revisions and daily views
  const ownListings = seller
    ? await tx.select().from(listings).where(eq(listings.sellerId, seller.id)).orderBy(asc(listings.createdOn))
    : [];
  const listingIds = ownListings.map((l) => l.id);
  const byListing = <T extends { listingId: string }>(rows: T[]) => {
    const map = new Map<string, T[]>();
    for (const r of rows) map.set(r.listingId, [...(map.get(r.listingId) ?? []), r]);
    return map;
  };
  const images = byListing(
    listingIds.length
      ? await tx
          .select()
          .from(listingImages)
          .where(inArray(listingImages.listingId, listingIds))
          .orderBy(asc(listingImages.position))
      : [],
  );
  const priceChanges = byListing(
    listingIds.length
      ? await tx
          .select()
          .from(listingPriceChanges)
          .where(inArray(listingPriceChanges.listingId, listingIds))
          .orderBy(asc(listingPriceChanges.changedAt))
      : [],
  );
  const revisions = byListing(
    listingIds.length
      ? await tx
          .select()
          .from(listingRevisions)
          .where(inArray(listingRevisions.listingId, listingIds))
          .orderBy(asc(listingRevisions.createdAt))
      : [],
  );
  const views = byListing(
    listingIds.length
      ? await tx
          .select({ listingId: listingViews.listingId, date: listingViews.viewedOn, visits: count() })
          .from(listingViews)
          .where(inArray(listingViews.listingId, listingIds))
          .groupBy(listingViews.listingId, listingViews.viewedOn)
          .orderBy(asc(listingViews.viewedOn))
      : [],
  );
  const listingOut = ownListings.map((l) => {
    const { searchVector: _derived, sellerId: _seller, price, ...rest } = l;
    const liveKeys = new Set((images.get(l.id) ?? []).map((i) => i.storageKey));
    return {
      ...rest,
      price: money(price),
      images: (images.get(l.id) ?? []).map((i) => {
        const path = `files/listings/${l.id}/photo-${i.position + 1}.webp`;
        files.push({
          storageKey: variantKey(i.storageKey, "full"),
          path,
          what: `Photo ${i.position + 1} of "${l.title}" (largest size kept)`,
        });
        return { id: i.id, position: i.position, width: i.width, height: i.height, createdAt: i.createdAt, file: path };
      }),
      priceChanges: (priceChanges.get(l.id) ?? []).map((c) => ({
        oldPrice: money(c.oldPrice),
        newPrice: money(c.newPrice),
        byYou: c.changedBy === userId,
        changedAt: c.changedAt,
      })),
      revisions: (revisions.get(l.id) ?? []).map((r) => ({
        id: r.id,
        status: r.status,
        content: r.content,
        photos: r.photos.map((p, n) => {
          if (liveKeys.has(p.storageKey) || r.status !== "pending")
            return { width: p.width, height: p.height, file: null };
          // A new photo of an edit still waiting for review: not on the listing yet.
          const path = `files/listings/${l.id}/revision-${r.id}-photo-${n + 1}.webp`;
          files.push({
            storageKey: variantKey(p.storageKey, "full"),
            path,
            what: `New photo ${n + 1} of your edit of "${l.title}"`,
          });
          return { width: p.width, height: p.height, file: path };
        }),
        reason: r.reason,
        decidedAt: r.decidedAt,
        createdAt: r.createdAt,
        updatedAt: r.updatedAt,
      })),
      views: (views.get(l.id) ?? []).map((v) => ({ date: v.date, visits: v.visits })),
    };
  });

  // ---- requests and deals: as buyer (theirs) and as seller (on their listings, the buyer not named)
  const purchaseRows = [
    ...(buyer ? await tx.select().from(transactions).where(eq(transactions.buyerId, buyer.id)) : []).map((t) => ({
      side: "buyer" as const,
      t,
    })),
    ...(seller ? await tx.select().from(transactions).where(eq(transactions.sellerId, seller.id)) : [])
      .filter((t) => !buyer || t.buyerId !== buyer.id)
      .map((t) => ({ side: "seller" as const, t })),
  ];
  const requestRows = [
    ...(await tx.select().from(userRequests).where(eq(userRequests.userId, userId))).map((r) => ({
      side: "buyer" as const,
      r,
    })),
    ...(listingIds.length
      ? await tx
          .select()
          .from(userRequests)
          .where(and(inArray(userRequests.listingId, listingIds), sql`${userRequests.userId} <> ${userId}`))
      : []
    ).map((r) => ({ side: "seller" as const, r })),
  ];
  const transactionIds = purchaseRows.map((p) => p.t.id);
  const requestIds = requestRows.map((p) => p.r.id);
  const events =
    transactionIds.length || requestIds.length
      ? await tx
          .select()
          .from(requestEvents)
          .where(
            or(
              transactionIds.length ? inArray(requestEvents.transactionId, transactionIds) : sql`false`,
              requestIds.length ? inArray(requestEvents.userRequestId, requestIds) : sql`false`,
            ),
          )
          .orderBy(asc(requestEvents.createdAt))
      : [];
  const eventOut = (e: (typeof events)[number]) => ({
    by: e.actorRole,
    byYou: e.actorUserId === userId,
    move: e.move,
    fromStatus: e.fromStatus,
    toStatus: e.toStatus,
    amount: money(e.amount),
    preferredDate: e.preferredDate,
    preferredTime: e.preferredTime,
    message: e.message,
    createdAt: e.createdAt,
  });
  const listingTitles = new Map(ownListings.map((l) => [l.id, l.title]));
  const otherListingIds = [
    ...new Set(
      [...purchaseRows.map((p) => p.t.listingId), ...requestRows.map((p) => p.r.listingId)].filter(
        (id): id is string => !!id,
      ),
    ),
  ].filter((id) => !listingTitles.has(id));
  if (otherListingIds.length) {
    for (const l of await tx
      .select({ id: listings.id, title: listings.title })
      .from(listings)
      .where(inArray(listings.id, otherListingIds))) {
      listingTitles.set(l.id, l.title);
    }
  }
  const purchaseRequests = purchaseRows.map(({ side, t }) => ({
    id: t.id,
    side,
    listingId: t.listingId,
    listingTitle: listingTitles.get(t.listingId) ?? null,
    amount: money(t.amount),
    message: side === "buyer" ? t.message : null,
    status: t.status,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
    events: events.filter((e) => e.transactionId === t.id).map(eventOut),
  }));
  const requests = requestRows.map(({ side, r }) => ({
    id: r.id,
    side,
    type: r.requestType,
    listingId: r.listingId,
    listingTitle: r.listingId ? (listingTitles.get(r.listingId) ?? null) : null,
    offerAmount: money(r.offerAmount),
    preferredDate: r.preferredDate,
    preferredTime: r.preferredTime,
    quoteType: r.quoteType,
    details: side === "buyer" ? r.details : null,
    message: side === "buyer" ? r.message : null,
    status: r.status,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    events: events.filter((e) => e.userRequestId === r.id).map(eventOut),
  }));

  // ---- saved searches and alerts
  const searches = await tx
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt));
  const matches = searches.length
    ? await tx
        .select()
        .from(savedSearchMatches)
        .where(
          inArray(
            savedSearchMatches.savedSearchId,
            searches.map((s) => s.id),
          ),
        )
        .orderBy(asc(savedSearchMatches.matchedAt))
    : [];

  // ---- files of their own: verification documents, signed mandates
  const documents = await tx.select().from(sellerDocuments).where(eq(sellerDocuments.userId, userId));
  const mandates = await tx
    .select()
    .from(mandateAgreements)
    .where(eq(mandateAgreements.userId, userId))
    .orderBy(asc(mandateAgreements.createdAt));

  // ---- audit records about them (their account, listings, requests) or by them
  const concernsMe = or(
    and(eq(auditEvents.entity, "user"), eq(auditEvents.entityId, userId)),
    listingIds.length ? and(eq(auditEvents.entity, "listing"), inArray(auditEvents.entityId, listingIds)) : sql`false`,
    transactionIds.length
      ? and(eq(auditEvents.entity, "transaction"), inArray(auditEvents.entityId, transactionIds))
      : sql`false`,
    requestIds.length
      ? and(eq(auditEvents.entity, "user_request"), inArray(auditEvents.entityId, requestIds))
      : sql`false`,
  )!;
  const audits = await tx
    .select({
      action: auditEvents.action,
      entity: auditEvents.entity,
      entityId: auditEvents.entityId,
      actorUserId: auditEvents.actorUserId,
      data: auditEvents.data,
      concernsYou: sql<boolean>`coalesce(${concernsMe}, false)`,
      createdAt: auditEvents.createdAt,
    })
    .from(auditEvents)
    .where(or(eq(auditEvents.actorUserId, userId), concernsMe))
    .orderBy(asc(auditEvents.createdAt));

  const sections: { [K in Exclude<DataJsonKey, "format" | "exportedAt" | "keys" | "files">]: unknown } = {
    account: {
      id: me.id,
      name: me.name,
      email: me.email,
      emailVerified: me.emailVerified,
      image: me.image,
      suspended: Boolean(me.banned),
      suspendedReason: me.banReason,
      suspendedUntil: me.banExpires,
      twoFactorEnabled: Boolean(me.twoFactorEnabled),
      createdAt: me.createdAt,
      updatedAt: me.updatedAt,
    },
    signInMethods: (
      await tx
        .select({ provider: account.providerId, createdAt: account.createdAt, updatedAt: account.updatedAt })
        .from(account)
        .where(eq(account.userId, userId))
    ).map((a) => ({ ...a, provider: a.provider === "credential" ? "credential (e-mail and password)" : a.provider })),
    sessions: await tx
      .select({
        createdAt: session.createdAt,
        lastUsedAt: session.updatedAt,
        expiresAt: session.expiresAt,
        ipAddress: session.ipAddress,
        browser: session.userAgent,
      })
      .from(session)
      .where(eq(session.userId, userId))
      .orderBy(asc(session.createdAt)),
    profile: profile ? withoutKeys(profile, ["id", "userId"]) : null,
    seller: seller ? withoutKeys(seller, ["id", "userId", "verificationDecidedBy"]) : null,
    sellerApproval: approval ? { approvedAt: approval.approvedAt, isActive: approval.isActive } : null,
    verificationDocuments: documents.map((d) => {
      const path = `files/verification/${d.kind}-${safeName(d.fileName)}`;
      files.push({ storageKey: d.storageKey, path, what: `Verification document: ${d.kind}` });
      return {
        id: d.id,
        kind: d.kind,
        fileName: d.fileName,
        contentType: d.contentType,
        sizeBytes: d.sizeBytes,
        uploadedAt: d.uploadedAt,
        file: path,
      };
    }),
    buyer: buyer ? withoutKeys(buyer, ["id", "userId"]) : null,
    adminAccess: admin ? { grantedAt: admin.grantedAt, isActive: admin.isActive, notes: admin.notes } : null,
    listings: listingOut,
    listingsViewed: await tx
      .select({ listingId: listingViews.listingId, title: listings.title, date: listingViews.viewedOn })
      .from(listingViews)
      .leftJoin(listings, eq(listings.id, listingViews.listingId))
      .where(eq(listingViews.viewerKey, userId))
      .orderBy(asc(listingViews.viewedOn)),
    favourites: (
      await tx
        .select({
          listingId: favourites.listingId,
          title: listings.title,
          savedPrice: favourites.savedPrice,
          createdAt: favourites.createdAt,
        })
        .from(favourites)
        .leftJoin(listings, eq(listings.id, favourites.listingId))
        .where(eq(favourites.userId, userId))
        .orderBy(asc(favourites.createdAt))
    ).map((f) => ({ ...f, savedPrice: money(f.savedPrice) })),
    savedSearches: searches.map((s) => {
      const { textQuery: _derived, userId: _user, minPrice, maxPrice, ...rest } = s;
      return {
        ...rest,
        minPrice: money(minPrice),
        maxPrice: money(maxPrice),
        matches: matches
          .filter((m) => m.savedSearchId === s.id)
          .map((m) => ({ listingId: m.listingId, matchedAt: m.matchedAt, toldAt: m.notifiedAt })),
      };
    }),
    priceDropAlerts: (
      await tx
        .select()
        .from(priceDropAlerts)
        .where(eq(priceDropAlerts.userId, userId))
        .orderBy(asc(priceDropAlerts.createdAt))
    ).map((p) => ({
      listingId: p.listingId,
      oldPrice: money(p.oldPrice),
      newPrice: money(p.newPrice),
      createdAt: p.createdAt,
      toldAt: p.notifiedAt,
    })),
    alertPreferences:
      (await tx.select().from(alertPreferences).where(eq(alertPreferences.userId, userId))).map((a) =>
        withoutKeys(a, ["userId"]),
      )[0] ?? null,
    consents: (
      await tx.select().from(consents).where(eq(consents.userId, userId)).orderBy(asc(consents.recordedAt))
    ).map((c) => withoutKeys(c, ["userId"])),
    notifications: (
      await tx
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.createdAt))
    ).map((n) => withoutKeys(n, ["userId"])),
    purchaseRequests,
    requests,
    mandateAgreements: mandates.map((m) => {
      let file: string | null = null;
      if (m.signedPdfKey) {
        file = `files/mandates/${m.id}.pdf`;
        files.push({ storageKey: m.signedPdfKey, path: file, what: `Signed mandate for "${m.listingTitle}"` });
      }
      const { userId: _user, signedPdfKey: _key, anonymisedAt: _a, retainUntil: _r, ...rest } = m;
      return { ...rest, file };
    }),
    feedback: (
      await tx.select().from(feedback).where(eq(feedback.userId, userId)).orderBy(asc(feedback.createdAt))
    ).map((f) => withoutKeys(f, ["userId"])),
    contactMessages: (
      await tx
        .select()
        .from(contactMessages)
        .where(or(eq(contactMessages.userId, userId), sql`lower(${contactMessages.email}) = ${email}`))
        .orderBy(asc(contactMessages.createdAt))
    ).map((c) => withoutKeys(c, ["userId"])),
    emails: await tx
      .select({
        subject: emailOutbox.subject,
        kind: emailOutbox.template,
        status: emailOutbox.status,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email)) // stored in lower case (writeEmail)
      .orderBy(asc(emailOutbox.createdAt)),
    auditEvents: audits.map((a) => ({
      action: a.action,
      entity: a.entity,
      entityId: a.entityId,
      byYou: a.actorUserId === userId,
      // What changed, where it is about them; a record they caused about someone else says only what was done.
      data: a.concernsYou ? a.data : null,
      createdAt: a.createdAt,
    })),
    dataExports: (
      await tx.select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(asc(dataExports.requestedAt))
    ).map((d) => withoutKeys(d, ["userId", "storageKey"])),
    invitations: (
      await tx
        .select()
        .from(pendingInvitations)
        .where(sql`lower(${pendingInvitations.email}) = ${email}`)
        .orderBy(asc(pendingInvitations.createdAt))
    ).map((i) => withoutKeys(i, ["tokenHash", "invitedBy"])),
  };

  const data = {
    format: EXPORT_FORMAT,
    exportedAt: now,
    keys: DATA_JSON_KEYS,
    files: files.map((f) => ({ path: f.path, what: f.what })),
    ...sections,
  };
  return { data, files, email: me.email, name: profile?.fullName ?? me.name };
}

function withoutKeys<T extends object, K extends keyof T>(row: T, keys: K[]): Omit<T, K> {
  const copy = { ...row };
  for (const k of keys) delete copy[k];
  return copy;
}
