import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * The layers (docs/decisions/015-layers.md): routes → components / domain → lib → db,
 * with the composition root in app/server (runtime, guards, the request's viewer).
 * Each zone names a folder (`target`) and what it may not import (`from`).
 */
const APP_ENTRIES = ["./app/root.tsx", "./app/entry.server.tsx", "./app/routes.ts"];
const LAYER_ZONES = [
  {
    target: "./app/lib",
    from: ["./app/domain", "./app/routes", "./app/components", "./app/jobs", "./app/server", "./app/emails", ...APP_ENTRIES],
    message:
      "app/lib is infrastructure and shared vocabulary: it imports only app/lib and db (docs/decisions/015-layers.md).",
  },
  {
    target: "./app/domain",
    from: ["./app/routes", "./app/components", "./app/jobs", ...APP_ENTRIES],
    message: "app/domain may not import routes, components or jobs (docs/decisions/015-layers.md).",
  },
  {
    // The runtime's type only: the lint rule below refuses a value import of app/server in app/domain.
    target: "./app/domain",
    from: "./app/server",
    except: ["./runtime.server.ts"],
    message:
      "app/domain may not import the composition root in app/server, except `import type { Runtime }` (docs/decisions/015-layers.md).",
  },
  {
    target: "./app/emails",
    from: ["./app/domain", "./app/routes", "./app/components", "./app/jobs", "./app/server", ...APP_ENTRIES],
    message:
      "An e-mail template is a pure function of its data: it imports only app/lib and db; domain values come in as data (docs/decisions/015-layers.md).",
  },
  {
    target: "./app/jobs",
    from: ["./app/routes", "./app/components", "./app/server", ...APP_ENTRIES],
    message: "A job may import domain, lib and db; the composition root registers it (docs/decisions/015-layers.md).",
  },
  {
    target: "./app/components",
    from: ["./app/routes", "./app/jobs", "./app/server"],
    message: "Components may not import routes, jobs or the composition root (docs/decisions/015-layers.md).",
  },
  {
    // db/seed.ts is demo data the runtime loads: it is allowed to use the app.
    target: "./db/**/!(seed).*",
    from: "./app",
    except: ["./lib/vocabulary.ts"],
    message: "db/ may not import the app, except a pure vocabulary module (docs/decisions/015-layers.md).",
  },
  {
    target: ["./app", "./db", "./server", "./server.js"],
    from: "./tests",
    message: "Application code may not import tests/ (docs/decisions/015-layers.md).",
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      ".e2e-data*/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/external-module-folders": ["node_modules", "node_modules/@types"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      // Resolves the package.json "imports" (#app/*, #db/*, #tests/*) like Node and Vite do.
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] })],
    },
    rules: {
      // `import type` is ignored: it has no runtime effect.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { basePath: import.meta.dirname, zones: LAYER_ZONES }],
    },
  },
  {
    files: ["app/domain/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^#app/server/",
              allowTypeImports: true,
              message: "app/domain may import only the runtime's type from app/server (docs/decisions/015-layers.md).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server.js", "server/**", "scripts/**", "tests/**", "bench/**"],
    languageOptions: { globals: { process: "readonly", console: "readonly", setTimeout: "readonly", URL: "readonly" } },
    rules: { "no-console": "off" },
  },
);
