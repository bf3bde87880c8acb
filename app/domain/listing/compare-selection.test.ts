import { describe, expect, it } from "vitest";
import { alignedSpecRows, compareHref, parseCompareIds } from "./compare-selection.ts";
import { specRows, type SpecSource } from "./machine-specs.ts";

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";
const C = "33333333-3333-4333-8333-333333333333";
const D = "44444444-4444-4444-8444-444444444444";

const machine = (over: Partial<SpecSource>): SpecSource => ({
  category: "excavators",
  condition: "used",
  location: "Durban",
  make: null,
  model: null,
  year: null,
  usage: null,
  serial: null,
  weightKg: null,
  powerKw: null,
  attachments: [],
  vat: null,
  ...over,
});

describe("the ids of a comparison", () => {
  it("keeps listing ids in order, the first three, without repeats", () => {
    expect(parseCompareIds(`${B},${A},${B},${C},${D}`)).toEqual([B, A, C]);
  });
  it("ignores anything that is not a listing id, and reads repeated parameters", () => {
    expect(parseCompareIds(["nope", `${A.toUpperCase()}, ,x'; drop table listings;--`, C])).toEqual([A, C]);
    expect(parseCompareIds(null)).toEqual([]);
    expect(parseCompareIds(",,,")).toEqual([]);
  });
  it("makes the address of a comparison", () => {
    expect(compareHref([A, B])).toBe(`/compare?ids=${A},${B}`);
    expect(compareHref([])).toBe("/compare");
  });
});

describe("spec rows lined up across machines", () => {
  it("gives every machine the same rows in the spec table's order", () => {
    const rows = alignedSpecRows([
      machine({ make: "Caterpillar", usage: 6200 }),
      machine({ category: "dump_trucks", usage: 184000 }),
    ]);
    expect(rows.map((r) => r.label)).toEqual([
      "Make",
      "Model",
      "Year",
      "Hours",
      "Kilometres",
      "Serial number",
      "Operating weight",
      "Power",
      "Attachments",
      "Condition",
      "Location",
      "VAT",
    ]);
    expect(rows.find((r) => r.label === "Hours")!.values).toEqual(["6,200 hours", null]);
    expect(rows.find((r) => r.label === "Kilometres")!.values).toEqual([null, "184,000 km"]);
    expect(rows.find((r) => r.label === "Make")!.values).toEqual(["Caterpillar", "Not specified"]);
  });
  it("is one machine's own table when there is one, and keeps each machine's order when the first has no meter", () => {
    const welder = machine({ category: "welding_equipment" });
    const loader = machine({ category: "loaders" });
    expect(alignedSpecRows([welder]).map((r) => r.label)).toEqual(specRows(welder).map((r) => r.label));
    const labels = alignedSpecRows([welder, loader]).map((r) => r.label);
    expect(labels).toEqual(specRows(loader).map((r) => r.label));
  });
});
