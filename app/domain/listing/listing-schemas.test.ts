import { describe, expect, it } from "vitest";
import { checkSelectedImage, fitImages, IMAGE_MESSAGES, detectDevice } from "./image-rules.ts";
import { AdminEditListingSchema, CreateListingSchema, LISTING_MESSAGES, LISTING_TITLES } from "./listing-schemas.ts";

const valid = {
  title: "CAT 320D",
  description: "Good machine",
  category: "excavators",
  condition: "used",
  price: "1 450 000",
  location: "Durban",
  isUrgent: "on",
};
const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe("create-listing form", () => {
  it("accepts a complete listing and normalises the price", () => {
    const r = CreateListingSchema.safeParse(valid);
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({
      price: "1450000",
      isUrgent: true,
      isBargain: false,
      condition: "used",
      location: "Durban",
    });
  });
  it.each(["title", "description", "category", "condition", "price"])(
    "requires %s (Missing required fields)",
    (field) => {
      const message = first(CreateListingSchema.safeParse({ ...valid, [field]: "" }));
      expect(message).toBe("Please fill in all required fields.");
      expect(LISTING_TITLES[message!]).toBe("Missing required fields");
    },
  );
  it("needs a price above 0 (Invalid price)", () => {
    for (const price of ["0", "-5", "- 5", "-1 250 000,50"]) {
      expect(first(CreateListingSchema.safeParse({ ...valid, price }))).toBe("Price must be greater than 0.");
    }
    expect(LISTING_TITLES["Price must be greater than 0."]).toBe("Invalid price");
  });
  it("needs Urgent or Bargain (Listing type required)", () => {
    const message = first(CreateListingSchema.safeParse({ ...valid, isUrgent: undefined }));
    expect(message).toBe("Listing must be marked as either Urgent or Bargain (or both).");
    expect(LISTING_TITLES[message!]).toBe("Listing type required");
  });
  it("refuses unknown categories and conditions", () => {
    expect(CreateListingSchema.safeParse({ ...valid, category: "tractors" }).success).toBe(false);
    expect(CreateListingSchema.safeParse({ ...valid, condition: "broken" }).success).toBe(false);
  });
});

describe("a price as people type it", () => {
  const price = (value: string) => {
    const r = CreateListingSchema.safeParse({ ...valid, price: value });
    return r.success ? r.data.price : first(r);
  };
  it("reads a decimal comma as one, never as a thousands separator", () => {
    expect(price("1 250 000,50")).toBe("1250000.50");
    expect(price("129 500,75")).toBe("129500.75");
    expect(price("1,250,000")).toBe("1250000");
    expect(price("R1 250 000")).toBe("1250000");
  });
  it("says a price that is not a number must be one", () => {
    for (const value of ["12abc", "1.250.000", "1,25,000", "abc", "1e20"]) {
      expect(price(value)).toBe(LISTING_MESSAGES.priceNumber);
    }
    expect(LISTING_TITLES[LISTING_MESSAGES.priceNumber]).toBe("Invalid price");
    expect(price("0")).toBe(LISTING_MESSAGES.price);
  });
});

describe("admin edit form", () => {
  it("says when a price is too large or has more than two decimals, in both forms", () => {
    for (const schema of [CreateListingSchema, AdminEditListingSchema]) {
      const input = { ...valid, category: "cranes" };
      expect(first(schema.safeParse({ ...input, price: "99999999999999999999" }))).toBe("Price is too large.");
      expect(first(schema.safeParse({ ...input, price: "1 000 000 000 000" }))).toBe("Price is too large.");
      expect(first(schema.safeParse({ ...input, price: "1.234" }))).toBe("Price can have at most two decimal places.");
      expect(schema.safeParse({ ...input, price: "R999 999 999 999.99" }).success).toBe(true);
      expect(schema.safeParse({ ...input, price: "000001250000" }).success).toBe(true);
    }
    expect(LISTING_TITLES["Price is too large."]).toBe("Invalid price");
    expect(first(AdminEditListingSchema.safeParse({ title: "X", price: "1e25" }))).toBe(
      "Price must be a number of at least 0.",
    );
  });

  it("falls back to excavators for an unknown category and allows a price of 0", () => {
    const r = AdminEditListingSchema.safeParse({ title: "X", price: "0", category: "spaceships" });
    expect(r.data).toMatchObject({ category: "excavators", price: "0", isUrgent: false });
    expect(AdminEditListingSchema.safeParse({ title: "X", price: "-1", category: "cranes" }).success).toBe(false);
  });
});

describe("machine details (both forms)", () => {
  const next = new Date().getFullYear() + 1;
  const both = [CreateListingSchema, AdminEditListingSchema] as const;
  it("are all optional: an older listing's form without them is valid, and stores them empty", () => {
    for (const schema of both) {
      const r = schema.safeParse(valid);
      expect(r.success).toBe(true);
      expect(r.data).toMatchObject({
        make: null,
        model: null,
        year: null,
        usage: null,
        serial: null,
        weightKg: null,
        powerKw: null,
        attachments: [],
        vat: null,
      });
    }
  });
  it("give each wrong detail its own message", () => {
    const cases: [Record<string, string>, string][] = [
      [{ year: "1949" }, `Year must be between 1950 and ${next}.`],
      [{ year: String(next + 1) }, `Year must be between 1950 and ${next}.`],
      [{ year: "2019.5" }, `Year must be between 1950 and ${next}.`],
      [{ year: "new" }, `Year must be between 1950 and ${next}.`],
      [{ usage: "6200.5" }, "Hours must be a whole number."],
      // A decimal comma is not a thousands separator: "6 200,5" is not 62,005 hours.
      [{ usage: "6 200,5" }, "Hours must be a whole number."],
      [{ weightKg: "21,7" }, LISTING_MESSAGES.weight],
      [{ usage: "about 6000" }, "Hours must be a whole number."],
      [{ usage: "-5" }, "Hours must be a whole number."],
      [{ usage: "600001" }, "Hours must be at most 500,000."],
      [{ category: "dump_trucks", usage: "12.5" }, "Kilometres must be a whole number."],
      [{ make: "other" }, "Please type the make, or choose it from the list."],
      [{ make: "other", makeOther: "x".repeat(41) }, "Make can be at most 40 characters."],
      [{ model: "m".repeat(61) }, "Model can be at most 60 characters."],
      [{ serial: "ABC<script>" }, LISTING_MESSAGES.serial],
      [{ serial: "A".repeat(41) }, LISTING_MESSAGES.serial],
      [{ weightKg: "21.7 t" }, LISTING_MESSAGES.weight],
      [{ powerKw: "99999" }, LISTING_MESSAGES.power],
      [{ attachments: Array.from({ length: 11 }, (_, i) => `Bucket ${i}`).join("\n") }, LISTING_MESSAGES.attachments],
      [{ attachments: "x".repeat(61) }, LISTING_MESSAGES.attachments],
      [{ vat: "sometimes" }, "Please choose how the price stands to VAT."],
    ];
    for (const schema of both) {
      for (const [fields, message] of cases) {
        expect(first(schema.safeParse({ ...valid, ...fields })), JSON.stringify(fields)).toBe(message);
        expect(LISTING_TITLES[message], message).toBe("Invalid machine details");
      }
    }
  });
  it("store one make name, whole numbers and the attachments list", () => {
    const r = CreateListingSchema.safeParse({
      ...valid,
      make: "CAT",
      model: "  320D ",
      year: "2019",
      usage: "6 800",
      serial: "cat0320d-01234",
      weightKg: "21,700",
      powerKw: "110",
      attachments: "Quick hitch\nGP bucket",
      vat: "exclusive",
    });
    expect(r.data).toMatchObject({
      make: "Caterpillar",
      model: "320D",
      year: 2019,
      usage: 6800,
      serial: "cat0320d-01234",
      weightKg: 21_700,
      powerKw: 110,
      attachments: ["Quick hitch", "GP bucket"],
      vat: "exclusive",
    });
    const typed = CreateListingSchema.safeParse({ ...valid, make: "other", makeOther: "sany" });
    expect(typed.data).toMatchObject({ make: "Sany" });
    expect(typed.data).not.toHaveProperty("makeOther");
  });
  it("drop a reading for a category without a meter", () => {
    const r = CreateListingSchema.safeParse({ ...valid, category: "welding_equipment", usage: "lots" });
    expect(r.success).toBe(true);
    expect(r.data!.usage).toBeNull();
  });
  it("suggest the title when it is left empty, and need it when nothing can suggest one", () => {
    const r = CreateListingSchema.safeParse({ ...valid, title: "", year: "2019", make: "cat", model: "320D" });
    expect(r.data!.title).toBe("2019 Caterpillar 320D");
    expect(first(CreateListingSchema.safeParse({ ...valid, title: " " }))).toBe("Please fill in all required fields.");
  });
});

describe("photo rules", () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });
  it("gives the spec's message for each refused file", () => {
    expect(checkSelectedImage(file("IMG_1.HEIC", "image/heic"))).toBe(IMAGE_MESSAGES.heic);
    expect(checkSelectedImage(file("a.jpg", "image/jpeg", 26 * 1024 * 1024))).toBe(
      "File too large (26.0 MB). Please choose a smaller photo.",
    );
    expect(checkSelectedImage(file("a.gif", "image/gif"))).toBe(
      "Invalid file type. Please use JPEG, PNG, or WebP format.",
    );
    expect(checkSelectedImage(file("a.bmp", "image/png"))).toBe(
      "Invalid file extension. Please use .jpg, .jpeg, .png, or .webp files.",
    );
    expect(checkSelectedImage(file("a.JPG", "image/jpeg"))).toBeNull();
    expect(checkSelectedImage(file("a.webp", "image/webp"))).toBeNull();
  });
  it("cuts the excess above 5 and says how many more fit", () => {
    expect(fitImages(3, 4)).toEqual({ accepted: 2, cut: 2, room: 2 });
    expect(IMAGE_MESSAGES.tooMany(2)).toBe("You can upload a maximum of 5 images. You can add 2 more right now.");
    expect(IMAGE_MESSAGES.tooMany(0)).toBe("You can upload a maximum of 5 images.");
    expect(fitImages(5, 1)).toEqual({ accepted: 0, cut: 1, room: 0 });
  });
  it("recognises Samsung and Android browsers", () => {
    expect(detectDevice("Mozilla/5.0 (Linux; Android 14; SM-S918B) Chrome/120")).toBe("samsung");
    expect(detectDevice("Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/120")).toBe("android");
    expect(detectDevice("Mozilla/5.0 (X11; Linux x86_64) Chrome/120")).toBe("desktop");
  });
});
