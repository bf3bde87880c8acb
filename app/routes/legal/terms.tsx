import { Link } from "react-router";
import type { Route } from "./+types/terms";
import { LegalArticle, type LegalSection } from "#app/components/legal/legal-article.tsx";
import { MANDATE_TERMS } from "#app/domain/mandate/mandate-terms.ts";
import { COMPANY_NAME, PRODUCT_NAME, pageTitle } from "#app/lib/brand.ts";
import {
  BUYER_COMMISSION_PERCENT,
  percent,
  SELLER_COMMISSION_PERCENT,
  SELLER_PAYOUT_PERCENT,
  TOTAL_COMMISSION_PERCENT,
  VAT_RATE_PERCENT,
} from "#app/lib/commission.ts";
import { CONTACT_DETAILS } from "#app/lib/company.ts";
import { legalPageHeaders, TERMS_VERSION_LABEL } from "#app/lib/legal.ts";
import { SELLER_DOCUMENT_KIND_LABELS, VERIFICATION_STATUS_LABELS } from "#db/vocabulary.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Terms of use") },
  {
    name: "description",
    content: `The terms of using ${PRODUCT_NAME}: brokered sales under an exclusive mandate, the ${percent(SELLER_COMMISSION_PERCENT)} commission from each side, approved listings and the Verified seller badge.`,
  },
];

/** The same text for everyone: cached for visitors. */
export const headers: Route.HeadersFunction = legalPageHeaders;

const { exclusivityDays, noticeDays } = MANDATE_TERMS;
/** "identity document, company registration (CIPC), proof of address". */
const documents = Object.values(SELLER_DOCUMENT_KIND_LABELS)
  .map((label) => label.charAt(0).toLowerCase() + label.slice(1))
  .join(", ");

const SECTIONS: LegalSection[] = [
  {
    id: "who-we-are",
    title: "Who we are",
    body: (
      <>
        <p>
          {PRODUCT_NAME} is a marketplace for heavy machinery and industrial equipment in South Africa, run by{" "}
          {COMPANY_NAME} (&ldquo;we&rdquo;, &ldquo;us&rdquo;). These terms apply to everyone who uses the site:
          visitors, buyers, sellers and our own team. By creating an account you accept them and our{" "}
          <Link to="/privacy">Privacy policy</Link>.
        </p>
      </>
    ),
  },
  {
    id: "brokered-sales",
    title: "We broker every sale",
    body: (
      <>
        <p>
          Buyers and sellers do not deal with each other directly: every sale on {PRODUCT_NAME} goes through us. A buyer
          sends a purchase request, an offer, a viewing request or a quote request; the seller answers it on their
          dashboard, and our team arranges viewings and the sale. That is why listings and seller pages show no phone
          numbers or e-mail addresses, and why a seller sees a buyer only by first name and province.
        </p>
        <p>
          Each listing is sold under an <strong>exclusive sales mandate</strong> the seller signs when listing it:
        </p>
        <ul>
          <li>
            the seller gives {PRODUCT_NAME} the exclusive right to sell the machine for {exclusivityDays} days, and may
            renew the mandate for a further {exclusivityDays} days at a time;
          </li>
          <li>
            during the mandate the seller may not sell the machine through any other channel, directly, through another
            agent or dealer, or on another platform;
          </li>
          <li>either party may end the mandate with {noticeDays} days&rsquo; written notice;</li>
          <li>
            a signed mandate is the record of the agreement, and of the commission owed if the machine is sold privately
            to a buyer during its term.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "commission",
    title: "Commission",
    body: (
      <>
        <p>
          On a completed sale we earn {percent(TOTAL_COMMISSION_PERCENT)} of the final sale price, taken as{" "}
          {percent(SELLER_COMMISSION_PERCENT)} from each side:
        </p>
        <ul>
          <li>
            the seller&rsquo;s {percent(SELLER_COMMISSION_PERCENT)} is deducted from the sale price, so the seller
            receives {percent(SELLER_PAYOUT_PERCENT)} of it;
          </li>
          <li>the buyer&rsquo;s {percent(BUYER_COMMISSION_PERCENT)} is added to the price the buyer pays.</li>
        </ul>
        <p>
          Commission is worked out on the final sale price, in whole rand. Where a VAT-registered seller&rsquo;s price
          excludes VAT, {VAT_RATE_PERCENT}% VAT is added to what the buyer pays. Every listing page shows the breakdown,
          and every request is read back with it before it is sent.
        </p>
      </>
    ),
  },
  {
    id: "listings",
    title: "Listings and what sellers promise",
    body: (
      <>
        <p>
          Every listing is checked and approved by our team before it is public, and an approved listing stays public
          only while its mandate runs. We may reject a listing (with a reason), correct it, or take it down.
        </p>
        <p>By listing a machine, a seller confirms that:</p>
        <ul>
          <li>
            they own the machine or are authorised by its owner to sell it; we do not accept stolen plant, or machines
            under a finance agreement, lien or other claim that stops them being sold free of it;
          </li>
          <li>
            the description, photos, price, hours or kilometres, year and serial number are true and their own, and they
            will correct anything that changes;
          </li>
          <li>the machine is available to view and to sell for as long as the listing is public.</li>
        </ul>
        <p>
          Serial numbers are how stolen plant is traced: the public sees the last four characters, enough to check the
          machine at a viewing, and we may ask a seller for proof of ownership.
        </p>
      </>
    ),
  },
  {
    id: "verified-sellers",
    title: "Verified sellers",
    body: (
      <>
        <p>
          A seller may ask to be verified by sending us their documents ({documents}, as they apply). When our team has
          checked them, the seller&rsquo;s listings and seller page carry the{" "}
          <strong>{VERIFICATION_STATUS_LABELS.verified}</strong> badge. The badge says who the seller is; it is not a
          report on a machine&rsquo;s condition, so inspect a machine (ask for a viewing) before you buy it.
        </p>
      </>
    ),
  },
  {
    id: "accounts",
    title: "Your account",
    body: (
      <>
        <ul>
          <li>
            An account is for buying or for selling, chosen once. Give true details, keep your password to yourself, and
            tell us at once if you think someone else is using your account.
          </li>
          <li>You are responsible for what is done with your account.</li>
          <li>
            You may delete your account at any time; what happens to your information is set out in the{" "}
            <Link to="/privacy">Privacy policy</Link>.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "acceptable-use",
    title: "Acceptable use",
    body: (
      <>
        <p>You may not use {PRODUCT_NAME} to:</p>
        <ul>
          <li>list a machine you may not sell, or one that does not exist;</li>
          <li>mislead anyone about a machine, its price, its history or who you are;</li>
          <li>go around us to deal directly with a buyer or seller you met here, or ask for their contact details;</li>
          <li>send spam, harassment, or anything unlawful, hateful or obscene;</li>
          <li>
            copy listings or users&rsquo; information in bulk, probe or overload the site, or get around its limits and
            security.
          </li>
        </ul>
        <p>
          We may refuse or remove a listing, and suspend or close an account, that breaks these terms. A suspended
          account cannot sign in.
        </p>
      </>
    ),
  },
  {
    id: "liability",
    title: "Liability",
    body: (
      <>
        <p>
          Sellers write their listings; we check them, but we do not inspect machines and cannot promise that a listing
          is complete or that a machine is fit for a purpose. A buyer should view and inspect a machine before buying
          it. We aim to keep the site running and correct, but it may sometimes be unavailable.
        </p>
        <p>
          As far as the law allows, we are not liable for loss caused by a machine&rsquo;s condition, by what a seller
          wrote in a listing, or by a buyer or seller not completing a sale, nor for indirect loss such as lost profit
          or downtime. Nothing in these terms limits rights you have under the Consumer Protection Act or any other law
          that cannot be limited.
        </p>
      </>
    ),
  },
  {
    id: "law",
    title: "South African law",
    body: (
      <>
        <p>
          These terms are governed by the law of the Republic of South Africa, and the South African courts decide any
          dispute about them. Accepting them online, by creating an account, is as binding as signing them.
        </p>
        <p>
          When we change these terms we change the date at the top of this page. Questions about them:{" "}
          <a href={`mailto:${CONTACT_DETAILS.email}`}>{CONTACT_DETAILS.email}</a> or the{" "}
          <Link to="/contact">contact page</Link>.
        </p>
      </>
    ),
  },
];

export default function Terms() {
  return (
    <LegalArticle
      title="Terms of use"
      updated={TERMS_VERSION_LABEL}
      intro={
        <p>
          The short version: we broker every sale under an exclusive {exclusivityDays}-day mandate, take{" "}
          {percent(SELLER_COMMISSION_PERCENT)} commission from each side, approve every listing before it is public, and
          sellers must own, or be authorised to sell, what they list.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
