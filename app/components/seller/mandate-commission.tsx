/** The mandate's commission in its two shares, above the agreement text (numbers from commission.ts). */
import {
  BUYER_COMMISSION_PERCENT,
  percent,
  SELLER_COMMISSION_PERCENT,
  SELLER_PAYOUT_PERCENT,
  TOTAL_COMMISSION_PERCENT,
} from "#app/lib/commission.ts";

export function MandateCommission() {
  return (
    <section
      aria-labelledby="mandate-commission-heading"
      className="mb-4 rounded-md border border-brand-100 bg-brand-50 p-3 text-sm"
    >
      <h3 id="mandate-commission-heading" className="font-semibold text-brand-900">
        Commission: {percent(TOTAL_COMMISSION_PERCENT)} of the final sale price in total
      </h3>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-gray-800">
        <li>
          Your share: {percent(SELLER_COMMISSION_PERCENT)}, deducted from the sale price. You receive{" "}
          {percent(SELLER_PAYOUT_PERCENT)}.
        </li>
        <li>The buyer&apos;s share: {percent(BUYER_COMMISSION_PERCENT)}, added to the price the buyer pays.</li>
      </ul>
    </section>
  );
}
