import { describe, expect, it } from "vitest";
import { plainRand } from "./rand-input.ts";

describe("plainRand", () => {
  it("reads spaces, an R and commas between thousands as grouping", () => {
    expect(plainRand("R 1 250 000")).toBe("1250000");
    expect(plainRand("1\u00a0250\u202f000")).toBe("1250000");
    expect(plainRand("1,250,000")).toBe("1250000");
    expect(plainRand("1,250,000.50")).toBe("1250000.50");
    expect(plainRand("1,250")).toBe("1250");
  });

  it("reads a comma before one or two digits at the end as the decimal comma", () => {
    expect(plainRand("1 250 000,50")).toBe("1250000.50");
    expect(plainRand("129 500,75")).toBe("129500.75");
    expect(plainRand("450000,5")).toBe("450000.5");
  });

  it("keeps a minus, before or after the R", () => {
    expect(plainRand("-1 250 000,50")).toBe("-1250000.50");
    expect(plainRand("R -5")).toBe("-5");
    expect(plainRand("-R5")).toBe("-5");
  });

  it("leaves any other comma for the checks to refuse", () => {
    expect(plainRand("1,25,000")).toBe("1,25,000");
    expect(plainRand("1,250,00")).toBe("1,250,00");
    expect(plainRand("12,3456")).toBe("12,3456");
    expect(plainRand("1.250.000")).toBe("1.250.000");
    expect(plainRand("12abc")).toBe("12abc");
  });
});
