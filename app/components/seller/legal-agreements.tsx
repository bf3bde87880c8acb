import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { formatDateTime } from "#app/lib/format.ts";

export type SellerMandateRow = {
  id: string;
  listingTitle: string;
  signatureMethod: string;
  signedAt: string | Date | null;
  hasPdf: boolean;
};

/** "Legal Agreements": the seller's signed mandates, each with its PDF when there is one. */
export function LegalAgreements({ mandates }: { mandates: SellerMandateRow[] }) {
  return (
    <Card className="mt-8">
      <CardHeader>
        <CardTitle>Legal Agreements</CardTitle>
      </CardHeader>
      <CardContent>
        {mandates.length === 0 ? (
          <p className="text-sm text-gray-600">No signed mandates yet. Each listing needs one before it is reviewed.</p>
        ) : (
          <ul className="divide-y text-sm">
            {mandates.map((m) => (
              <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>
                  <strong>{m.listingTitle}</strong> — exclusive sales mandate,{" "}
                  {m.signatureMethod === "checkbox" ? "signed electronically" : "signed PDF"}
                  {m.signedAt ? ` on ${formatDateTime(m.signedAt)}` : ""}
                </span>
                {m.hasPdf ? (
                  <a href={`/mandates/${m.id}/pdf`} className="font-medium text-brand-700 underline">
                    Download PDF
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
