/**
 * The layer zones in eslint.config.js (docs/decisions/015-layers.md) do refuse
 * what they should: each case lints a small file, in memory, at a path inside
 * a layer, with the project's real configuration. An import the resolver could
 * not follow would pass the zones silently, so the allowed cases matter too.
 */
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
// The graph walk of no-cycle is not what is tested here, and costs seconds.
const eslint = new ESLint({ cwd: root, overrideConfig: { rules: { "import-x/no-cycle": "off" } } });

const LAYER_RULES = new Set(["import-x/no-restricted-paths", "@typescript-eslint/no-restricted-imports"]);

async function layerErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((m) => m.ruleId && LAYER_RULES.has(m.ruleId))
    .map((m) => m.ruleId)
    .sort();
}

describe("layer zones", { timeout: 120_000 }, () => {
  it("refuse a domain module, or the composition root, in app/lib", async () => {
    expect(
      await layerErrors(
        "app/lib/x.ts",
        'import { homePathFor } from "#app/domain/user/viewer.ts";\nexport const x = homePathFor;\n',
      ),
    ).toEqual(["import-x/no-restricted-paths"]);
    expect(
      await layerErrors(
        "app/lib/x.ts",
        'import { homePathFor } from "../domain/user/viewer.ts";\nexport const x = homePathFor;\n',
      ),
    ).toEqual(["import-x/no-restricted-paths"]);
    expect(
      await layerErrors(
        "app/lib/x.ts",
        'import { getRuntime } from "#app/server/runtime.server.ts";\nexport const x = getRuntime;\n',
      ),
    ).toEqual(["import-x/no-restricted-paths"]);
  });

  it("let app/lib import app/lib and db", async () => {
    expect(
      await layerErrors(
        "app/lib/x.ts",
        'import { PRODUCT_NAME } from "./brand.ts";\nimport { user } from "#db/schema.ts";\nexport const x = [PRODUCT_NAME, user];\n',
      ),
    ).toEqual([]);
  });

  it("let the domain take the runtime's type from app/server, and nothing else", async () => {
    expect(
      await layerErrors(
        "app/domain/x/x.server.ts",
        'import type { Runtime } from "#app/server/runtime.server.ts";\nexport type X = Runtime;\n',
      ),
    ).toEqual([]);
    expect(
      await layerErrors(
        "app/domain/x/x.server.ts",
        'import { getRuntime } from "#app/server/runtime.server.ts";\nexport const x = getRuntime;\n',
      ),
    ).toEqual(["@typescript-eslint/no-restricted-imports"]);
    expect(
      await layerErrors(
        "app/domain/x/x.server.ts",
        'import { requireUser } from "#app/server/guards.server.ts";\nexport const x = requireUser;\n',
      ),
    ).toEqual(["@typescript-eslint/no-restricted-imports", "import-x/no-restricted-paths"]);
  });

  it("keep e-mail templates pure: app/lib yes, the domain no", async () => {
    expect(
      await layerErrors(
        "app/emails/x.server.ts",
        'import { MANDATE_TERMS } from "#app/domain/mandate/mandate-terms.ts";\nexport const x = MANDATE_TERMS;\n',
      ),
    ).toEqual(["import-x/no-restricted-paths"]);
    expect(
      await layerErrors(
        "app/emails/x.server.ts",
        'import { PRODUCT_NAME } from "#app/lib/brand.ts";\nexport const x = PRODUCT_NAME;\n',
      ),
    ).toEqual([]);
  });

  it("refuse routes in components, the app in db, and tests in application code", async () => {
    expect(
      await layerErrors(
        "app/components/x.tsx",
        'import { loader } from "#app/routes/home.tsx";\nexport const x = loader;\n',
      ),
    ).toEqual(["import-x/no-restricted-paths"]);
    expect(
      await layerErrors(
        "db/x.ts",
        'import { formatPrice } from "#app/lib/format.ts";\nexport const x = formatPrice;\n',
      ),
    ).toEqual(["import-x/no-restricted-paths"]);
    expect(
      await layerErrors(
        "app/server/x.ts",
        'import { PERSONAS } from "#tests/e2e/permission-matrix.ts";\nexport const x = PERSONAS;\n',
      ),
    ).toEqual(["import-x/no-restricted-paths"]);
  });
});
