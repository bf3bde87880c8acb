import { describe, expect, it } from "vitest";
import { planPhotos, photoToken } from "./photo-plan.ts";

const current = ["a1", "b2", "c3"];
const plan = (o: Partial<Parameters<typeof planPhotos>[0]>) =>
  planPhotos({ current, order: current, remove: [], cover: null, newCount: 0, ...o });

describe("the photos an edit keeps", () => {
  it("keeps the current photos in the order given", () => {
    expect(plan({ order: ["c3", "a1", "b2"] })).toEqual({
      photos: [
        { kind: "current", token: "c3" },
        { kind: "current", token: "a1" },
        { kind: "current", token: "b2" },
      ],
    });
  });

  it("drops photos left out of the order or ticked for removal, and puts new files where the order says", () => {
    expect(plan({ order: ["new:0", "b2"], newCount: 1 })).toEqual({
      photos: [
        { kind: "new", index: 0 },
        { kind: "current", token: "b2" },
      ],
    });
    expect(plan({ remove: ["a1"], newCount: 2 })).toEqual({
      photos: [
        { kind: "current", token: "b2" },
        { kind: "current", token: "c3" },
        { kind: "new", index: 0 },
        { kind: "new", index: 1 },
      ],
    });
  });

  it("moves the chosen cover to the front", () => {
    expect(plan({ cover: "c3" })).toMatchObject({ photos: [{ token: "c3" }, { token: "a1" }, { token: "b2" }] });
    expect(plan({ cover: "new:0", newCount: 1 })).toMatchObject({ photos: [{ kind: "new", index: 0 }, {}, {}, {}] });
  });

  it("refuses none, more than five, and photos that are not the listing's", () => {
    expect(plan({ order: [], remove: [], current: [] })).toMatchObject({ error: "Please choose one or more images." });
    expect(plan({ remove: current })).toMatchObject({ error: "Please choose one or more images." });
    expect(plan({ newCount: 3 })).toMatchObject({ title: "Too many images" });
    expect(plan({ order: ["zz"] })).toMatchObject({ title: "Photos changed" });
    expect(plan({ order: ["new:1"], newCount: 1 })).toMatchObject({ title: "Photos changed" });
  });

  it("names a stored photo by the last part of its key", () => {
    expect(photoToken("public/listings/0f9e/abc123")).toBe("abc123");
  });
});
