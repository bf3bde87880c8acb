/** The reviewed fields of two versions of a listing, side by side in the words of the spec table, and which differ. */
import type { RevisionContent } from "#db/schema.ts";
import { categoryLabel } from "#app/lib/format.ts";
import { specRows } from "./machine-specs.ts";

function rows(c: RevisionContent) {
  return [
    { label: "Title", value: c.title },
    { label: "Description", value: c.description },
    { label: "Category", value: categoryLabel(c.category) },
    ...specRows({ ...c, location: "" }).filter((r) => r.label !== "Location"),
  ];
}

export function revisionRows(before: RevisionContent, after: RevisionContent) {
  const now = rows(before);
  const proposed = rows(after);
  // The meter row (hours or kilometres) follows the category, so the two lists are matched by label.
  const labels = [...new Set([...now.map((r) => r.label), ...proposed.map((r) => r.label)])];
  return labels.map((label) => {
    const a = now.find((r) => r.label === label)?.value ?? "—";
    const b = proposed.find((r) => r.label === label)?.value ?? "—";
    return { label, before: a, after: b, changed: a !== b };
  });
}
