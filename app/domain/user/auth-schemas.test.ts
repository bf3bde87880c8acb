import { describe, expect, it } from "vitest";
import {
  CompleteProfileSchema,
  ForgotPasswordSchema,
  ResetPasswordSchema,
  SelectRoleSchema,
  SignInSchema,
  SignUpSchema,
  TITLES,
  passwordProblem,
} from "./auth-schemas.ts";

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

const validSignUp = {
  email: "thabo@example.co.za",
  password: "Kudu-Grader-2026",
  confirmPassword: "Kudu-Grader-2026",
  role: "seller",
  fullName: "Thabo Nkosi",
  phone: "082 555 1234",
};

describe("sign in", () => {
  it("needs both e-mail and password (Missing Information)", () => {
    const r = SignInSchema.safeParse({ email: "", password: "" });
    expect(messages(r)).toContain("Please enter both email and password.");
    expect(TITLES["Please enter both email and password."]).toBe("Missing Information");
    expect(SignInSchema.safeParse({ email: "a@b.co", password: "x" }).success).toBe(true);
  });
  it("forgot password needs an e-mail (Email Required)", () => {
    expect(messages(ForgotPasswordSchema.safeParse({ email: " " }))).toEqual(["Please enter your email address."]);
    expect(TITLES["Please enter your email address."]).toBe("Email Required");
  });
});

describe("sign up", () => {
  it("accepts a complete seller and normalises blanks", () => {
    const r = SignUpSchema.safeParse({ ...validSignUp, companyName: "  ", sellerType: "company", sellerRole: "" });
    expect(r.success).toBe(true);
    expect(r.data?.companyName).toBeUndefined();
    expect(r.data?.sellerType).toBe("company");
    expect(r.data?.sellerRole).toBeUndefined();
  });
  it.each(["email", "password", "confirmPassword", "role", "fullName", "phone"])("requires %s", (field) => {
    const r = SignUpSchema.safeParse({ ...validSignUp, [field]: "" });
    expect(messages(r)[0]).toBe(
      "Please fill in all required fields including phone number.",
    );
  });
  it.each(["abc", "12345", "082 555 1234 ext", "<script>"])("refuses the phone number %j with a clear message", (phone) => {
    const r = SignUpSchema.safeParse({ ...validSignUp, phone });
    expect(messages(r)).toEqual(["Please enter a valid phone number"]);
    expect(TITLES["Please enter a valid phone number"]).toBe("Invalid Phone Number");
  });
  it.each(["082 555 1234", "+27 82 555 1234", "+27 (0)82 555-1234", "0825551234"])("accepts the phone number %j", (phone) => {
    expect(SignUpSchema.safeParse({ ...validSignUp, phone }).success).toBe(true);
  });
  it("says which text is too long instead of asking for required fields", () => {
    expect(messages(SignUpSchema.safeParse({ ...validSignUp, fullName: "N".repeat(200) }))).toEqual(["Full name must be at most 120 characters"]);
    expect(messages(SignUpSchema.safeParse({ ...validSignUp, companyName: "C".repeat(5000) }))).toEqual([
      "Company name must be at most 200 characters",
    ]);
  });
  it("refuses an admin account type: only buyer and seller are offered", () => {
    expect(SignUpSchema.safeParse({ ...validSignUp, role: "admin" }).success).toBe(false);
  });
  it("passwords must match (Passwords Don't Match)", () => {
    const r = SignUpSchema.safeParse({ ...validSignUp, confirmPassword: "secret2" });
    expect(messages(r)).toEqual(["Please ensure both password fields match."]);
    expect(TITLES["Please ensure both password fields match."]).toBe("Passwords Don't Match");
  });
  it("passwords need 8 characters (Password Too Short), counted as characters not bytes", () => {
    const r = SignUpSchema.safeParse({ ...validSignUp, password: "Kudu-26", confirmPassword: "Kudu-26" });
    expect(messages(r)).toEqual(["Password must be at least 8 characters long."]);
    expect(TITLES["Password must be at least 8 characters long."]).toBe("Password Too Short");
    expect(SignUpSchema.safeParse({ ...validSignUp, password: "Kudu-026", confirmPassword: "Kudu-026" }).success).toBe(true);
    // Seven emoji are 14 UTF-16 units but seven characters.
    expect(passwordProblem("🦓🦓🦓🦓🦓🦓🦓")).toBe("Password must be at least 8 characters long.");
  });
  it("passwords may be up to 128 characters (Password Too Long)", () => {
    const long = "k".repeat(100) + "-Grader-2026-Kudu-2026-abcdefghi";
    expect(long.length).toBe(132);
    expect(passwordProblem(long.slice(0, 128))).toBeUndefined();
    expect(messages(SignUpSchema.safeParse({ ...validSignUp, password: long, confirmPassword: long }))).toEqual([
      "Password must be at most 128 characters long.",
    ]);
    expect(TITLES["Password must be at most 128 characters long."]).toBe("Password Too Long");
  });
  it.each(["password", "Password123", "12345678", "qwertyuiop", "P@ssw0rd", "iloveyou", "secret123", "SOUTHAFRICA"])(
    "refuses the common password %s (Password Too Common)",
    (common) => {
      const r = SignUpSchema.safeParse({ ...validSignUp, password: common, confirmPassword: common });
      expect(messages(r)).toEqual(["This password is too common and easy to guess. Please choose another."]);
    },
  );
  it("the demo accounts' password is allowed", () => {
    expect(passwordProblem("demo1234")).toBeUndefined();
  });
  it("refuses an invalid e-mail and an unknown seller type", () => {
    expect(messages(SignUpSchema.safeParse({ ...validSignUp, email: "not-an-email" }))).toEqual([
      "Please enter a valid email address.",
    ]);
    expect(SignUpSchema.safeParse({ ...validSignUp, sellerType: "corporation" }).success).toBe(false);
  });
});

describe("reset password", () => {
  it("needs both fields, the password policy and a match", () => {
    expect(messages(ResetPasswordSchema.safeParse({ token: "t", password: "", confirmPassword: "" }))).toContain(
      "Please fill in all fields.",
    );
    expect(messages(ResetPasswordSchema.safeParse({ token: "t", password: "abc", confirmPassword: "abc" }))).toEqual([
      "Password must be at least 8 characters long.",
    ]);
    expect(messages(ResetPasswordSchema.safeParse({ token: "t", password: "password1", confirmPassword: "password1" }))).toEqual([
      "This password is too common and easy to guess. Please choose another.",
    ]);
    expect(messages(ResetPasswordSchema.safeParse({ token: "t", password: "Kudu-Grader", confirmPassword: "Kudu-Gradex" }))).toEqual([
      "Please make sure both password fields match.",
    ]);
    expect(ResetPasswordSchema.safeParse({ token: "t", password: "Kudu-Grader", confirmPassword: "Kudu-Grader" }).success).toBe(true);
  });
});

describe("complete profile and role selection", () => {
  it("needs a full name", () => {
    const r = CompleteProfileSchema.safeParse({ role: "seller", fullName: " " });
    expect(messages(r)).toEqual(["Full name is required."]);
  });
  it("a buyer must accept the 2.5% commission (Commission Agreement Required)", () => {
    const r = CompleteProfileSchema.safeParse({ role: "buyer", fullName: "Ayanda" });
    expect(messages(r)).toEqual(["You must accept the 2.5% buyer commission to proceed."]);
    expect(TITLES["You must accept the 2.5% buyer commission to proceed."]).toBe("Commission Agreement Required");
    expect(CompleteProfileSchema.safeParse({ role: "buyer", fullName: "Ayanda", commissionAccepted: "on" }).success).toBe(true);
    expect(CompleteProfileSchema.safeParse({ role: "seller", fullName: "Ayanda" }).success).toBe(true);
  });
  it("website must be a URL", () => {
    expect(CompleteProfileSchema.safeParse({ role: "seller", fullName: "A", website: "not a url" }).success).toBe(false);
    expect(CompleteProfileSchema.safeParse({ role: "seller", fullName: "A", website: "javascript:alert(1)" }).success).toBe(false);
    expect(CompleteProfileSchema.safeParse({ role: "seller", fullName: "A", website: "https://plant.co.za" }).success).toBe(true);
  });
  it("role selection requires a role (Role Required)", () => {
    expect(messages(SelectRoleSchema.safeParse({ role: "" }))).toEqual(["Please select your account type."]);
    expect(TITLES["Please select your account type."]).toBe("Role Required");
  });
});
