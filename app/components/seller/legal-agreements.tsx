import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { formatDateTime } from "#app/lib/format.ts";
import { DASHBOARD_AGREEMENTS_SHOWN } from "#app/domain/listing/dashboard-limits.ts";

export type SellerMandateRow = {
  id: string;
  listingTitle: string;
  signatureMethod: string;
  signedAt: string | Date | null;
  hasPdf: boolean;
};

/** The dashboard's address with the listings' page kept and all agreements shown or not. */
function agreementsHref(page: number, all: boolean) {
  const query = new URLSearchParams();
  if (page > 1) query.set("page", String(page));
  if (all) query.set("agreements", "all");
  const search = query.toString();
  return `/seller-dashboard${search ? `?${search}` : ""}#legal-agreements`;
}

/**
 * "Legal Agreements": the seller's signed mandates, latest first, each with its PDF when there is
 * one. A dealer with many sees the latest few and asks for the rest.
 */
export function LegalAgreements({
  mandates,
  total,
  page,
}: {
  mandates: SellerMandateRow[];
  total: number;
  /** The page of "Your Listings" shown, kept by the links here. */
  page: number;
}) {
  const all = mandates.length >= total;
  return (
    <Card id="legal-agreements" className="mt-8 scroll-mt-4 sm:scroll-mt-28">
      <CardHeader>
        <CardTitle>Legal Agreements</CardTitle>
        {!all ? (
          <p className="text-sm text-gray-600">
            The latest {mandates.length} of {total}
          </p>
        ) : null}
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
        {!all ? (
          <Link
            to={agreementsHref(page, true)}
            className="mt-3 inline-block text-sm font-medium text-brand-700 underline"
          >
            Show all {total} agreements
          </Link>
        ) : total > DASHBOARD_AGREEMENTS_SHOWN ? (
          <Link
            to={agreementsHref(page, false)}
            className="mt-3 inline-block text-sm font-medium text-brand-700 underline"
          >
            Show the latest {DASHBOARD_AGREEMENTS_SHOWN} only
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}
