import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PRODUCT_NAME, PRODUCT_TAGLINE, pageTitle } from "#app/lib/brand.ts";

/** Every source file the app, its server and its database scripts are built from. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "+types" ? [] : sourceFiles(path);
    return /\.(ts|tsx|js)$/.test(name) && !/\.test\.ts$/.test(name) ? [path] : [];
  });
}

describe("product name", () => {
  it("is written in one place: every page, e-mail, mandate and log line reads it from app/lib/brand.ts", () => {
    const spelled = ["app", "server", "db", "scripts"]
      .flatMap(sourceFiles)
      .filter((file) => file !== join("app", "lib", "brand.ts"))
      .filter((file) => {
        const text = readFileSync(file, "utf8");
        return text.includes(PRODUCT_NAME) || text.includes(PRODUCT_TAGLINE);
      });
    expect(spelled).toEqual([]);
  });

  it("titles a page with the product's name", () => {
    expect(pageTitle("Sign In")).toBe(`Sign In | ${PRODUCT_NAME}`);
  });
});
