/**
 * The columns offers, viewings and quotes carry beyond a purchase request,
 * for the UNION of both kinds into one list of request rows: a user request
 * gives its own, a purchase request (a transactions row) gives typed nulls
 * and its message.
 */
import { sql } from "drizzle-orm";
import { transactions, userRequests } from "#db/schema.ts";

export function requestDetailColumns() {
  return {
    preferredDate: userRequests.preferredDate,
    preferredTime: userRequests.preferredTime,
    quoteType: sql<string | null>`${userRequests.quoteType}`.as("quote_type"),
    details: userRequests.details,
    message: userRequests.message,
  };
}

export function purchaseDetailColumns() {
  return {
    preferredDate: sql<string | null>`null::date`.as("preferred_date"),
    preferredTime: sql<string | null>`null::text`.as("preferred_time"),
    quoteType: sql<string | null>`null::text`.as("quote_type"),
    details: sql<string | null>`null::text`.as("details"),
    message: transactions.message,
  };
}
