import { describe, expect, it } from "vitest";
import { missingForUpload, uploadHint } from "./missing-for-upload.ts";

const complete = {
  title: "CAT 320D",
  description: "4 200 hours",
  category: "excavators",
  condition: "used",
  price: "985000",
  location: "",
  isBargain: "on",
};

describe("what the create form still needs", () => {
  it("lists every rule an empty form breaks, in the form's order, and the photo", () => {
    const missing = missingForUpload({}, 0);
    expect(missing).toEqual({
      photo: true,
      fields: [
        "title",
        "description",
        "category",
        "condition",
        "price (a number above 0)",
        "listing type (Urgent or Bargain)",
      ],
    });
    expect(uploadHint(missing)).toBe(
      "Upload Machinery is disabled: add at least one photo and fill in the title, description, category, condition, price (a number above 0) and listing type (Urgent or Bargain).",
    );
  });

  it("names only what is missing", () => {
    expect(uploadHint(missingForUpload({ ...complete, price: "0" }, 0))).toBe(
      "Upload Machinery is disabled: add at least one photo and fill in the price (a number above 0).",
    );
    expect(uploadHint(missingForUpload({ ...complete, title: "  " }, 2))).toBe("Before uploading, fill in the title.");
    expect(uploadHint(missingForUpload(complete, 0))).toBe("Upload Machinery is disabled: add at least one photo.");
  });

  it("says nothing once the form is complete", () => {
    expect(missingForUpload(complete, 1)).toEqual({ photo: false, fields: [] });
    expect(uploadHint(missingForUpload(complete, 1))).toBeNull();
  });
});
