import { Link } from "react-router";
import type { Route } from "./+types/about";
import { LegalArticle, type LegalSection } from "#app/components/legal/legal-article.tsx";
import { MANDATE_TERMS } from "#app/domain/mandate/mandate-terms.ts";
import { COMPANY_NAME, PRODUCT_NAME, PRODUCT_TAGLINE, pageTitle } from "#app/lib/brand.ts";
import { percent, SELLER_COMMISSION_PERCENT } from "#app/lib/commission.ts";
import { legalPageHeaders } from "#app/lib/legal.ts";
import { VERIFICATION_STATUS_LABELS } from "#db/vocabulary.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("About us") },
  {
    name: "description",
    content: `${PRODUCT_NAME} is South Africa's brokered marketplace for heavy machinery: listings approved by our team, a Verified seller badge for sellers whose identity we checked, and a ${percent(SELLER_COMMISSION_PERCENT)} commission from each side.`,
  },
];

/** The same text for everyone: cached for visitors. */
export const headers: Route.HeadersFunction = legalPageHeaders;

const SECTIONS: LegalSection[] = [
  {
    id: "buyers",
    title: "For buyers",
    body: (
      <>
        <p>
          Every machine in the <Link to="/equipment">catalogue</Link> has been checked by our team before it is shown.
          Search by make, model, year, hours, price and province, compare up to three machines side by side, save
          searches and get told when new machines match. When you find one, send a purchase request, an offer, or ask
          for a viewing or a quote: we take it from there with the seller.
        </p>
        <p>
          Look for the <strong>{VERIFICATION_STATUS_LABELS.verified}</strong> badge: our team has checked that
          seller&rsquo;s documents. You pay the price plus {percent(SELLER_COMMISSION_PERCENT)} commission, shown on
          every listing before you ask for anything.
        </p>
      </>
    ),
  },
  {
    id: "sellers",
    title: "For sellers",
    body: (
      <>
        <p>
          List a machine with its photos and details and sign an exclusive {MANDATE_TERMS.exclusivityDays}-day sales
          mandate. Once we approve the listing, buyers across the country can find it; you answer their requests on your
          dashboard and we handle the sale. Listing costs nothing: our {percent(SELLER_COMMISSION_PERCENT)} is deducted
          from the price only when the machine is sold, and you receive the rest.
        </p>
        <p>
          <Link to="/signup?role=seller">Create a seller account</Link> to start.
        </p>
      </>
    ),
  },
  {
    id: "contact",
    title: "Talk to us",
    body: (
      <p>
        Questions about a machine, a deal or your account: use the <Link to="/contact">contact page</Link>. How we work
        is set out in our <Link to="/terms">Terms of use</Link>, and what we do with your information in our{" "}
        <Link to="/privacy">Privacy policy</Link>.
      </p>
    ),
  },
];

export default function About() {
  return (
    <LegalArticle
      title={`About ${PRODUCT_NAME}`}
      intro={
        <>
          <p>
            {PRODUCT_NAME} ({PRODUCT_TAGLINE}) is where South Africa buys and sells heavy machinery and industrial
            equipment: excavators, cranes, bulldozers, loaders, dump trucks, generators, compressors, welding equipment
            and more. It is run by {COMPANY_NAME}, in Johannesburg.
          </p>
          <p>
            We are brokers, not a classifieds board. Sellers give us an exclusive mandate to sell, we check every
            listing before it is public, and every deal goes through our team, so buyers and sellers never have to hand
            out their phone numbers to strangers. For that we take {percent(SELLER_COMMISSION_PERCENT)} from each side
            of a completed sale.
          </p>
        </>
      }
      sections={SECTIONS}
    />
  );
}
