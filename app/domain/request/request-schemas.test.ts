import { afterEach, describe, expect, it, vi } from "vitest";
import {
  formatOfferAmount,
  formatPreferredDate,
  OfferRequestSchema,
  QUOTE_TYPE_LABELS,
  QuoteRequestSchema,
  REQUEST_MESSAGE_MAX,
  REQUEST_TITLES,
  timeInJohannesburg,
  todayInJohannesburg,
  UserRequestSchema,
  VIEWING_TIMES,
  ViewingRequestSchema,
} from "./request-schemas.ts";

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;
const LISTING = "3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b";

afterEach(() => vi.useRealTimers());

describe("make offer", () => {
  it("accepts an amount with up to two decimals, a listing and a message", () => {
    const r = OfferRequestSchema.safeParse({
      listingId: LISTING,
      offerAmount: " 1 250 000.50 ",
      message: " Cash buyer ",
    });
    expect(r.success).toBe(true);
    expect(r.data).toEqual({ listingId: LISTING, offerAmount: "1250000.50", message: "Cash buyer" });
  });
  it("treats the empty listing and message as none (No specific listing)", () => {
    expect(OfferRequestSchema.parse({ listingId: "", offerAmount: "100", message: "  " })).toEqual({
      offerAmount: "100",
    });
  });
  it.each(["0", "0.00", "-5", "", "abc", "1,5,00", "1.250.000", undefined])(
    "refuses %j (Invalid Offer)",
    (offerAmount) => {
      const message = first(OfferRequestSchema.safeParse({ offerAmount }));
      expect(message).toBe("Offer amount must be a positive number.");
      expect(REQUEST_TITLES[message!]).toBe("Invalid Offer");
    },
  );
  it("takes a message up to the limit every request shares, and says so beyond it", () => {
    const longest = "m".repeat(REQUEST_MESSAGE_MAX);
    expect(OfferRequestSchema.parse({ offerAmount: "100", message: ` ${longest} ` }).message).toBe(longest);
    const message = first(OfferRequestSchema.safeParse({ offerAmount: "100", message: `${longest}m` }));
    expect(message).toBe("Message must be at most 5000 characters");
    expect(REQUEST_TITLES[message!]).toBe("Message Too Long");
  });
  it("reads commas between thousands as grouping and a comma before the cents as the decimal comma", () => {
    expect(OfferRequestSchema.parse({ offerAmount: "1,500" }).offerAmount).toBe("1500");
    expect(OfferRequestSchema.parse({ offerAmount: "R 450 000,50" }).offerAmount).toBe("450000.50");
  });
  it("refuses three decimals", () => {
    const message = first(OfferRequestSchema.safeParse({ offerAmount: "10.555" }));
    expect(message).toBe("Offer amount can have at most two decimal places.");
    expect(REQUEST_TITLES[message!]).toBe("Invalid Offer");
  });
  it("refuses amounts the numeric(14,2) column cannot hold", () => {
    expect(first(OfferRequestSchema.safeParse({ offerAmount: "1000000000000" }))).toBe("Offer amount is too large.");
    expect(OfferRequestSchema.safeParse({ offerAmount: "999999999999.99" }).success).toBe(true);
  });
  it("refuses a listing id that is not a UUID", () => {
    expect(first(OfferRequestSchema.safeParse({ offerAmount: "10", listingId: "42" }))).toBe(
      "Please choose a listing from the list.",
    );
  });
});

describe("request viewing", () => {
  it("offers hourly slots 09:00 to 17:00", () => {
    expect(VIEWING_TIMES).toEqual(["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"]);
  });
  it("accepts today (South African time) and a slot still to come", () => {
    vi.useFakeTimers({ now: new Date("2030-06-14T06:30:00Z"), toFake: ["Date"] }); // 08:30 in Johannesburg
    expect(timeInJohannesburg()).toBe("08:30");
    expect(ViewingRequestSchema.safeParse({ preferredDate: "2030-06-14", preferredTime: "09:00" }).success).toBe(true);
  });
  it("refuses today's slots that have already begun, on its own and as a request of any type", () => {
    vi.useFakeTimers({ now: new Date("2030-06-14T12:47:00Z"), toFake: ["Date"] }); // 14:47 in Johannesburg
    for (const preferredTime of ["09:00", "14:00"]) {
      const message = first(ViewingRequestSchema.safeParse({ preferredDate: "2030-06-14", preferredTime }));
      expect(message).toBe("That time has already passed today. Please choose a later time or another day.");
      expect(REQUEST_TITLES[message!]).toBe("Invalid Time");
      expect(
        UserRequestSchema.safeParse({ requestType: "viewing", preferredDate: "2030-06-14", preferredTime }).success,
      ).toBe(false);
    }
    expect(ViewingRequestSchema.safeParse({ preferredDate: "2030-06-14", preferredTime: "15:00" }).success).toBe(true);
    expect(ViewingRequestSchema.safeParse({ preferredDate: "2030-06-15", preferredTime: "09:00" }).success).toBe(true);
    expect(
      UserRequestSchema.safeParse({ requestType: "viewing", preferredDate: "2030-06-14", preferredTime: "15:00" })
        .success,
    ).toBe(true);
  });
  it.each([
    [{ preferredDate: "", preferredTime: "10:00" }],
    [{ preferredDate: "2999-01-01", preferredTime: "" }],
    [{}],
  ])("needs both date and time (Date and Time Required): %j", (input) => {
    const message = first(ViewingRequestSchema.safeParse(input));
    expect(message).toBe("Please select both a preferred date and time.");
    expect(REQUEST_TITLES[message!]).toBe("Date and Time Required");
  });
  it("refuses a past date", () => {
    const message = first(ViewingRequestSchema.safeParse({ preferredDate: "2020-01-01", preferredTime: "10:00" }));
    expect(message).toBe("Please choose today or a later date.");
    expect(REQUEST_TITLES[message!]).toBe("Invalid Date");
  });
  it("refuses a day that does not exist", () => {
    expect(ViewingRequestSchema.safeParse({ preferredDate: "2999-02-30", preferredTime: "10:00" }).success).toBe(false);
  });
  it.each(["08:00", "18:00", "09:30", "9:00"])("refuses the %s slot", (preferredTime) => {
    const message = first(ViewingRequestSchema.safeParse({ preferredDate: "2999-01-01", preferredTime }));
    expect(message).toBe("Please choose a viewing time between 09:00 and 17:00.");
  });
  it("counts days in Africa/Johannesburg: 23:30 UTC is already tomorrow there", () => {
    const lateUtc = new Date("2030-06-14T23:30:00Z");
    expect(todayInJohannesburg(lateUtc)).toBe("2030-06-15");
    vi.useFakeTimers({ now: lateUtc, toFake: ["Date"] });
    expect(first(ViewingRequestSchema.safeParse({ preferredDate: "2030-06-14", preferredTime: "10:00" }))).toBe(
      "Please choose today or a later date.",
    );
    expect(ViewingRequestSchema.safeParse({ preferredDate: "2030-06-15", preferredTime: "10:00" }).success).toBe(true);
  });
});

describe("get quote", () => {
  it("knows the six quote types with readable labels", () => {
    expect(QUOTE_TYPE_LABELS).toEqual({
      "equipment-purchase": "Equipment Purchase",
      "equipment-rental": "Equipment Rental",
      "maintenance-service": "Maintenance Service",
      "parts-supply": "Parts Supply",
      consultation: "Consultation",
      other: "Other",
    });
  });
  it("needs details (Details Required)", () => {
    for (const details of ["", "   ", undefined]) {
      const message = first(QuoteRequestSchema.safeParse({ quoteType: "parts-supply", details }));
      expect(message).toBe("Please provide details for your quote request.");
      expect(REQUEST_TITLES[message!]).toBe("Details Required");
    }
  });
  it("refuses an unknown quote type", () => {
    expect(QuoteRequestSchema.safeParse({ quoteType: "lease-to-own", details: "x" }).success).toBe(false);
  });
  it("accepts a complete quote request", () => {
    expect(QuoteRequestSchema.parse({ quoteType: "equipment-rental", details: " 2 TLBs for 3 months " })).toEqual({
      quoteType: "equipment-rental",
      details: "2 TLBs for 3 months",
    });
  });
});

describe("one request of any type", () => {
  it("parses by request type, and its output parses again unchanged", () => {
    const parsed = UserRequestSchema.parse({ requestType: "offer", offerAmount: "R 5 000", listingId: "" });
    expect(parsed).toEqual({ requestType: "offer", offerAmount: "5000" });
    expect(UserRequestSchema.parse(parsed)).toEqual(parsed);
  });
  it("refuses an unknown request type", () => {
    expect(UserRequestSchema.safeParse({ requestType: "purchase", offerAmount: "1" }).success).toBe(false);
  });
});

describe("display", () => {
  it("shows whole offers like listing prices and keeps cents when there are some", () => {
    expect(formatOfferAmount("450000.00").replace(/\s/g, " ")).toBe("R 450 000");
    expect(formatOfferAmount("1500.5").replace(/\s/g, " ")).toBe("R 1 500,50");
  });
  it("shows a preferred day without shifting it across time zones", () => {
    expect(formatPreferredDate("2030-06-14")).toMatch(/14 Jun 2030/);
  });
});
