/**
 * The `export-user-data` job's work (docs/privacy.md#downloading-your-data): each waiting copy becomes
 * one ZIP — data.json (collect-user-data.server.ts), a README and the user's own files — stored
 * privately at `private/exports/<user id>/<export id>.zip` and offered for EXPORT_VALID_HOURS.
 *
 * A run claims one waiting row at a time by setting its storage key (UPDATE … RETURNING on a row no
 * other run holds), so of two instances each copy is made once. Ready: the row says so, with its size
 * and end, and the user gets a notification and the "send-data-export-ready" e-mail in the same
 * transaction. Anything that goes wrong marks the copy failed (the page offers to try again) and tells
 * the user; the row of a copy whose account was deleted meanwhile is gone, and so is its file.
 */
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Writable } from "node:stream";
import { and, eq, lt, sql } from "drizzle-orm";
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from "fflate";
import { dataExports } from "#db/schema.ts";
import type { Db } from "#app/lib/db.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { writeEmail } from "#app/lib/mailer.server.ts";
import type { Storage } from "#app/lib/storage.server.ts";
import { PRODUCT_NAME } from "#app/lib/brand.ts";
import { composeEmail } from "#app/emails/templates.server.ts";
import { notifyUser } from "#app/domain/notification/create-notification.server.ts";
import { collectUserData, type ExportFile } from "./collect-user-data.server.ts";
import { EXPORT_STALE_MINUTES, EXPORT_VALID_HOURS, exportStorageKey, formatExportTime } from "./data-export-rules.ts";

export const DATA_PAGE = "/account/data";
/** Copies one run prepares at most (the next run takes the rest). */
const RUN_MAX = 20;

export type PrepareOptions = { db: Db; storage: Storage; publicUrl: string; now?: () => Date };

/** Prepares every waiting copy (up to RUN_MAX); returns the outbox rows to dispatch after commit. */
export async function prepareDataExports(options: PrepareOptions) {
  const outboxIds: string[] = [];
  let prepared = 0;
  let failed = 0;
  for (let i = 0; i < RUN_MAX; i++) {
    const claim = await claimNext(options.db);
    if (!claim) break;
    const outcome = await prepareOne(options, claim);
    if (outcome.outboxId) outboxIds.push(outcome.outboxId);
    if (outcome.ok) prepared++;
    else failed++;
  }
  return { outboxIds, prepared, failed };
}

async function claimNext(db: Db) {
  const [row] = await db
    .update(dataExports)
    .set({ storageKey: sql`'private/exports/' || ${dataExports.userId} || '/' || ${dataExports.id} || '.zip'` })
    .where(
      eq(
        dataExports.id,
        sql`(select id from data_exports where status = 'pending' and storage_key is null order by requested_at limit 1 for update skip locked)`,
      ),
    )
    .returning({ id: dataExports.id, userId: dataExports.userId, storageKey: dataExports.storageKey });
  return row ? { id: row.id, userId: row.userId, storageKey: row.storageKey! } : undefined;
}

async function prepareOne(options: PrepareOptions, claim: { id: string; userId: string; storageKey: string }) {
  const { db, storage, publicUrl } = options;
  const now = options.now ?? (() => new Date());
  let written = false;
  try {
    const collected = await collectUserData({ db, userId: claim.userId, now: now() });
    if (!collected) {
      // The account went while the copy waited: its rows went with it.
      return { ok: false as const };
    }
    // Made in a temporary file, then stored: never the whole ZIP in memory.
    const sizeBytes = await withTemporaryFile(`export-${claim.id}.zip`, async (file) => {
      const size = await buildZip(storage, collected.data, collected.files, createWriteStream(file));
      written = true;
      await storage.putFile(claim.storageKey, file, "application/zip");
      return size;
    });
    const readyAt = now();
    const expiresAt = new Date(readyAt.getTime() + EXPORT_VALID_HOURS * 3600_000);
    const outboxId = await db.transaction(async (tx) => {
      const [done] = await tx
        .update(dataExports)
        .set({ status: "ready", sizeBytes, readyAt, expiresAt })
        .where(and(eq(dataExports.id, claim.id), eq(dataExports.status, "pending")))
        .returning({ id: dataExports.id });
      if (!done) return null;
      await notifyUser({
        db: tx,
        userId: claim.userId,
        type: "generic",
        title: "Your data is ready to download",
        message: `Your copy of your data can be downloaded until ${formatExportTime(expiresAt)}.`,
        link: DATA_PAGE,
      });
      return writeEmail(
        tx,
        composeEmail("send-data-export-ready", collected.email, {
          name: collected.name,
          url: `${publicUrl}${DATA_PAGE}`,
          expiresAt: formatExportTime(expiresAt),
        }),
      );
    });
    if (outboxId === null) {
      await storage.delete(claim.storageKey).catch(() => {});
      return { ok: false as const };
    }
    return { ok: true as const, outboxId };
  } catch (error) {
    logger.error({ err: error, exportId: claim.id }, "data export failed");
    if (written) await storage.delete(claim.storageKey).catch(() => {});
    await markFailed(db, claim, now());
    return { ok: false as const };
  }
}

async function withTemporaryFile<T>(name: string, work: (file: string) => Promise<T>) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "dealequip-"));
  try {
    return await work(path.join(dir, name));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function markFailed(db: Db, claim: { id: string; userId: string }, at: Date) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(dataExports)
      .set({ status: "failed", storageKey: null, expiresAt: new Date(at.getTime() + EXPORT_VALID_HOURS * 3600_000) })
      .where(and(eq(dataExports.id, claim.id), eq(dataExports.status, "pending")))
      .returning({ id: dataExports.id });
    if (!row) return;
    await notifyUser({
      db: tx,
      userId: claim.userId,
      type: "generic",
      title: "Your data could not be prepared",
      message: "Something went wrong while we prepared your copy. Please try again on the Download my data page.",
      link: DATA_PAGE,
    });
  });
}

const README = (exportedAt: Date) =>
  [
    `Your data at ${PRODUCT_NAME}`,
    "",
    `This copy was made on ${formatExportTime(exportedAt)} (South African time).`,
    "",
    "data.json  everything we hold about you, machine-readable (JSON). Dates are ISO 8601 in UTC;",
    '           amounts are in rand. Its "keys" entry says what each part holds, and "files"',
    "           lists the files below.",
    "files/     your own files: listing photos (largest size kept), signed mandates, verification",
    "           documents.",
    "",
    "Not in it: passwords, sign-in tokens and the two-factor secret (secrets, not information about",
    "you), and nothing that names another person.",
  ].join("\n");

/**
 * The ZIP, written to `out` as it is made, one file at a time: images and PDFs are stored as they
 * are, the JSON compressed. Files are read as streams, so memory stays small however many photos a
 * seller has. Returns the ZIP's size in bytes.
 */
export async function buildZip(
  storage: Storage,
  data: { exportedAt: Date; files: { path: string }[] },
  files: ExportFile[],
  out: Writable,
) {
  let failure: Error | null = null;
  let finished = false;
  let size = 0;
  let full = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      failure = error;
      return;
    }
    size += chunk.length;
    if (!out.write(chunk)) full = true;
    if (final) finished = true;
  });
  const drained = async () => {
    if (failure) throw failure;
    if (full) {
      full = false;
      await once(out, "drain");
    }
  };
  const addWhole = async (path: string, bytes: Uint8Array) => {
    const entry = new ZipDeflate(path, { level: 6 });
    zip.add(entry);
    entry.push(bytes, true);
    await drained();
  };

  const present = new Set<string>();
  for (const file of files) {
    const opened = await storage.open(file.storageKey);
    if (!opened) continue; // a file already gone (a photo removed meanwhile): data.json then says file: null
    const entry = new ZipPassThrough(file.path);
    zip.add(entry);
    for await (const chunk of opened.stream) {
      entry.push(chunk as Uint8Array, false);
      await drained();
    }
    entry.push(new Uint8Array(0), true);
    await drained();
    present.add(file.path);
  }
  const missing = new Set(files.map((f) => f.path).filter((p) => !present.has(p)));
  const json = JSON.stringify(
    { ...data, files: data.files.filter((f) => !missing.has(f.path)) },
    (key, value: unknown) => (key === "file" && typeof value === "string" && missing.has(value) ? null : value),
    2,
  );
  await addWhole("data.json", strToU8(json));
  await addWhole("README.txt", strToU8(README(new Date(data.exportedAt))));
  zip.end();
  if (failure) throw failure;
  if (!finished) throw new Error("ZIP not finished");
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return size;
}

/**
 * Hourly: copies past their time are removed, file and row (ready ones after EXPORT_VALID_HOURS, failed
 * ones as long after they failed), and a copy still not prepared after EXPORT_STALE_MINUTES is given
 * up as failed (the run that claimed it died). Returns how many were removed.
 */
export async function removeExpiredDataExports(options: { db: Db; storage: Storage; now?: Date }) {
  const { db, storage, now = new Date() } = options;
  const stale = await db
    .select({ id: dataExports.id, userId: dataExports.userId, storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(
      and(
        eq(dataExports.status, "pending"),
        lt(dataExports.requestedAt, new Date(now.getTime() - EXPORT_STALE_MINUTES * 60_000)),
      ),
    );
  for (const row of stale) {
    if (row.storageKey) await storage.delete(row.storageKey).catch(() => {});
    await markFailed(db, row, now);
  }
  const gone = await db
    .delete(dataExports)
    .where(lt(dataExports.expiresAt, now))
    .returning({ id: dataExports.id, userId: dataExports.userId, storageKey: dataExports.storageKey });
  const results = await Promise.allSettled(
    gone.map((row) => storage.delete(row.storageKey ?? exportStorageKey(row.userId, row.id))),
  );
  const failures = results.filter((r) => r.status === "rejected").length;
  if (failures) logger.warn({ failures }, "expired data export files not all removed");
  return gone.length;
}
