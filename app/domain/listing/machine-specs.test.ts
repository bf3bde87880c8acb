import { describe, expect, it } from "vitest";
import { priceBreakdownWithVat } from "#app/lib/commission.ts";
import { formatUsage, maskSerial, specRows, splitAttachments, suggestedTitle, usageMeter } from "./machine-specs.ts";
import { ALL_MAKES, makesFor, normaliseMake } from "./makes.ts";

describe("make names", () => {
  it("are one name per make, whatever way they are typed", () => {
    for (const typed of ["CAT", "cat", "Cat", "Caterpillar", "caterpillar", "  CATERPILLAR  ", "Caterpillar Inc"]) {
      expect(normaliseMake(typed), typed).toBe("Caterpillar");
    }
    expect(normaliseMake("john-deere")).toBe("John Deere");
    expect(normaliseMake("Deere")).toBe("John Deere");
    expect(normaliseMake("bell equipment")).toBe("Bell");
    expect(normaliseMake("lincoln")).toBe("Lincoln Electric");
    expect(normaliseMake("mercedes benz")).toBe("Mercedes-Benz");
    expect(normaliseMake("jcb")).toBe("JCB");
  });
  it("keep a make not in the list as typed, with capitals when typed all in lower case", () => {
    expect(normaliseMake("XCMG")).toBe("XCMG");
    expect(normaliseMake("sinotruk  howo")).toBe("Sinotruk Howo");
    expect(normaliseMake("McCloskey")).toBe("McCloskey");
    expect(normaliseMake("   ")).toBeNull();
    expect(normaliseMake(null)).toBeNull();
  });
  it("are offered per category, every make for Other", () => {
    expect(makesFor("welding_equipment")).toContain("Lincoln Electric");
    expect(makesFor("welding_equipment")).not.toContain("Caterpillar");
    expect(makesFor("excavators")).toEqual([...makesFor("excavators")].sort((a, b) => a.localeCompare(b, "en")));
    expect(makesFor("other")).toEqual(ALL_MAKES);
    expect(makesFor("")).toEqual(ALL_MAKES);
    expect(new Set(ALL_MAKES).size).toBe(ALL_MAKES.length);
  });
});

describe("usage meters", () => {
  it("count hours, kilometres for dump trucks, nothing for welders and other machines", () => {
    expect(usageMeter("excavators")).toBe("hours");
    expect(usageMeter("dump_trucks")).toBe("km");
    expect(usageMeter("welding_equipment")).toBe("none");
    expect(usageMeter("other")).toBe("none");
    expect(usageMeter("tractors")).toBe("none");
    expect(formatUsage(6200, "excavators")).toBe("6,200 h");
    expect(formatUsage(184_000, "dump_trucks")).toBe("184,000 km");
    expect(formatUsage(null, "excavators")).toBeNull();
    expect(formatUsage(500, "welding_equipment")).toBeNull();
  });
});

describe("serial numbers", () => {
  it("show the public only their last four characters", () => {
    expect(maskSerial("CAT0320DKBZF01234")).toBe("••••••••1234");
    expect(maskSerial("85-012345")).toBe("•••••2345");
    expect(maskSerial("A1B2")).toBe("••••");
    expect(maskSerial(null)).toBeNull();
    expect(maskSerial("")).toBeNull();
  });
});

describe("titles and attachments", () => {
  it("suggest a title from year, make and model", () => {
    expect(suggestedTitle({ year: 2019, make: "Caterpillar", model: "320D" })).toBe("2019 Caterpillar 320D");
    expect(suggestedTitle({ make: "Bell", model: " B40D " })).toBe("Bell B40D");
    expect(suggestedTitle({})).toBe("");
    // A year the form would refuse is not suggested.
    expect(suggestedTitle({ year: "1890", make: "Sinotruk", model: "Howo 371" })).toBe("Sinotruk Howo 371");
    expect(suggestedTitle({ year: String(new Date().getFullYear() + 2), make: "Scania" })).toBe("Scania");
  });
  it("split attachments on lines, commas and semicolons", () => {
    expect(splitAttachments("Quick coupler\n GP bucket ,Ripper;; \n")).toEqual([
      "Quick coupler",
      "GP bucket",
      "Ripper",
    ]);
    expect(splitAttachments(undefined)).toEqual([]);
  });
});

describe("the spec table", () => {
  const base = {
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
  };
  it("says Not specified for every empty detail of an older listing", () => {
    const rows = specRows(base);
    expect(rows.map((r) => r.label)).toEqual([
      "Make",
      "Model",
      "Year",
      "Hours",
      "Serial number",
      "Operating weight",
      "Power",
      "Attachments",
      "Condition",
      "Location",
      "VAT",
    ]);
    expect(rows.filter((r) => r.value === "Not specified").map((r) => r.label)).toEqual([
      "Make",
      "Model",
      "Year",
      "Hours",
      "Serial number",
      "Operating weight",
      "Power",
      "Attachments",
      "VAT",
    ]);
  });
  it("writes each detail with its unit, and kilometres for trucks", () => {
    const rows = specRows({
      ...base,
      category: "dump_trucks",
      make: "Bell",
      model: "B40D",
      year: 2014,
      usage: 168_000,
      serial: "••••3410",
      weightKg: 31_000,
      powerKw: 320,
      attachments: ["Tailgate", "Body liners"],
      vat: "exclusive",
    });
    expect(Object.fromEntries(rows.map((r) => [r.label, r.value]))).toMatchObject({
      Kilometres: "168,000 km",
      "Operating weight": "31,000 kg",
      Power: "320 kW",
      Attachments: "Tailgate, Body liners",
      VAT: "Excluded: 15% is added; VAT-registered seller",
      "Serial number": "••••3410",
    });
  });
});

describe("VAT in the price breakdown", () => {
  it("adds 15% to what the buyer pays when the price excludes VAT", () => {
    expect(priceBreakdownWithVat(1_000_000, "exclusive")).toMatchObject({
      price: 1_000_000,
      vatAdded: 150_000,
      vatIncluded: 0,
      buyerCommission: 25_000,
      buyerPays: 1_175_000,
      sellerReceives: 975_000,
    });
  });
  it("shows the VAT a VAT-inclusive price holds, and adds nothing", () => {
    expect(priceBreakdownWithVat(1_150_000, "inclusive")).toMatchObject({
      vatAdded: 0,
      vatIncluded: 150_000,
      buyerPays: 1_178_750,
    });
  });
  it("adds nothing without VAT or when the seller did not say", () => {
    for (const vat of ["none", null] as const) {
      expect(priceBreakdownWithVat(400_000, vat)).toMatchObject({ vatAdded: 0, vatIncluded: 0, buyerPays: 410_000 });
    }
  });
});
