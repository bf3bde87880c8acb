/**
 * vite/bundling.ts's `directImports`: named imports and re-exports from
 * lucide-react and db/vocabulary.ts become imports of the part that defines
 * each name, so the chunk groups can see which page uses which part.
 */
import { describe, expect, it } from "vitest";
import { directImports } from "../../vite/bundling.ts";

const plugin = directImports();
function transform(code: string, id = "/project/app/components/example.tsx") {
  const hook = plugin.transform as (code: string, id: string) => string | undefined;
  return hook.call({}, code, id);
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
