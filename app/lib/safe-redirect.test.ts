import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect.ts";

describe("safeRedirect", () => {
  it("follows paths on this site", () => {
    expect(safeRedirect("/listing/abc?x=1#y", "/")).toBe("/listing/abc?x=1#y");
    expect(safeRedirect("/buyer-dashboard?tab=offer&listing=1", "/")).toBe("/buyer-dashboard?tab=offer&listing=1");
  });
  it.each([
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    " /x",
    "/signin?redirectTo=/signin",
    "/api/auth/sign-out",
    "",
  ])("refuses %j", (to) => {
    expect(safeRedirect(to, "/fallback")).toBe("/fallback");
  });
  it("refuses what is not a string", () => {
    expect(safeRedirect(null, "/f")).toBe("/f");
    expect(safeRedirect(new File([], "x"), "/f")).toBe("/f");
  });
});
