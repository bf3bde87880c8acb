import { Link } from "react-router";

/**
 * Under every form that creates an account (e-mail sign-up, an invitation's, a Google sign-up's choice of
 * account type): submitting it accepts the terms, and the server records that acceptance with the account
 * (docs/product.md#legal). No checkbox: the sentence is the acceptance.
 */
export function TermsAcceptance() {
  return (
    <p className="text-center text-xs text-gray-600" data-terms-acceptance>
      By creating an account you accept the{" "}
      <Link to="/terms" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
        Terms of use
      </Link>{" "}
      and the{" "}
      <Link to="/privacy" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
        Privacy policy
      </Link>
      .
    </p>
  );
}
