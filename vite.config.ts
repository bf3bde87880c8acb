import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vitest/config";
import { chunkGroups, directImports, leanLucideIcons } from "./vite/bundling.ts";

export default defineConfig({
  plugins: [directImports(), leanLucideIcons(), tailwindcss(), !process.env.VITEST && reactRouter()],
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Fewer, larger files (vite/bundling.ts).
            codeSplitting: { groups: chunkGroups() },
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
