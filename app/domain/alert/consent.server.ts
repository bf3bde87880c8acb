/**
 * Consents (docs/product.md#saved-searches-and-alerts): alerts are opt-in, and every grant and every
 * withdrawal is written down — what, when and where — in the cause's transaction. The log is never
 * updated; a user's current consent is their latest row per purpose.
 */
import { consents } from "#db/schema.ts";
import type { ConsentPurpose } from "#db/vocabulary.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";

export async function recordConsent(options: {
  db: DbOrTx;
  userId: string;
  purpose: ConsentPurpose;
  granted: boolean;
  /** What exactly, in words. */
  detail: string;
  /** Where: "/saved-searches", "catalog", "unsubscribe link". */
  source: string;
}) {
  const { db, ...row } = options;
  await db.insert(consents).values(row);
}
