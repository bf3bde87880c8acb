import { describe, expect, it } from "vitest";
import { destinationKind, safeRedirect } from "./safe-redirect.ts";

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

describe("destinationKind", () => {
  it.each([
    ["/verification-documents/00000000-0000-4000-8000-000000000001", "download"],
    ["/account/data/00000000-0000-4000-8000-000000000001/download", "download"],
    ["/Account/Data/abc/Download/", "download"],
    ["/mandates/abc/pdf?x=1", "download"],
    ["/admin/mailbox/abc/attachments/0", "download"],
    ["/saved-searches/abc/open", "resource"],
    ["/media/listings/a.webp", "resource"],
    ["/api/favourites", "resource"],
    ["/sitemap.xml", "resource"],
    ["/account/data", "page"],
    ["/account/verification", "page"],
    ["/listing/abc?tab=1#photos", "page"],
    ["/assets-for-sale", "page"],
    ["/account/data/abc/download/more", "page"],
  ] as const)("%s is a %s", (path, kind) => {
    expect(destinationKind(path)).toBe(kind);
  });
});
