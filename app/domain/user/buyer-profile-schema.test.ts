import { describe, expect, it } from "vitest";
import { BUYER_PROFILE_TITLES, CreateBuyerProfileSchema } from "./buyer-profile-schema.ts";

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

describe("create buyer profile", () => {
  it("accepts a full name, an optional company and the ticked commission box", () => {
    expect(CreateBuyerProfileSchema.parse({ fullName: " Sipho Dlamini ", companyName: "", commissionAccepted: "on" })).toEqual({
      fullName: "Sipho Dlamini",
      commissionAccepted: true,
    });
    expect(CreateBuyerProfileSchema.parse({ fullName: "Sipho", companyName: " Dlamini Plant Hire ", commissionAccepted: "on" }).companyName).toBe(
      "Dlamini Plant Hire",
    );
  });
  it("says which text is too long", () => {
    expect(first(CreateBuyerProfileSchema.safeParse({ fullName: "N".repeat(121), commissionAccepted: "on" }))).toBe(
      "Full name must be at most 120 characters",
    );
    expect(first(CreateBuyerProfileSchema.safeParse({ fullName: "S", companyName: "C".repeat(201), commissionAccepted: "on" }))).toBe(
      "Company name must be at most 200 characters",
    );
  });
  it("needs the commission accepted (Commission Agreement Required)", () => {
    for (const commissionAccepted of [undefined, "", "off", false]) {
      const message = first(CreateBuyerProfileSchema.safeParse({ fullName: "Sipho", commissionAccepted }));
      expect(message).toBe("You must accept the 2.5% buyer commission to proceed.");
      expect(BUYER_PROFILE_TITLES[message!]).toBe("Commission Agreement Required");
    }
  });
  it("needs a full name", () => {
    expect(first(CreateBuyerProfileSchema.safeParse({ fullName: "  ", commissionAccepted: "on" }))).toBe("Full name is required.");
  });
});
