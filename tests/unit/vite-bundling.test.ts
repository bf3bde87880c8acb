/**
 * vite/bundling.ts's `directImports`: named imports and re-exports from
 * lucide-react and db/vocabulary.ts become imports of the part that defines
 * each name, so the chunk groups can see which page uses which part.
 */
import { describe, expect, it } from "vitest";
import path from "node:path";
import { directImports, productionReactRouter } from "../../vite/bundling.ts";

const plugin = directImports();
function transform(code: string, id = "/project/app/components/example.tsx") {
  const hook = plugin.transform as (code: string, id: string) => { code: string; map: null } | undefined;
  const result = hook.call({}, code, id);
  // Lines are kept, so the module's source map is left as it was.
  if (result) expect(result.map).toBeNull();
  return result?.code;
}

describe("imports of a file that only re-exports", () => {
  it("an icon by its name or an alias comes from its own module", () => {
    expect(transform(`import { Heart, AlertCircle as Warning } from "lucide-react";\nuse(Heart, Warning);`)).toBe(
      `import { default as Heart } from "lucide-react/icons/heart"; import { default as Warning } from "lucide-react/icons/circle-exclamation-point";\nuse(Heart, Warning);`,
    );
  });

  it("the vocabulary's words come from their part; re-exports too; types stay with the entry and are erased", () => {
    const code = [
      `import {`,
      `  CATEGORY_LABELS,`,
      `  type Category,`,
      `  REQUEST_STATUS_LABELS as STATUS,`,
      `} from "#db/vocabulary.ts";`,
      `export { VAT_MODES, type VatMode } from "#db/vocabulary.ts";`,
      `const x = 1;`,
    ].join("\n");
    const out = transform(code)!;
    expect(out.split("\n")).toHaveLength(code.split("\n").length);
    expect(out).toContain(`import type { Category } from "#db/vocabulary.ts";`);
    expect(out).toContain(`import { CATEGORY_LABELS as CATEGORY_LABELS } from "#db/vocabulary/listings.ts";`);
    expect(out).toContain(`import { REQUEST_STATUS_LABELS as STATUS } from "#db/vocabulary/requests.ts";`);
    expect(out).toContain(`export type { VatMode } from "#db/vocabulary.ts";`);
    expect(out).toMatch(/export \{ VAT_MODES as VAT_MODES \} from "#db\/vocabulary\/\w+\.ts";/);
    expect(out).not.toMatch(/import \{[^}]*\} from "#db\/vocabulary\.ts"/);
    expect(out.endsWith("const x = 1;")).toBe(true);
  });

  it("leaves unknown names, type-only imports, other modules and node_modules as they are", () => {
    expect(transform(`import { Heart, NotAnIcon } from "lucide-react";`)).toBe(
      `import { NotAnIcon } from "lucide-react"; import { default as Heart } from "lucide-react/icons/heart";`,
    );
    const typeOnly = `import type { LucideIcon } from "lucide-react";`;
    expect(transform(typeOnly)).toBe(typeOnly);
    expect(transform(`import { useState } from "react";`)).toBeUndefined();
    expect(transform(`import { Heart } from "lucide-react";`, "/project/node_modules/x/index.tsx")).toBeUndefined();
  });
});

describe("React Router in the browser build", () => {
  const plugin = productionReactRouter();
  const resolve = (source: string) => (plugin.resolveId as (source: string) => string | undefined).call({}, source);
  const applies = (name: string) =>
    (plugin.applyToEnvironment as (environment: { name: string }) => boolean)({ name });

  it("takes the package's production copy, for the router and its DOM entry alike", () => {
    const dist = path.resolve(import.meta.dirname, "../../node_modules/react-router/dist/production");
    expect(resolve("react-router")).toBe(path.join(dist, "index.mjs"));
    expect(resolve("react-router/dom")).toBe(path.join(dist, "dom-export.mjs"));
    expect(resolve("react-router-dom")).toBeUndefined();
    expect(resolve("@react-router/node")).toBeUndefined();
  });

  it("only in the browser's build: the server and the dev server keep the package's own", () => {
    expect(plugin.apply).toBe("build");
    expect(applies("client")).toBe(true);
    expect(applies("ssr")).toBe(false);
  });
});
