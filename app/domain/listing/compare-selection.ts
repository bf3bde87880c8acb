/**
 * Comparing machines side by side (/compare?ids=a,b,c): at most three public
 * listings, named in the address so a comparison can be shared. Pure and
 * shared by the browser (the picked machines, kept in localStorage) and the
 * server (which reads the address).
 */
import { isUuid } from "#app/lib/uuid.ts";
import { specRows, type SpecSource } from "./machine-specs.ts";

export const MAX_COMPARED = 3;

export const COMPARE_LIMIT_MESSAGE = "You can compare up to three machines.";

/** Where the picked machines are kept between pages (this browser only). */
export const COMPARE_STORAGE_KEY = "compare-listings";

/**
 * The ids an address or a stored value names, as the comparison reads them: split on commas,
 * anything that is not a listing id ignored, repeats dropped, the first three kept.
 */
export function parseCompareIds(raw: string | readonly string[] | null | undefined): string[] {
  const parts = (typeof raw === "string" ? [raw] : (raw ?? [])).flatMap((p) => p.split(","));
  const ids: string[] = [];
  for (const part of parts) {
    const id = part.trim().toLowerCase();
    if (isUuid(id) && !ids.includes(id)) ids.push(id);
    if (ids.length === MAX_COMPARED) break;
  }
  return ids;
}

/** The comparison page for these ids (commas kept readable in the address). */
export function compareHref(ids: readonly string[]) {
  return ids.length ? `/compare?ids=${ids.join(",")}` : "/compare";
}

/**
 * The spec rows of several machines lined up: every label any of them has, in the spec table's one order
 * (a label only some categories have, such as Hours or Kilometres, goes where its own table has it), with
 * each machine's value or null where the row does not apply to it.
 */
export function alignedSpecRows(machines: readonly SpecSource[]): { label: string; values: (string | null)[] }[] {
  const tables = machines.map((m) => new Map(specRows(m).map((r) => [r.label, r.value])));
  const labels: string[] = [];
  for (const table of tables) {
    const own = [...table.keys()];
    own.forEach((label, i) => {
      if (labels.includes(label)) return;
      // Before the next label of its own table that is already placed, else at the end.
      const next = own.slice(i + 1).find((l) => labels.includes(l));
      labels.splice(next === undefined ? labels.length : labels.indexOf(next), 0, label);
    });
  }
  return labels.map((label) => ({ label, values: tables.map((t) => t.get(label) ?? null) }));
}
