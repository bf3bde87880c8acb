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

/** "2019 Caterpillar 320D" from what is known, or "" when nothing is. */
export function suggestedTitle(parts: { year?: number | string | null; make?: string | null; model?: string | null }) {
  // A year the form would refuse is left out rather than suggested.
  const year = Number(parts.year);
  const validYear = /^\d{4}$/.test(String(parts.year ?? "").trim()) && year >= EARLIEST_YEAR && year <= latestYear();
  return [validYear ? year : null, parts.make, parts.model]
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

/** The machine's details as a listing row holds them. */
export type MachineSpecs = {
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

/** What the spec table (listing page, compare, spec sheet) needs of a listing; `serial` as the viewer may see it. */
export type SpecSource = MachineSpecs & { category: string; condition: string; location: string };

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
      : [
          {
            label: meter === "km" ? "Kilometres" : "Hours",
            value: l.usage !== null ? `${formatWhole(l.usage)} ${USAGE_LABELS[meter].unit}` : NOT_SPECIFIED,
          },
        ]),
    { label: "Serial number", value: or(l.serial) },
    { label: "Operating weight", value: l.weightKg ? `${formatWhole(l.weightKg)} kg` : NOT_SPECIFIED },
    { label: "Power", value: l.powerKw ? `${formatWhole(l.powerKw)} kW` : NOT_SPECIFIED },
    { label: "Attachments", value: l.attachments.length ? l.attachments.join(", ") : NOT_SPECIFIED },
    { label: "Condition", value: conditionDescription(l.condition) },
    { label: "Location", value: or(l.location) },
    { label: "VAT", value: l.vat ? VAT_SPEC[l.vat] : NOT_SPECIFIED },
  ];
}
