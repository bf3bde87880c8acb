/**
 * Machines as data (docs/product.md#machine-details): the makes sellers choose
 * from per category, the names they are also typed as, what each category's
 * meter counts, VAT, and how a serial number is shown to the public. Pure and
 * shared by the forms (browser) and the server.
 */
import { conditionDescription, formatWhole } from "#app/lib/format.ts";
import type { Category, VatMode } from "#db/vocabulary.ts";

export const EARLIEST_YEAR = 1950;
/** A machine can be a model year ahead of the calendar. */
export const latestYear = (now = new Date()) => now.getFullYear() + 1;

/** What a category's meter counts; categories without a meter show no usage field. */
export type UsageMeter = "hours" | "km" | "none";
export const USAGE_METERS: Record<Category, UsageMeter> = {
  excavators: "hours",
  cranes: "hours",
  bulldozers: "hours",
  loaders: "hours",
  dump_trucks: "km",
  generators: "hours",
  compressors: "hours",
  welding_equipment: "none",
  other: "none",
};
export const USAGE_LABELS: Record<Exclude<UsageMeter, "none">, { field: string; unit: string; short: string }> = {
  hours: { field: "Hours on the meter", unit: "hours", short: "h" },
  km: { field: "Kilometres on the odometer", unit: "km", short: "km" },
};

export function usageMeter(category: string | null | undefined): UsageMeter {
  return (category && USAGE_METERS[category as Category]) || "none";
}

/** "6,200 h", "184,000 km", or null when there is no reading. */
export function formatUsage(value: number | null | undefined, category: string) {
  const meter = usageMeter(category);
  if (value === null || value === undefined || meter === "none") return null;
  return `${formatWhole(value)} ${USAGE_LABELS[meter].short}`;
}

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

/** "2019 Caterpillar 320D" from what is known, or "" when nothing is. */
export function suggestedTitle(parts: { year?: number | string | null; make?: string | null; model?: string | null }) {
  return [parts.year, parts.make, parts.model]
    .map((p) => (p === null || p === undefined ? "" : String(p).trim()))
    .filter(Boolean)
    .join(" ");
}

/** The public sees a serial number's last four characters only, enough to check it on a viewing. */
export function maskSerial(serial: string | null | undefined): string | null {
  if (!serial) return null;
  const s = serial.trim();
  if (s.length <= 4) return "•".repeat(s.length);
  return `${"•".repeat(Math.min(s.length - 4, 8))}${s.slice(-4)}`;
}

import { VAT_RATE_PERCENT } from "#app/lib/commission.ts";
export { VAT_MODES, type VatMode } from "#db/vocabulary.ts";
export const VAT_LABELS: Record<VatMode, string> = {
  none: "No VAT (seller not VAT-registered)",
  inclusive: `Price includes ${VAT_RATE_PERCENT}% VAT`,
  exclusive: `Price excludes ${VAT_RATE_PERCENT}% VAT (added)`,
};
/** What the spec table says. */
export const VAT_SPEC: Record<VatMode, string> = {
  none: "No VAT: seller not VAT-registered",
  inclusive: `Included (${VAT_RATE_PERCENT}%): VAT-registered seller`,
  exclusive: `Excluded: ${VAT_RATE_PERCENT}% is added; VAT-registered seller`,
};

/** The words for a field nobody filled in. */
export const NOT_SPECIFIED = "Not specified";

export const MAX_ATTACHMENTS = 10;
export const ATTACHMENT_MAX_LENGTH = 60;

/** The attachments and extras as typed (one per line, or separated by commas): tidied, empty ones dropped. */
export function splitAttachments(raw: string | null | undefined): string[] {
  return (raw ?? "")
    .split(/[\n,;]/)
    .map((s) => s.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

/** What the spec table (listing page, compare, spec sheet) needs of a listing; `serial` as the viewer may see it. */
export type SpecSource = {
  category: string;
  condition: string;
  location: string;
  make: string | null;
  model: string | null;
  year: number | null;
  usage: number | null;
  serial: string | null;
  weightKg: number | null;
  powerKw: number | null;
  attachments: string[];
  vat: VatMode | null;
};


/** The spec table's rows, in one order everywhere (so compare lines them up); empty ones say "Not specified". */
export function specRows(l: SpecSource): { label: string; value: string }[] {
  const meter = usageMeter(l.category);
  const or = (v: string | null | undefined) => (v ? v : NOT_SPECIFIED);
  return [
    { label: "Make", value: or(l.make) },
    { label: "Model", value: or(l.model) },
    { label: "Year", value: l.year ? String(l.year) : NOT_SPECIFIED },
    ...(meter === "none"
      ? []
      : [{ label: meter === "km" ? "Kilometres" : "Hours", value: l.usage !== null ? `${formatWhole(l.usage)} ${USAGE_LABELS[meter].unit}` : NOT_SPECIFIED }]),
    { label: "Serial number", value: or(l.serial) },
    { label: "Operating weight", value: l.weightKg ? `${formatWhole(l.weightKg)} kg` : NOT_SPECIFIED },
    { label: "Power", value: l.powerKw ? `${formatWhole(l.powerKw)} kW` : NOT_SPECIFIED },
    { label: "Attachments", value: l.attachments.length ? l.attachments.join(", ") : NOT_SPECIFIED },
    { label: "Condition", value: conditionDescription(l.condition) },
    { label: "Location", value: or(l.location) },
    { label: "VAT", value: l.vat ? VAT_SPEC[l.vat] : NOT_SPECIFIED },
  ];
}
