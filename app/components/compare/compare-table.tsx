import { X } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { alignedSpecRows, compareHref } from "#app/domain/listing/compare-selection.ts";
import type { SpecSource } from "#app/domain/listing/machine-specs.ts";
import { categoryLabel, formatPrice } from "#app/lib/format.ts";

export type ComparedMachine = SpecSource & {
  id: string;
  title: string;
  price: number;
  isUrgent: boolean;
  isBargain: boolean;
  sellerName: string | null;
  imageUrl: string | null;
};

/** The row names: pinned to the left edge of the box while the machines scroll under them. */
const rowLabel =
  "sticky left-0 z-10 border-b border-r border-gray-200 bg-gray-50 px-3 py-2 text-left align-top text-xs font-medium text-gray-600 sm:text-sm print:static";
const cell = "border-b border-gray-100 px-3 py-2 align-top break-words";

/**
 * Machines side by side: one column each (photo, title, price, a link to the
 * listing and "Remove"), one row per detail in the spec table's order, so a
 * row reads straight across. On a narrow screen the columns scroll sideways
 * together inside the table's box while the row names stay put on the left.
 * "Remove" is a link to the comparison without that machine: it works
 * without JavaScript too.
 */
export function CompareTable({
  machines,
  detailsHref,
}: {
  machines: ComparedMachine[];
  detailsHref: (id: string) => string;
}) {
  const ids = machines.map((m) => m.id);
  const rows = [
    { label: "Category", values: machines.map((m) => categoryLabel(m.category)) },
    ...alignedSpecRows(machines),
    { label: "Seller", values: machines.map((m) => m.sellerName || "Seller") },
  ];
  // `relative`: the box holds the visually hidden labels (absolutely placed) too, which would
  // otherwise escape its scrolling and widen the page.
  return (
    <div
      role="region"
      aria-label="Comparison, scrolls sideways"
      tabIndex={0}
      className="relative max-w-full overflow-x-auto overscroll-x-contain rounded-lg border border-gray-200 bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 print:overflow-visible"
      data-compare-scroller
    >
      {/* Separate borders: with collapsed ones a sticky cell leaves its border behind as it sticks. */}
      <table
        className="w-full table-fixed border-separate border-spacing-0 text-sm [&_tr:last-child>*]:border-b-0"
        // Each machine gets at least 12rem; past the screen's width the box scrolls.
        style={{ minWidth: `${7 + machines.length * 12}rem` }}
      >
        <caption className="sr-only">
          {machines.length === 1 ? "One machine" : `${machines.length} machines`} side by side
        </caption>
        <colgroup>
          <col className="w-28 sm:w-40" />
          {machines.map((m) => (
            <col key={m.id} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <td className={rowLabel}>
              <span className="sr-only">Machine</span>
            </td>
            {machines.map((m) => (
              <th key={m.id} scope="col" className={`${cell} text-left font-normal`}>
                <img
                  src={m.imageUrl ?? "/placeholder.svg"}
                  alt=""
                  width={800}
                  height={600}
                  className="aspect-[4/3] w-full rounded-md bg-gray-100 object-cover"
                  onError={(e) => {
                    e.currentTarget.src = "/placeholder.svg";
                  }}
                />
                {m.isUrgent || m.isBargain ? (
                  <div className="mt-2 flex flex-wrap gap-1">
                    {m.isUrgent ? <Badge variant="urgent">Urgent</Badge> : null}
                    {m.isBargain ? <Badge variant="bargain">Bargain</Badge> : null}
                  </div>
                ) : null}
                <p className="mt-2 font-semibold leading-snug text-gray-900">
                  <Link to={detailsHref(m.id)} className="hover:underline">
                    {m.title}
                  </Link>
                </p>
                <p className="mt-1 text-lg font-bold text-brand-700">{formatPrice(m.price)}</p>
                <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 print:hidden">
                  <Link
                    to={detailsHref(m.id)}
                    className="inline-flex min-h-9 items-center font-medium text-brand-700 underline"
                  >
                    View listing<span className="sr-only">: {m.title}</span>
                  </Link>
                  <Link
                    to={compareHref(ids.filter((id) => id !== m.id))}
                    preventScrollReset
                    className="inline-flex min-h-9 items-center gap-1 text-gray-600 hover:text-gray-900"
                    aria-label={`Remove ${m.title} from the comparison`}
                  >
                    <X className="size-4" aria-hidden />
                    Remove
                  </Link>
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className={rowLabel}>
                {row.label}
              </th>
              {row.values.map((value, i) => (
                <td key={ids[i]} className={cell}>
                  {value ?? (
                    <>
                      <span aria-hidden>—</span>
                      <span className="sr-only">Does not apply</span>
                    </>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
