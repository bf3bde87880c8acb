import { describe, expect, it } from "vitest";
import {
  CompleteProfileSchema,
  ForgotPasswordSchema,
  ResetPasswordSchema,
  SelectRoleSchema,
  SignInSchema,
  SignUpSchema,
  TITLES,
} from "./auth-schemas.ts";

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

const validSignUp = {
  email: "thabo@example.co.za",
  password: "secret1",
  confirmPassword: "secret1",
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
  it("refuses an admin account type: only buyer and seller are offered", () => {
    expect(SignUpSchema.safeParse({ ...validSignUp, role: "admin" }).success).toBe(false);
  });
  it("passwords must match (Passwords Don't Match)", () => {
    const r = SignUpSchema.safeParse({ ...validSignUp, confirmPassword: "secret2" });
    expect(messages(r)).toEqual(["Please ensure both password fields match."]);
    expect(TITLES["Please ensure both password fields match."]).toBe("Passwords Don't Match");
  });
  it("passwords need 6 characters (Password Too Short)", () => {
    const r = SignUpSchema.safeParse({ ...validSignUp, password: "12345", confirmPassword: "12345" });
    expect(messages(r)).toEqual(["Password must be at least 6 characters long."]);
    expect(SignUpSchema.safeParse({ ...validSignUp, password: "123456", confirmPassword: "123456" }).success).toBe(true);
  });
  it("refuses an invalid e-mail and an unknown seller type", () => {
    expect(messages(SignUpSchema.safeParse({ ...validSignUp, email: "not-an-email" }))).toEqual([
      "Please enter a valid email address.",
    ]);
    expect(SignUpSchema.safeParse({ ...validSignUp, sellerType: "corporation" }).success).toBe(false);
  });
});

describe("reset password", () => {
  it("needs both fields, 6 characters and a match", () => {
    expect(messages(ResetPasswordSchema.safeParse({ token: "t", password: "", confirmPassword: "" }))).toContain(
      "Please fill in all fields.",
    );
    expect(messages(ResetPasswordSchema.safeParse({ token: "t", password: "abc", confirmPassword: "abc" }))).toEqual([
      "Password must be at least 6 characters long.",
    ]);
    expect(messages(ResetPasswordSchema.safeParse({ token: "t", password: "abcdef", confirmPassword: "abcdeg" }))).toEqual([
      "Please make sure both password fields match.",
    ]);
    expect(ResetPasswordSchema.safeParse({ token: "t", password: "abcdef", confirmPassword: "abcdef" }).success).toBe(true);
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
