import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, ACCOUNT_TITLES, ChangePasswordSchema, changesNameOrCompany } from "./account-schemas.ts";
import { MESSAGES } from "./auth-schemas.ts";

const issues = (input: Record<string, string>) => {
  const r = ChangePasswordSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("change password", () => {
  it("refuses a new password equal to the current one, on the new password's field", () => {
    const same = "Kudu-Grader-2026";
    expect(issues({ currentPassword: same, newPassword: same, confirmPassword: same })).toEqual({
      newPassword: ACCOUNT_MESSAGES.samePassword,
    });
    expect(ACCOUNT_TITLES[ACCOUNT_MESSAGES.samePassword]).toBe("Same Password");
  });

  it("takes a new password that differs, under the sign-up policy, typed twice", () => {
    expect(
      issues({
        currentPassword: "Kudu-Grader-2026",
        newPassword: "Rhino-Loader-2027",
        confirmPassword: "Rhino-Loader-2027",
      }),
    ).toEqual({});
    // Differing only in case is a different password.
    expect(
      issues({
        currentPassword: "Kudu-Grader-2026",
        newPassword: "kudu-grader-2026",
        confirmPassword: "kudu-grader-2026",
      }),
    ).toEqual({});
    expect(
      issues({ currentPassword: "Kudu-Grader-2026", newPassword: "Rhino-Loader-2027", confirmPassword: "Rhino" }),
    ).toEqual({
      confirmPassword: MESSAGES.resetMismatch,
    });
    // The policy's own message comes first, even for the current password typed again.
    expect(issues({ currentPassword: "short", newPassword: "short", confirmPassword: "short" })).toEqual({
      newPassword: MESSAGES.passwordTooShort,
    });
  });
});

describe("a change of name or company", () => {
  const saved = { fullName: "Thabo Nkosi", companyName: "Nkosi Plant Hire" };
  it("is a new name or company as the form saves them (trimmed; an empty company is none)", () => {
    expect(changesNameOrCompany(saved, { fullName: "Thabo Nkosi", companyName: "Nkosi Plant Hire" })).toBe(false);
    expect(changesNameOrCompany(saved, { fullName: "  Thabo Nkosi ", companyName: "Nkosi Plant Hire  " })).toBe(false);
    expect(changesNameOrCompany(saved, { fullName: "Thabo M. Nkosi", companyName: "Nkosi Plant Hire" })).toBe(true);
    expect(changesNameOrCompany(saved, { fullName: "Thabo Nkosi", companyName: "" })).toBe(true);
    expect(
      changesNameOrCompany(
        { fullName: "Thabo Nkosi", companyName: null },
        { fullName: "Thabo Nkosi", companyName: " " },
      ),
    ).toBe(false);
    expect(
      changesNameOrCompany(
        { fullName: "Thabo Nkosi", companyName: null },
        { fullName: "Thabo Nkosi", companyName: "Nkosi" },
      ),
    ).toBe(true);
  });
});
