/** A listing's specifications (docs/product.md#machine-details): the same rows, in the same order, on every page. */
import { specRows, type SpecSource } from "#app/domain/listing/machine-specs.ts";

export function SpecTable({ listing }: { listing: SpecSource }) {
  return (
    <section aria-labelledby="listing-specs">
      <h2 id="listing-specs" className="font-semibold">
        Specifications
      </h2>
      <table className="mt-1 w-full text-sm">
        <tbody>
          {specRows(listing).map((row) => (
            <tr key={row.label} className="border-b border-gray-100 last:border-0">
              <th scope="row" className="w-2/5 py-1 pr-3 text-left align-top font-medium text-gray-600">
                {row.label}
              </th>
              <td className="break-words py-1 align-top">{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
