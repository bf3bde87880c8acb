import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vitest/config";

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * Entries that re-export every part: radix-ui's and lucide-react's, and
 * db/vocabulary.ts. The walks below do not follow them: the bundler places
 * each part by what a page takes from it.
 */
const BARREL = /node_modules[\\/](radix-ui[\\/]|lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$)|[\\/]db[\\/]vocabulary\.ts$/;
const REACT = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

/** Every module `file` (under the project) imports, directly or not, itself included. */
function reachable(graph: ModuleGraph, file: string) {
  const seen = new Set<string>();
  const stack = [`${import.meta.dirname}/${file}`];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    if (!BARREL.test(id)) stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** The browse pages: a visitor's first page is one of them. */
const BROWSE_ROUTES = ["home.tsx", "catalog/catalog.tsx", "catalog/parts.tsx", "catalog/listing-detail.tsx"];

let shell: Set<string> | undefined;
/**
 * The root's file: every module the root route imports (header, footer,
 * toaster, button, icons…), which every page loads, and every module all the
 * browse pages import (prices, labels, badges). They travel as one file
 * instead of a dozen small ones: each file costs its own gzip header, import
 * glue and request (docs/performance.md).
 */
function shellModules(graph: ModuleGraph) {
  if (shell) return shell;
  const [first, ...rest] = BROWSE_ROUTES.map((route) => reachable(graph, `app/routes/${route}`));
  const browse = [...first!].filter((id) => rest.every((set) => set.has(id)) && !REACT.test(id));
  shell = new Set([...reachable(graph, "app/root.tsx"), ...browse]);
  return shell;
}

/**
 * lucide-react's icon modules each call `../createLucideIcon.mjs`, a runtime
 * (provider, attribute renaming, class merging) of about 1.2 KB gzip on every
 * page; they call app/components/ui/lucide-icon.ts instead, on the server
 * and in the browser alike (lucide-react is bundled for both, below).
 */
function leanLucideIcons(): Plugin {
  const icons = /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
  return {
    name: "lean-lucide-icons",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "../createLucideIcon.mjs" && importer && icons.test(importer))
        return `${import.meta.dirname}/app/components/ui/lucide-icon.ts`;
    },
  };
}

export default defineConfig({
  plugins: [leanLucideIcons(), tailwindcss(), !process.env.VITEST && reactRouter()],
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // React, React DOM and React Router: one file, on every page.
                { name: "react", test: REACT, priority: 2 },
                { name: (id, graph) => (shellModules(graph).has(id) ? "root-shell" : null), priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
  ssr: {
    noExternal: ["lucide-react"],
    external: ["@electric-sql/pglite", "pg-boss", "sharp", "pg", "nodemailer", "pino"],
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "tests/unit/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/support/fail-on-console-error.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          include: ["tests/db/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/support/fail-on-console-error.ts"],
          globalSetup: ["tests/db/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Every file opens its own database (a PGlite in memory, or mm_test_* on PostgreSQL) and its own
          // free ports, so files run side by side; scripts/test-db.sh runs two at once (~40 % off the time).
          fileParallelism: true,
        },
      },
    ],
  },
});
