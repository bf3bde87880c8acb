/**
 * The admin's Contact Messages tab (contact_messages read newest first): 25 a
 * page, filtered to open, handled or all messages.
 */
import { desc, eq } from "drizzle-orm";
import { contactMessages } from "#db/schema.ts";
import { assertAdmin } from "#app/domain/user/assert-admin.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";

export const CONTACT_FILTERS = ["open", "handled", "all"] as const;
export type ContactFilter = (typeof CONTACT_FILTERS)[number];
export const CONTACT_MESSAGES_PAGE_SIZE = 25;

export function parseContactFilter(value: string | null | undefined): ContactFilter {
  return CONTACT_FILTERS.find((f) => f === value) ?? "open";
}

export type AdminContactMessage = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  message: string;
  handled: boolean;
  handledAt: string | null;
  createdAt: string;
};

export async function findContactMessages(options: {
  db: DbOrTx;
  viewer: Viewer;
  filter?: ContactFilter;
  page?: number;
  pageSize?: number;
}): Promise<{ messages: AdminContactMessage[]; page: number; hasNext: boolean }> {
  const { db, viewer, filter = "open" } = options;
  assertAdmin(viewer);
  const pageSize = options.pageSize ?? CONTACT_MESSAGES_PAGE_SIZE;
  const page = Number.isSafeInteger(options.page) && options.page! > 0 ? options.page! : 1;
  const rows = await db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      phone: contactMessages.phone,
      subject: contactMessages.subject,
      message: contactMessages.message,
      handled: contactMessages.handled,
      handledAt: contactMessages.handledAt,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(filter === "all" ? undefined : eq(contactMessages.handled, filter === "handled"))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  return {
    page,
    hasNext: rows.length > pageSize,
    messages: rows.slice(0, pageSize).map((r) => ({
      ...r,
      handledAt: r.handledAt ? r.handledAt.toISOString() : null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
