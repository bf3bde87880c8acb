/**
 * An audit row's before/after, as lines an admin can read at a glance
 * ("status: pending → active") instead of raw JSON. Shared by the server
 * (find-audit-events) and its unit test; no database access.
 */
export type AuditChange =
  /** Present before and after with a different value. */
  | { field: string; kind: "changed"; before: string; after: string }
  /** The same value before and after, or present on only one side. */
  | { field: string; kind: "value"; value: string };

/** "adminStatus" → "admin status", "sessionsEnded" → "sessions ended". */
function label(key: string) {
  return key
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  return JSON.stringify(value);
}

function asRecord(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "object" && !Array.isArray(value)) return value as Record<string, unknown>;
  return { value };
}

/** Fields of before first, then those only in after; each once. */
export function auditChanges(data: unknown): AuditChange[] {
  const d = asRecord(data);
  const before = asRecord(d?.before);
  const after = asRecord(d?.after);
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys.map((key): AuditChange => {
    const inBefore = before !== null && key in before;
    const inAfter = after !== null && key in after;
    const b = inBefore ? show(before[key]) : null;
    const a = inAfter ? show(after[key]) : null;
    if (b !== null && a !== null && b !== a) return { field: label(key), kind: "changed", before: b, after: a };
    return { field: label(key), kind: "value", value: (a ?? b)! };
  });
}
