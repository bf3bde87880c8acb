/**
 * The user's copies of their data (/account/data) and the download of one (owner only: another user's
 * id is "not found", never "forbidden"). A copy past its time is "gone" even before the hourly job
 * removes it.
 */
import { and, desc, eq } from "drizzle-orm";
import { dataExports } from "#db/schema.ts";
import type { Db } from "#app/lib/db.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import type { Readable } from "node:stream";
import type { Storage } from "#app/lib/storage.server.ts";
import { exportFileName } from "./data-export-rules.ts";

export type DataExportState = "pending" | "ready" | "failed" | "expired";

export async function findDataExports(options: { db: Db; userId: string; now?: Date }) {
  const { db, userId, now = new Date() } = options;
  const rows = await db
    .select({
      id: dataExports.id,
      status: dataExports.status,
      sizeBytes: dataExports.sizeBytes,
      requestedAt: dataExports.requestedAt,
      readyAt: dataExports.readyAt,
      expiresAt: dataExports.expiresAt,
    })
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.requestedAt))
    .limit(10);
  return rows.map((r) => ({
    ...r,
    state: (r.status === "ready" && r.expiresAt && r.expiresAt <= now ? "expired" : r.status) as DataExportState,
  }));
}

export type DataExportDownload =
  { kind: "file"; stream: Readable; size: number; fileName: string } | { kind: "gone" } | { kind: "not-found" };

export async function getDataExportDownload(options: {
  db: Db;
  storage: Storage;
  userId: string;
  exportId: string;
  now?: Date;
}): Promise<DataExportDownload> {
  const { db, storage, userId, exportId, now = new Date() } = options;
  if (!isUuid(exportId)) return { kind: "not-found" };
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, userId)));
  if (!row) return { kind: "not-found" };
  if (row.status !== "ready" || !row.storageKey || !row.readyAt) return { kind: "not-found" };
  if (!row.expiresAt || row.expiresAt <= now) return { kind: "gone" };
  const opened = await storage.open(row.storageKey);
  if (!opened) return { kind: "gone" };
  return { kind: "file", ...opened, fileName: exportFileName(row.readyAt) };
}
