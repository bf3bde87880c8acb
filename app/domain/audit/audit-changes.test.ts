import { describe, expect, it } from "vitest";
import { auditChanges } from "./audit-changes.ts";

describe("audit before/after as readable lines", () => {
  it("shows a change as before and after, an unchanged field once", () => {
    expect(
      auditChanges({
        before: { status: "pending", adminStatus: "pending", title: "CAT 320" },
        after: { status: "active", adminStatus: "approved", title: "CAT 320" },
      }),
    ).toEqual([
      { field: "status", kind: "changed", before: "pending", after: "active" },
      { field: "admin status", kind: "changed", before: "pending", after: "approved" },
      { field: "title", kind: "value", value: "CAT 320" },
    ]);
  });

  it("lists what was created (after only) and what was deleted (before only)", () => {
    expect(auditChanges({ before: null, after: { email: "a@b.co.za", role: "seller", fullName: null } })).toEqual([
      { field: "email", kind: "value", value: "a@b.co.za" },
      { field: "role", kind: "value", value: "seller" },
      { field: "full name", kind: "value", value: "none" },
    ]);
    expect(auditChanges({ before: { listings: 3, wasAdmin: false }, after: null })).toEqual([
      { field: "listings", kind: "value", value: "3" },
      { field: "was admin", kind: "value", value: "no" },
    ]);
  });

  it("adds fields that appear only afterwards, and keeps nested values readable", () => {
    expect(
      auditChanges({ before: { isAdmin: true }, after: { isAdmin: false, reason: "left", sessionsEnded: 2, extra: { a: 1 } } }),
    ).toEqual([
      { field: "is admin", kind: "changed", before: "yes", after: "no" },
      { field: "reason", kind: "value", value: "left" },
      { field: "sessions ended", kind: "value", value: "2" },
      { field: "extra", kind: "value", value: '{"a":1}' },
    ]);
  });

  it("copes with rows that hold nothing or something unexpected", () => {
    expect(auditChanges(null)).toEqual([]);
    expect(auditChanges({ before: null, after: null })).toEqual([]);
    expect(auditChanges({ before: "x", after: "y" })).toEqual([{ field: "value", kind: "changed", before: "x", after: "y" }]);
  });
});
