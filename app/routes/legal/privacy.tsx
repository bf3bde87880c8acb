import { Link } from "react-router";
import type { Route } from "./+types/privacy";
import { LegalArticle, type LegalSection } from "#app/components/legal/legal-article.tsx";
import { COMPANY_NAME, PRODUCT_NAME, pageTitle } from "#app/lib/brand.ts";
import { CONTACT_DETAILS, INFORMATION_OFFICER, INFORMATION_REGULATOR } from "#app/lib/company.ts";
import { EXPORT_VALID_HOURS } from "#app/domain/export/data-export-rules.ts";
import { MANDATE_RETENTION_YEARS } from "#app/domain/user/delete-user.server.ts";
import { legalPageHeaders, SESSION_DAYS, TERMS_VERSION_LABEL } from "#app/lib/legal.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Privacy policy") },
  {
    name: "description",
    content: `What ${PRODUCT_NAME} collects about you, why, how long it is kept, and how to use your rights under POPIA.`,
  },
];

/** The same text for everyone: cached for visitors. */
export const headers: Route.HeadersFunction = legalPageHeaders;

export function loader() {
  // Public page. The periods come from the code that keeps to them (docs/privacy.md#how-long-we-keep-it).
  return { mandateYears: MANDATE_RETENTION_YEARS, exportHours: EXPORT_VALID_HOURS, sessionDays: SESSION_DAYS };
}

type Periods = ReturnType<typeof loader>;

const officerMail = <a href={`mailto:${INFORMATION_OFFICER.email}`}>{INFORMATION_OFFICER.email}</a>;

/** What we hold, and why: one row per kind of information. */
const COLLECTED: { what: string; holds: string; why: string }[] = [
  {
    what: "Your account",
    holds:
      "your name, e-mail address and whether you confirmed it, your password (stored only as a one-way hash), two-factor sign-in settings if you turn them on, and, if you sign in with Google, the account identifier Google gives us",
    why: "to let you sign in and to keep your account yours",
  },
  {
    what: "Your profile",
    holds:
      "whether you buy or sell, your phone number, company name and website, a seller's type (company or private) and relationship to the machines, a buyer's province and acceptance of the buyer commission",
    why: "to broker your deals and contact you about them",
  },
  {
    what: "Listings and photos",
    holds:
      "the machines a seller lists, with their details, price, location and photos (we re-save every photo without its camera data, such as where it was taken), price changes, and how many people viewed each listing (counted with a scrambled key, not your address)",
    why: "to show the machines for sale and to check them before they are public",
  },
  {
    what: "Requests and deals",
    holds:
      "purchase requests, offers, viewing and quote requests, the answers to them and their messages, and the deals that follow",
    why: "to broker sales between buyers and sellers",
  },
  {
    what: "Mandates",
    holds:
      "each exclusive sales mandate a seller signs: its text, the seller's name and e-mail address, the date, time and IP address of signing, and a signed PDF if one was uploaded",
    why: "as the record of the agreement and of the commission it provides for",
  },
  {
    what: "Verification documents",
    holds:
      "the identity document, company registration and proof of address a seller sends to be verified, and our decision",
    why: "to check who a seller is before showing the Verified seller badge; only the seller and our team can open them",
  },
  {
    what: "Saved searches, watchlist and alerts",
    holds: "the searches and machines you saved, how often you want to hear about them, and the alerts sent",
    why: "to send the alerts you asked for, and only those",
  },
  {
    what: "Notifications",
    holds: "the messages shown under the bell about your listings, requests and alerts",
    why: "to tell you what happened on your account",
  },
  {
    what: "Sessions",
    holds: "each sign-in with its IP address and browser",
    why: "to keep you signed in and to spot sign-ins that are not yours",
  },
  {
    what: "Consents",
    holds:
      "what you agreed to or withdrew (these terms and this policy, alerts), when and where: a record that is added to, never changed",
    why: "to show what you agreed to, as POPIA requires",
  },
  {
    what: "E-mails we send",
    holds: "the address, subject and text of each e-mail we send you, and whether it was delivered",
    why: "to deliver it, try again if delivery fails, and know what we told you",
  },
  {
    what: "Messages to us",
    holds:
      "what you send through the contact page (name, e-mail address, phone number if given, message, and your IP address) and feedback you give",
    why: "to answer you, and to stop one address sending too many messages",
  },
];

const sections = ({ mandateYears, exportHours, sessionDays }: Periods): LegalSection[] => [
  {
    id: "responsible-party",
    title: "Who is responsible",
    body: (
      <>
        <p>
          The responsible party for your personal information under the Protection of Personal Information Act (POPIA)
          is {COMPANY_NAME}:
        </p>
        <address className="mt-3 not-italic">
          {CONTACT_DETAILS.address.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
        <p>
          Our {INFORMATION_OFFICER.role} answers for how we handle personal information and for requests under this
          policy: {officerMail}.
        </p>
      </>
    ),
  },
  {
    id: "what-we-collect",
    title: "What we collect and why",
    body: (
      <>
        <p>
          We collect what you give us when you use {PRODUCT_NAME}, and what the site records while you use it. We use it
          only for the reasons given here, and we do not sell it.
        </p>
        <ul>
          {COLLECTED.map((row) => (
            <li key={row.what}>
              <strong>{row.what}:</strong> {row.holds}. <span className="text-gray-700">Why: {row.why}.</span>
            </li>
          ))}
        </ul>
        <p>
          Because we broker every sale, other users never see your e-mail address or phone number. The public sees a
          seller&rsquo;s name (or company name), the provinces of their machines, when they joined and whether they are
          verified; a seller sees a buyer who made a request only by first name and province. The companies that host
          the site and deliver our e-mail handle information only for us.
        </p>
        <p>
          The site uses cookies only to keep you signed in (and to finish a sign-in with Google or a second factor) and
          to show a message after a form is sent: no advertising or tracking cookies. Machines you pick to compare and
          an unsent listing draft stay in your own browser.
        </p>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    body: (
      <ul>
        <li>
          <strong>Your account and everything that belongs to it</strong> (profile, listings and photos, requests and
          deals, watchlist, saved searches and alerts, notifications, consents, sessions, feedback and messages you sent
          us, the e-mails we sent you): until the account is deleted, by you on{" "}
          <Link to="/account/delete">Delete my account</Link> or by our team.
        </li>
        <li>
          <strong>Verification documents:</strong> while the account exists; they are deleted with it.
        </li>
        <li>
          <strong>Signed mandates:</strong> deleted with the seller&rsquo;s account, except the mandate of a completed
          sale. That one is kept anonymised, without the seller&rsquo;s name, e-mail or address, for {mandateYears}{" "}
          years after the sale (counted from when the account is deleted), because tax law requires the records of a
          sale to be kept, and then deleted.
        </li>
        <li>
          <strong>A copy of your data</strong> (&ldquo;Download my data&rdquo;): {exportHours} hours after it is ready,
          then the file is removed.
        </li>
        <li>
          <strong>Sessions:</strong> {sessionDays} days, or until you sign out.
        </li>
        <li>
          <strong>One-time links</strong> (confirming an address, resetting a password) last an hour to a day, and
          counts of attempts (which slow down password guessing) at most an hour.
        </li>
        <li>
          <strong>Records of changes</strong> (who approved a listing, changed a request, and so on) are kept; once an
          account is deleted they name it only by a number, never by name or e-mail address.
        </li>
        <li>
          A message sent through the contact page by someone without an account stays with our team; one sent from the
          address of an account goes when that account is deleted.
        </li>
      </ul>
    ),
  },
  {
    id: "your-rights",
    title: "Your rights and how to use them",
    body: (
      <>
        <p>Under POPIA you may:</p>
        <ul>
          <li>
            <strong>See what we hold about you:</strong> <Link to="/account/data">Download my data</Link> prepares a
            file of it.
          </li>
          <li>
            <strong>Correct it:</strong> change your details on <Link to="/account">your account</Link> (a new e-mail
            address is confirmed at that address first); a seller edits their listings on their own pages.
          </li>
          <li>
            <strong>Have it deleted:</strong> <Link to="/account/delete">delete your account</Link>.
          </li>
          <li>
            <strong>Withdraw a consent:</strong> <Link to="/account">your account</Link> lists what you agreed to; turn
            alerts off there, on <Link to="/saved-searches">Saved searches</Link> or the watchlist, or with the link in
            any alert e-mail.
          </li>
          <li>
            <strong>Object, or complain:</strong> write to our {INFORMATION_OFFICER.role} at {officerMail}. If you are
            not satisfied with our answer you may complain to the {INFORMATION_REGULATOR.name}:{" "}
            <a href={INFORMATION_REGULATOR.website} rel="noreferrer">
              {INFORMATION_REGULATOR.label}
            </a>
            .
          </li>
        </ul>
        <p>For anything you cannot do yourself on the site, e-mail {officerMail} from the address of your account.</p>
      </>
    ),
  },
  {
    id: "security",
    title: "Keeping it safe",
    body: (
      <p>
        Passwords are stored only as one-way hashes, and you can add two-factor sign-in. Verification documents and
        signed mandates are private files that only their owner and our team can open; a copy of your data
        (&ldquo;Download my data&rdquo;) can be downloaded by you alone, not by our team. Our team&rsquo;s actions on
        accounts and listings are recorded. The site is served over an encrypted connection.
      </p>
    ),
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: (
      <p>
        When we change this policy we change the date at the top of this page. It is part of our{" "}
        <Link to="/terms">Terms of use</Link>.
      </p>
    ),
  },
];

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return (
    <LegalArticle
      title="Privacy policy"
      updated={TERMS_VERSION_LABEL}
      intro={
        <p>
          This policy says what {COMPANY_NAME} collects about you when you use {PRODUCT_NAME}, why, how long we keep it,
          and how to use your rights under the Protection of Personal Information Act (POPIA).
        </p>
      }
      sections={sections(loaderData)}
    />
  );
}
