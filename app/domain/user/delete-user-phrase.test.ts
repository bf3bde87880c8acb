import { describe, expect, it } from "vitest";
import {
  DELETE_OWN_PHRASE_HINT,
  DeleteOwnAccountSchema,
  deleteConfirmationPhrase,
  deleteOwnPhraseMismatch,
  isDeleteConfirmation,
} from "./delete-user-phrase.ts";

const email = "sipho.dlamini@example.co.za";

describe("the delete-user confirmation phrase", () => {
  it("is DELETE, one space and the e-mail", () => {
    expect(deleteConfirmationPhrase(email)).toBe("DELETE sipho.dlamini@example.co.za");
    expect(isDeleteConfirmation("DELETE sipho.dlamini@example.co.za", email)).toBe(true);
  });

  it.each([
    ["lower-case delete", "delete sipho.dlamini@example.co.za"],
    ["mixed-case delete", "Delete sipho.dlamini@example.co.za"],
    ["no space", "DELETEsipho.dlamini@example.co.za"],
    ["two spaces", "DELETE  sipho.dlamini@example.co.za"],
    ["leading space", " DELETE sipho.dlamini@example.co.za"],
    ["trailing space", "DELETE sipho.dlamini@example.co.za "],
    ["trailing newline", "DELETE sipho.dlamini@example.co.za\n"],
    ["a different case in the address", "DELETE Sipho.Dlamini@example.co.za"],
    ["part of the address", "DELETE sipho.dlamini@example.co"],
    ["another address", "DELETE anika.botha@example.co.za"],
    ["the word alone", "DELETE"],
    ["the address alone", "sipho.dlamini@example.co.za"],
    ["nothing", ""],
  ])("refuses %s", (_, typed) => {
    expect(isDeleteConfirmation(typed, email)).toBe(false);
  });

  it("refuses anything when the e-mail is missing", () => {
    expect(isDeleteConfirmation("DELETE ", "")).toBe(false);
    expect(isDeleteConfirmation("DELETE undefined", undefined)).toBe(false);
    expect(isDeleteConfirmation("DELETE null", null)).toBe(false);
  });

  it("refuses a value that is not text (a missing form field)", () => {
    expect(isDeleteConfirmation(null, email)).toBe(false);
    expect(isDeleteConfirmation(undefined, email)).toBe(false);
  });
});

describe("the delete-my-account form", () => {
  it("needs the phrase; the password is for the server to check (a Google-only account has none)", () => {
    expect(DeleteOwnAccountSchema.safeParse({ confirmation: `DELETE ${email}`, password: "secret-123" }).success).toBe(
      true,
    );
    expect(DeleteOwnAccountSchema.safeParse({ confirmation: `DELETE ${email}` }).success).toBe(true);
    const empty = DeleteOwnAccountSchema.safeParse({});
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe(DELETE_OWN_PHRASE_HINT);
  });

  it("says what to type: under the field before, and for this account when it does not match", () => {
    expect(DELETE_OWN_PHRASE_HINT).toBe(
      'Type DELETE in capital letters, one space, then your e-mail address, e.g. "DELETE you@example.com".',
    );
    expect(deleteOwnPhraseMismatch(email)).toBe(
      `That does not match. Type DELETE in capital letters, one space, then your e-mail address: "DELETE ${email}".`,
    );
  });

  it("takes the two-factor code as typed (the server checks it)", () => {
    expect(DeleteOwnAccountSchema.parse({ confirmation: `DELETE ${email}`, code: "123 456" }).code).toBe("123 456");
  });

  it("keeps the phrase exactly as typed (no trimming)", () => {
    const typed = ` DELETE ${email} `;
    expect(DeleteOwnAccountSchema.parse({ confirmation: typed }).confirmation).toBe(typed);
    expect(isDeleteConfirmation(typed, email)).toBe(false);
  });
});
