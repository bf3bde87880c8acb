import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vitest/config";

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** Packages whose entry re-exports every part: what a page takes from them is followed through the part it imports. */
const BARREL = /node_modules[\\/](radix-ui[\\/]|lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$)/;
const REACT = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

let shell: Set<string> | undefined;
/**
 * Every module the root route imports, directly or not: the header, footer,
 * toaster, button, icons… Every page loads all of them, so they travel as
 * one file instead of a dozen small ones (each file costs its own gzip
 * header and import glue: about 4 KB a page, docs/performance.md).
 */
function rootModules(graph: ModuleGraph) {
  if (shell) return shell;
  shell = new Set();
  const stack = [`${import.meta.dirname}/app/root.tsx`];
  while (stack.length) {
    const id = stack.pop()!;
    if (shell.has(id)) continue;
    shell.add(id);
    if (!BARREL.test(id)) stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return shell;
}

export default defineConfig({
  plugins: [tailwindcss(), !process.env.VITEST && reactRouter()],
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
                { name: (id, graph) => (rootModules(graph).has(id) ? "root-shell" : null), priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
  ssr: {
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
