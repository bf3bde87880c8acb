import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./db-errors.ts";

describe("isDatabaseUnavailable", () => {
  it("recognises a refused, cut or timed-out connection, also wrapped", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: new Error("Connection terminated unexpectedly") }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
  });
  it("does not mistake bugs or bad input for an outage", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
