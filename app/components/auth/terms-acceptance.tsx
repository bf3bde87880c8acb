import { ExternalLink } from "lucide-react";

const LINK =
  "inline-flex items-center gap-0.5 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";

/**
 * Under every form that creates an account (e-mail sign-up, an invitation's, a Google sign-up's choice of
 * account type): submitting it accepts the terms, and the server records that acceptance with the account
 * (docs/product.md#legal). No checkbox: the sentence is the acceptance. Both pages open in a new tab, so
 * reading them leaves the form as it was filled (the link's name says so for screen readers).
 */
export function TermsAcceptance() {
  return (
    <p className="text-center text-xs text-gray-600" data-terms-acceptance>
      By creating an account you accept the{" "}
      <a href="/terms" target="_blank" rel="noopener" aria-label="Terms of use (opens in a new tab)" className={LINK}>
        Terms of use
        <ExternalLink className="size-3" aria-hidden />
      </a>{" "}
      and the{" "}
      <a
        href="/privacy"
        target="_blank"
        rel="noopener"
        aria-label="Privacy policy (opens in a new tab)"
        className={LINK}
      >
        Privacy policy
        <ExternalLink className="size-3" aria-hidden />
      </a>
      .
    </p>
  );
}
