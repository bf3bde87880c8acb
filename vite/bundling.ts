/**
 * How the browser's scripts are cut into files (vite.config.ts uses these).
 * A page's files are compressed apart from each other and each is a request,
 * so fewer, larger files weigh less and arrive sooner (docs/performance.md).
 *
 * - React, React DOM and React Router: one file, on every page.
 * - The root's file: every module the root route imports, and every module all
 *   four browse pages import.
 * - The rest of what the browse and public form pages import goes by the set
 *   of those pages that import it: the catalogue's own modules in one file,
 *   those it shares with a listing page in another, sign-in's own in a third…
 *   (signed-in pages that import such a module take its whole file).
 *
 * The walks follow imports as written, so named imports from a file that
 * only re-exports (lucide-react's icons, db/vocabulary.ts) are first turned
 * into imports of the part that defines each name (`directImports`).
 */
import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const ROOT = path.resolve(import.meta.dirname, "..");

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** Files that re-export parts and are not followed: radix-ui's entry (its parts are used by signed-in pages only). */
const NOT_FOLLOWED = /node_modules[\\/]radix-ui[\\/]/;
const REACT = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

/** The browse pages: a visitor's first page is one of them. */
const BROWSE_ROUTES = ["home.tsx", "catalog/catalog.tsx", "catalog/parts.tsx", "catalog/listing-detail.tsx"];
/** The public form pages. */
const FORM_ROUTES = ["auth/signin.tsx", "auth/signup.tsx", "contact.tsx"];
const PAGES = [...BROWSE_ROUTES, ...FORM_ROUTES];
const PAGE_NAMES = PAGES.map((route) => route.replace(/^.*\/|\.tsx$/g, ""));

/** Every module `file` (under the project) imports statically, directly or not, itself included. */
function reachable(graph: ModuleGraph, file: string) {
  const seen = new Set<string>();
  const stack = [path.join(ROOT, file)];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    if (!NOT_FOLLOWED.test(id)) stack.push(...(graph.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

let places: Map<string, string> | undefined;
/** The file each placed module goes in: "root-shell", or "pages-<the pages that import it>". */
function placeOf(graph: ModuleGraph, id: string) {
  if (!places) {
    places = new Map();
    const pages = PAGES.map((route) => reachable(graph, `app/routes/${route}`));
    for (const module of reachable(graph, "app/root.tsx")) places.set(module, "root-shell");
    for (const module of pages[0]!) {
      if (pages.slice(0, BROWSE_ROUTES.length).every((ids) => ids.has(module))) places.set(module, "root-shell");
    }
    for (const ids of pages) {
      for (const module of ids) {
        if (places.has(module) || NOT_FOLLOWED.test(module)) continue;
        places.set(module, `pages-${PAGE_NAMES.filter((_, i) => pages[i]!.has(module)).join("_")}`);
      }
    }
    for (const [module] of places) if (REACT.test(module)) places.delete(module);
  }
  return places.get(id) ?? null;
}

function subsets<T>(items: T[]): T[][] {
  return items
    .reduce<T[][]>((all, item) => [...all, ...all.map((set) => [...set, item])], [[]])
    .filter((set) => set.length > 0);
}

/**
 * The groups for rolldown's `codeSplitting`. A module placed in a group brings
 * along the imports no earlier group has taken, so the groups that take more
 * pages' modules come first: a module's imports are used by at least the
 * pages that use it.
 */
export function chunkGroups() {
  const place = (name: string) => (id: string, graph: ModuleGraph) => (placeOf(graph, id) === name ? name : null);
  return [
    { name: "react", test: REACT, priority: 20 },
    { name: place("root-shell"), priority: 10 },
    ...subsets(PAGE_NAMES).map((set) => ({ name: place(`pages-${set.join("_")}`), priority: set.length })),
  ];
}

/** name → the module that defines it and its name there, for each re-exporting file handled. */
function reExports() {
  const lucide = new Map<string, { from: string; name: string }>();
  const entry = fs.readFileSync(path.join(ROOT, "node_modules/lucide-react/dist/esm/lucide-react.mjs"), "utf8");
  for (const [, names, file] of entry.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g)) {
    for (const [, alias] of names!.matchAll(/default as (\w+)/g))
      lucide.set(alias!, { from: `lucide-react/icons/${file}`, name: "default" });
  }
  const vocabulary = new Map<string, { from: string; name: string }>();
  const barrel = fs.readFileSync(path.join(ROOT, "db/vocabulary.ts"), "utf8");
  for (const [, part] of barrel.matchAll(/export \* from "\.\/vocabulary\/([\w-]+)\.ts"/g)) {
    const source = fs.readFileSync(path.join(ROOT, `db/vocabulary/${part}.ts`), "utf8");
    for (const [, name] of source.matchAll(/^export (?:const|function|type|interface|enum|class) (\w+)/gm)) {
      vocabulary.set(name!, { from: `#db/vocabulary/${part}.ts`, name: name! });
    }
  }
  return new Map([
    ["lucide-react", lucide],
    ["#db/vocabulary.ts", vocabulary],
  ]);
}

/**
 * `import { Heart, X as Close } from "lucide-react"` becomes
 * `import { default as Heart } from "lucide-react/icons/heart"; …`, and a
 * named import or re-export from db/vocabulary.ts one from the part that
 * defines it: the chunk groups above then see which page uses which icon and
 * words. Types go in an `import type` (erased); a name not found stays as it
 * was. The line count is kept.
 */
export function directImports(): Plugin {
  const barrels = reExports();
  const pattern = /\b(import|export)\s*\{([^}]*)\}\s*from\s*"(lucide-react|#db\/vocabulary\.ts)";?/g;
  return {
    name: "direct-imports",
    enforce: "pre",
    // Only the chunk groups need it; the dev server keeps lucide-react as one pre-bundled dependency.
    apply: "build",
    transform(code, id) {
      if (
        id.includes("node_modules") ||
        !/\.tsx?$/.test(id) ||
        (!code.includes("lucide-react") && !code.includes("#db/vocabulary.ts"))
      )
        return;
      return code.replace(pattern, (statement, verb: string, list: string, from: string) => {
        const parts = barrels.get(from)!;
        const kept: string[] = [];
        const types: string[] = [];
        const direct: string[] = [];
        for (const specifier of list
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)) {
          const [, type, name, alias] = /^(type\s+)?(\w+)(?:\s+as\s+(\w+))?$/.exec(specifier) ?? [];
          const part = name && !type ? parts.get(name) : undefined;
          if (type) types.push(specifier.slice(type.length));
          else if (part) direct.push(`${verb} { ${part.name} as ${alias ?? name} } from "${part.from}";`);
          else kept.push(specifier);
        }
        const statements = [
          kept.length ? `${verb} { ${kept.join(", ")} } from "${from}";` : "",
          types.length ? `${verb} type { ${types.join(", ")} } from "${from}";` : "",
          ...direct,
        ];
        return statements.filter(Boolean).join(" ") + "\n".repeat(statement.split("\n").length - 1);
      });
    },
  };
}

/**
 * lucide-react's icon modules each call `../createLucideIcon.mjs`, a runtime
 * (provider, attribute renaming, class merging) of about 1.2 KB gzip on every
 * page; they call app/components/ui/lucide-icon.ts instead, on the server
 * and in the browser alike (lucide-react is bundled for both).
 */
export function leanLucideIcons(): Plugin {
  const icons = /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;
  return {
    name: "lean-lucide-icons",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "../createLucideIcon.mjs" && importer && icons.test(importer))
        return path.join(ROOT, "app/components/ui/lucide-icon.ts");
    },
  };
}
