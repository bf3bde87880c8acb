/**
 * The makes sellers choose from per category and the other names they are typed as
 * (docs/product.md#machine-details). Apart from machine-specs.ts so the catalogue and listing
 * pages, which only show makes, do not ship the lists.
 */
import type { Category } from "#db/vocabulary.ts";

/** The makes common in South Africa for each category; "other" offers them all. */
const MAKES_BY_CATEGORY: Record<Category, readonly string[]> = {
  excavators: [
    "Caterpillar",
    "Komatsu",
    "JCB",
    "Volvo",
    "Hitachi",
    "Doosan",
    "Develon",
    "Hyundai",
    "Liebherr",
    "Kobelco",
    "Case",
    "John Deere",
    "Sany",
    "XCMG",
    "LiuGong",
    "Kubota",
    "Takeuchi",
    "Bobcat",
  ],
  cranes: [
    "Liebherr",
    "Tadano",
    "Grove",
    "Terex",
    "Kato",
    "XCMG",
    "Sany",
    "Zoomlion",
    "Hiab",
    "Palfinger",
    "Fassi",
    "Potain",
    "Manitou",
  ],
  bulldozers: ["Caterpillar", "Komatsu", "John Deere", "Case", "Liebherr", "Shantui", "Dressta", "Sany", "XCMG"],
  loaders: [
    "Caterpillar",
    "Komatsu",
    "JCB",
    "Volvo",
    "Bell",
    "Case",
    "John Deere",
    "Hyundai",
    "Doosan",
    "Liebherr",
    "Bobcat",
    "New Holland",
    "LiuGong",
    "SDLG",
    "XCMG",
    "Kubota",
    "Manitou",
  ],
  dump_trucks: [
    "Bell",
    "Caterpillar",
    "Volvo",
    "Komatsu",
    "John Deere",
    "Terex",
    "Mercedes-Benz",
    "MAN",
    "Scania",
    "Isuzu",
    "UD Trucks",
    "Hino",
    "FAW",
    "Powerstar",
    "Iveco",
  ],
  generators: [
    "Cummins",
    "Perkins",
    "Caterpillar",
    "Atlas Copco",
    "FG Wilson",
    "Kohler",
    "SDMO",
    "Volvo Penta",
    "Deutz",
    "Doosan",
    "Himoinsa",
    "Honda",
  ],
  compressors: ["Atlas Copco", "Ingersoll Rand", "Sullair", "Kaeser", "Doosan", "CompAir", "Chicago Pneumatic"],
  welding_equipment: ["Lincoln Electric", "Miller", "ESAB", "Fronius", "Kemppi", "Hypertherm"],
  // Rollers, graders, forklifts, compactors…: offered with every other make (makesFor).
  other: ["Bomag", "Dynapac", "Hamm", "Ammann", "Wacker Neuson", "Toyota", "Hyster", "Linde"],
};

/** Every curated make, A–Z. */
export const ALL_MAKES: readonly string[] = [...new Set(Object.values(MAKES_BY_CATEGORY).flat())].sort((a, b) =>
  a.localeCompare(b, "en"),
);

/** The makes offered for a category (all of them for "Other" or none chosen yet). */
export function makesFor(category: string | null | undefined): readonly string[] {
  const list = category && category !== "other" ? MAKES_BY_CATEGORY[category as Category] : undefined;
  return list ? [...list].sort((a, b) => a.localeCompare(b, "en")) : ALL_MAKES;
}

/** The value of the make select's "Other" choice; its free text comes in `makeOther`. */
export const OTHER_MAKE = "other";

/** Other names a make is written as (lower case) → its one name. */
const MAKE_ALIASES: Record<string, string> = {
  cat: "Caterpillar",
  "cat®": "Caterpillar",
  "caterpillar inc": "Caterpillar",
  "john-deere": "John Deere",
  deere: "John Deere",
  "volvo ce": "Volvo",
  "volvo construction equipment": "Volvo",
  "bell equipment": "Bell",
  "hyundai ce": "Hyundai",
  "hd hyundai": "Hyundai",
  "doosan infracore": "Doosan",
  "j.c.b.": "JCB",
  "j c b": "JCB",
  lincoln: "Lincoln Electric",
  "miller electric": "Miller",
  "atlas-copco": "Atlas Copco",
  "ingersoll-rand": "Ingersoll Rand",
  ir: "Ingersoll Rand",
  mercedes: "Mercedes-Benz",
  "mercedes benz": "Mercedes-Benz",
  ud: "UD Trucks",
  "f.g. wilson": "FG Wilson",
  "fg-wilson": "FG Wilson",
  "case ih": "Case",
  "case ce": "Case",
};
const CANONICAL = new Map(ALL_MAKES.map((m) => [m.toLowerCase(), m]));

/**
 * One name per make: "CAT", "cat" and "Caterpillar" are all "Caterpillar". A make not in the list
 * keeps its spelling (spaces tidied); typed all in lower case, its words get capitals.
 */
export function normaliseMake(raw: string | null | undefined): string | null {
  const tidy = (raw ?? "").replace(/\s+/g, " ").trim();
  if (!tidy) return null;
  const key = tidy.toLowerCase();
  const known = CANONICAL.get(key) ?? MAKE_ALIASES[key];
  if (known) return known;
  return tidy === key
    ? tidy.replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, c: string) => sep + c.toUpperCase())
    : tidy;
}
