/**
 * The user's own account (docs/product.md#your-account): what /account shows, and the profile form.
 *
 * Name, phone, company and website live in several rows, each read by a part of the app: the account's
 * name (`user.name`: better-auth, leads' fallback), the profile (`profiles`: full name, company, website,
 * phone), the seller row (`sellers.full_name`, `phone_number`: listings, mandates) and the buyer row
 * (`buyers.phone_number`, `company_name`). A change writes every copy that exists in one transaction,
 * with its audit row, so the admin's user page, leads and mandates all show the new values.
 */
import { and, desc, eq, isNotNull, isNull, ne, or } from "drizzle-orm";
import { account, buyers, consents, profiles, savedSearches, sellers, user } from "#db/schema.ts";
import type { AlertFrequency, ConsentPurpose, VerificationStatus } from "#db/vocabulary.ts";
import { findAlertSettings } from "#app/domain/saved-search/find-saved-searches.server.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { notifyAdmins } from "#app/domain/notification/create-notification.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import {
  ACCOUNT_TITLES,
  AccountProfileSchema,
  changesNameOrCompany,
  type AccountProfileInput,
} from "./account-schemas.ts";
import type { Role } from "./viewer.ts";

const text = (value: string | null | undefined) => (value && value.trim() ? value : null);

/** The four profile values as the rest of the app reads them (the admin's user page, `getUserDetails`). */
async function readProfile(db: DbOrTx, userId: string) {
  const [r] = await db
    .select({
      email: user.email,
      name: user.name,
      twoFactorEnabled: user.twoFactorEnabled,
      role: profiles.role,
      profileId: profiles.id,
      profileFullName: profiles.fullName,
      profileCompany: profiles.companyName,
      profileWebsite: profiles.website,
      profilePhone: profiles.phoneNumber,
      sellerFullName: sellers.fullName,
      sellerPhone: sellers.phoneNumber,
      verificationStatus: sellers.verificationStatus,
      buyerPhone: buyers.phoneNumber,
      buyerCompany: buyers.companyName,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .leftJoin(sellers, eq(sellers.userId, user.id))
    .leftJoin(buyers, eq(buyers.userId, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  if (!r) return null;
  return {
    row: r,
    profile: {
      fullName: text(r.profileFullName) ?? text(r.sellerFullName) ?? text(r.name),
      phone: text(r.sellerPhone) ?? text(r.buyerPhone) ?? text(r.profilePhone),
      companyName: text(r.profileCompany) ?? text(r.buyerCompany),
      website: text(r.profileWebsite),
    },
  };
}

export type ConsentEntry = {
  purpose: ConsentPurpose;
  granted: boolean;
  detail: string;
  source: string;
  recordedAt: Date;
};

/** How many of the consent log's rows the page lists (newest first). */
export const CONSENT_HISTORY_MAX = 50;

/**
 * What the user has agreed to. The alerts' current state is their settings (what the senders obey); the
 * log (`consents`) says when and where each was given or withdrawn. Terms: the latest row per version
 * (detail) accepted.
 */
async function findAccountConsents(db: DbOrTx, userId: string) {
  const history: ConsentEntry[] = await db
    .select({
      purpose: consents.purpose,
      granted: consents.granted,
      detail: consents.detail,
      source: consents.source,
      recordedAt: consents.recordedAt,
    })
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(desc(consents.recordedAt), desc(consents.id))
    .limit(CONSENT_HISTORY_MAX);
  const [termsRows, alerting, settings] = await Promise.all([
    db
      .selectDistinctOn([consents.detail], {
        purpose: consents.purpose,
        granted: consents.granted,
        detail: consents.detail,
        source: consents.source,
        recordedAt: consents.recordedAt,
      })
      .from(consents)
      .where(and(eq(consents.userId, userId), eq(consents.purpose, "terms")))
      .orderBy(consents.detail, desc(consents.recordedAt)),
    db
      .select({ name: savedSearches.name, frequency: savedSearches.frequency })
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, userId), ne(savedSearches.frequency, "off"), isNull(savedSearches.pausedAt)))
      .orderBy(desc(savedSearches.createdAt)),
    findAlertSettings({ db, userId }),
  ]);
  const latest = async (purpose: ConsentPurpose) => {
    const inPage = history.find((c) => c.purpose === purpose);
    if (inPage || history.length < CONSENT_HISTORY_MAX) return inPage ?? null;
    const [row] = await db
      .select({
        purpose: consents.purpose,
        granted: consents.granted,
        detail: consents.detail,
        source: consents.source,
        recordedAt: consents.recordedAt,
      })
      .from(consents)
      .where(and(eq(consents.userId, userId), eq(consents.purpose, purpose)))
      .orderBy(desc(consents.recordedAt))
      .limit(1);
    return row ?? null;
  };
  return {
    terms: termsRows.filter((r) => r.granted).sort((a, b) => +b.recordedAt - +a.recordedAt),
    searchAlerts: {
      stopped: settings.stopped,
      searches: alerting as { name: string; frequency: AlertFrequency }[],
      last: await latest("search_alerts"),
    },
    watchlistAlerts: {
      stopped: settings.stopped,
      frequency: settings.watchlistFrequency,
      last: await latest("watchlist_alerts"),
    },
    history,
  };
}

export type AccountOverview = NonNullable<Awaited<ReturnType<typeof getAccount>>>;

/** Everything /account shows about the signed-in user (their sessions: sessions.server.ts). */
export async function getAccount(options: { db: DbOrTx; userId: string }) {
  const { db, userId } = options;
  const found = await readProfile(db, userId);
  if (!found) return null;
  const { row, profile } = found;
  const [methods, consentState] = await Promise.all([
    // A credential row without a password (none is made today) does not count as a way to sign in.
    db
      .selectDistinct({ providerId: account.providerId })
      .from(account)
      .where(and(eq(account.userId, userId), or(ne(account.providerId, "credential"), isNotNull(account.password)))),
    findAccountConsents(db, userId),
  ]);
  const providers = methods.map((m) => m.providerId);
  return {
    email: row.email,
    role: (row.role ?? null) as Role | null,
    profile,
    hasPassword: providers.includes("credential"),
    google: providers.includes("google"),
    twoFactorEnabled: Boolean(row.twoFactorEnabled),
    /** A seller's identity check; null for other accounts. */
    verificationStatus: (row.verificationStatus ?? null) as VerificationStatus | null,
    consents: consentState,
  };
}

/**
 * Saves the profile form: every copy of each value, one transaction, audited when something changed.
 * `verificationReset`: a verified seller's new name or company sent them back to review (the badge is off).
 */
export async function updateAccountProfile(options: { db: DbOrTx; userId: string; input: AccountProfileInput }) {
  const { db, userId } = options;
  // The route has parsed already; the domain does not trust its callers.
  const parsed = AccountProfileSchema.safeParse(options.input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? "");
    throw new AppError(
      "BAD_REQUEST",
      ACCOUNT_TITLES[issue.message] ?? "Profile Not Saved",
      issue.message,
      field ? { [field]: [issue.message] } : undefined,
    );
  }
  const input = parsed.data;
  const next = {
    fullName: input.fullName,
    phone: input.phone,
    companyName: input.companyName ?? null,
    website: input.website ?? null,
  };
  return db.transaction(async (tx) => {
    // One change at a time per account: the before of the audit row is the state this change replaced.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
    const found = await readProfile(tx, userId);
    if (!found)
      throw new AppError("NOT_FOUND", "Profile Not Saved", "Your account could not be found. Please sign in again.");
    const before = found.profile;
    await tx.update(user).set({ name: next.fullName, updatedAt: new Date() }).where(eq(user.id, userId));
    const profileValues = {
      fullName: next.fullName,
      phoneNumber: next.phone,
      companyName: next.companyName,
      website: next.website,
      updatedAt: new Date(),
    };
    await tx
      .insert(profiles)
      .values({ userId, email: found.row.email, ...profileValues })
      .onConflictDoUpdate({ target: profiles.userId, set: profileValues });
    await tx
      .update(sellers)
      .set({ fullName: next.fullName, phoneNumber: next.phone })
      .where(eq(sellers.userId, userId));
    await tx
      .update(buyers)
      .set({ phoneNumber: next.phone, companyName: next.companyName })
      .where(eq(buyers.userId, userId));
    const changed = (Object.keys(next) as (keyof typeof next)[]).some((k) => (before[k] ?? null) !== next[k]);
    // The badge says who the seller is: a verified seller's new name or company goes back to review.
    const renamed = changesNameOrCompany(before, next);
    const reset = renamed
      ? await tx
          .update(sellers)
          .set({ verificationStatus: "pending", verificationSubmittedAt: new Date() })
          .where(and(eq(sellers.userId, userId), eq(sellers.verificationStatus, "verified")))
          .returning({ id: sellers.id })
      : [];
    if (reset.length) {
      await recordAudit({
        db: tx,
        actorUserId: userId,
        action: "seller.verification-renamed",
        entity: "seller",
        entityId: userId,
        before: { status: "verified", fullName: before.fullName, companyName: before.companyName },
        after: { status: "pending", fullName: next.fullName, companyName: next.companyName },
      });
      await notifyAdmins({
        db: tx,
        type: "verification",
        title: "Verified seller renamed",
        message: `${next.fullName} changed their name or company; their verification waits for review again.`,
        link: "/admin/verifications",
      });
    }
    if (changed) {
      await recordAudit({
        db: tx,
        actorUserId: userId,
        action: "account.update",
        entity: "user",
        entityId: userId,
        before,
        after: next,
      });
    }
    return { changed, verificationReset: reset.length > 0 };
  });
}
