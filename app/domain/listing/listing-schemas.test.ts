import { describe, expect, it } from "vitest";
import { checkSelectedImage, fitImages, IMAGE_MESSAGES, detectDevice } from "./image-rules.ts";
import { AdminEditListingSchema, CreateListingSchema, LISTING_TITLES } from "./listing-schemas.ts";

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
    for (const price of ["0", "-5", "abc", "1e20"]) {
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
