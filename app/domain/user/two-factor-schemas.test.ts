import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { BACKUP_CODE_ALPHABET, makeBackupCodes } from "#app/lib/auth.server.ts";
import {
  classifyTwoFactorCode,
  DisableSchema,
  normaliseBackupCode,
  normaliseTotpCode,
  SignInBackupCodeSchema,
  SignInCodeSchema,
  TWO_FACTOR_MESSAGES,
} from "./two-factor-schemas.ts";

/** The field messages of a submission that did not validate. */
const errorsOf = (submission: { status?: string; error?: Record<string, string[] | null> | null }) =>
  submission.status === "success" ? undefined : submission.error;

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
};

describe("a code from the authenticator app as typed", () => {
  it.each([
    ["123456", "123456"],
    ["123 456", "123456"],
    [" 123456 ", "123456"],
    ["123-456", "123456"],
    ["012345", "012345"],
  ])("%j is %j", (typed, code) => {
    expect(normaliseTotpCode(typed)).toBe(code);
  });

  it.each(["12345", "1234567", "12a456", "", "１２３４５６"])("%j is not one", (typed) => {
    expect(normaliseTotpCode(typed)).toBeNull();
  });
});

describe("a backup code as typed", () => {
  it.each([
    ["KX7PM-2QRT9", "KX7PM-2QRT9"],
    ["kx7pm-2qrt9", "KX7PM-2QRT9"],
    ["Kx7pM2qRt9", "KX7PM-2QRT9"],
    ["kx7pm 2qrt9", "KX7PM-2QRT9"],
    [" KX7 PM-2Q RT9 ", "KX7PM-2QRT9"],
    ["KX7PM–2QRT9", "KX7PM-2QRT9"], // an en dash, as some keyboards and notes apps write it
    ["KX7PM—2QRT9", "KX7PM-2QRT9"], // an em dash
    ["KX7PM_2QRT9", "KX7PM-2QRT9"],
    ["KX7PM--2QRT9", "KX7PM-2QRT9"],
    // Codes made before the alphabet left out look-alikes still read (matched on the server, case aside).
    ["aB0cD-1eF2g", "AB0CD-1EF2G"],
  ])("%j is %j", (typed, code) => {
    expect(normaliseBackupCode(typed)).toBe(code);
  });

  it.each(["KX7PM-2QRT", "KX7PM-2QRT99", "KX7PM-2QRT!", "", "-----"])("%j is not one", (typed) => {
    expect(normaliseBackupCode(typed)).toBeNull();
  });
});

describe("either kind (turning it off, deleting the account)", () => {
  it("tells them apart", () => {
    expect(classifyTwoFactorCode("123 456")).toEqual({ kind: "totp", code: "123456" });
    expect(classifyTwoFactorCode("kx7pm2qrt9")).toEqual({ kind: "backup", code: "KX7PM-2QRT9" });
    expect(classifyTwoFactorCode("1234567890")).toEqual({ kind: "backup", code: "12345-67890" });
    expect(classifyTwoFactorCode("12345")).toBeNull();
  });
});

describe("the forms", () => {
  it("the sign-in code and backup code come out in their normal form", () => {
    const code = parseWithZod(form({ code: "123 456" }), { schema: SignInCodeSchema });
    expect(code.status === "success" && code.value.code).toBe("123456");
    const backup = parseWithZod(form({ code: "kx7pm 2qrt9" }), { schema: SignInBackupCodeSchema });
    expect(backup.status === "success" && backup.value.code).toBe("KX7PM-2QRT9");
    const off = parseWithZod(form({ password: "secret", code: "kx7pm-2qrt9" }), { schema: DisableSchema });
    expect(off.status === "success" && off.value.code).toBe("KX7PM-2QRT9");
  });

  it("say what to enter when it is missing or unreadable", () => {
    const empty = parseWithZod(form({ code: "" }), { schema: SignInCodeSchema });
    expect(errorsOf(empty)?.code).toEqual([TWO_FACTOR_MESSAGES.codeRequired]);
    const letters = parseWithZod(form({ code: "abcdef" }), { schema: SignInCodeSchema });
    expect(errorsOf(letters)?.code).toEqual([TWO_FACTOR_MESSAGES.codeRequired]);
    const short = parseWithZod(form({ code: "KX7PM" }), { schema: SignInBackupCodeSchema });
    expect(errorsOf(short)?.code).toEqual([TWO_FACTOR_MESSAGES.backupCodeRequired]);
    const neither = parseWithZod(form({ password: "secret", code: "1234" }), { schema: DisableSchema });
    expect(errorsOf(neither)?.code).toEqual([TWO_FACTOR_MESSAGES.eitherCodeRequired]);
  });
});

describe("new backup codes", () => {
  it("ten, different, of capitals and digits without look-alikes, and they read back as they are", () => {
    expect(BACKUP_CODE_ALPHABET).not.toMatch(/[0O1IL]/);
    const codes = makeBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
      expect(normaliseBackupCode(code)).toBe(code);
      expect(normaliseBackupCode(code.toLowerCase().replace("-", " "))).toBe(code);
    }
    // Every letter of the alphabet turns up over enough codes (none left out by an off-by-one).
    const seen = new Set(makeBackupCodes(200).join("").replace(/-/g, ""));
    expect([...seen].sort().join("")).toBe([...BACKUP_CODE_ALPHABET].sort().join(""));
  });
});
