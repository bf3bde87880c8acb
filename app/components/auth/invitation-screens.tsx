import { useEffect } from "react";
import { Link, useLocation, useNavigate, useNavigation } from "react-router";
import { Alert, AlertDescription } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { INVITATION_MESSAGES, INVITE_REDIRECT_DELAY_MS } from "#app/domain/invitation/invitation-messages.ts";
import { AuthCard } from "./auth-card.tsx";

/** Invalid, used or expired invitation (docs/product.md#messages), with the way to a normal sign-up. */
export function InvalidInvitation({ loadFailed = false }: { loadFailed?: boolean }) {
  return (
    <AuthCard title={loadFailed ? "Error" : INVITATION_MESSAGES.invalidTitle}>
      <Alert variant="destructive">
        <AlertDescription>{loadFailed ? INVITATION_MESSAGES.loadFailed : INVITATION_MESSAGES.invalid}</AlertDescription>
      </Alert>
      <p className="mt-4 text-sm text-gray-600">
        Ask the person who invited you for a new invitation, or create an account yourself.
      </p>
      <div className="mt-4 flex flex-col gap-2">
        <AccountWays />
      </div>
    </AuthCard>
  );
}

/** The ways on from an invitation that cannot be used: a sign-up of one's own, or a sign-in. */
function AccountWays({ primary = true }: { primary?: boolean }) {
  return (
    <>
      <Button asChild variant={primary ? "default" : "outline"} className="w-full">
        <Link to="/signup">Create Account</Link>
      </Button>
      <Button asChild variant="outline" className="w-full">
        <Link to="/signin">Sign In</Link>
      </Button>
    </>
  );
}

/**
 * The invite-link verification screen (docs/product.md#roles-and-accounts): the server has checked the
 * token before the page renders; on success it moves on to /complete-signup
 * after 2 s — a client timer, or a meta refresh without JavaScript. While the
 * check re-runs (Try Again) it reads "Verifying invitation…".
 */
export function VerifyInvitation({ state, next }: { state: "verified" | "failed" | "error"; next: string }) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const verifying =
    navigation.state === "loading" &&
    navigation.location.pathname === "/signup" &&
    new URLSearchParams(navigation.location.search).get("type") === "invite";

  useEffect(() => {
    if (state !== "verified") return;
    const timer = window.setTimeout(() => navigate(next, { replace: true }), INVITE_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [state, next, navigate]);

  if (verifying) {
    return (
      <AuthCard title={INVITATION_MESSAGES.verifying}>
        <div className="flex justify-center py-4">
          <Spinner label={INVITATION_MESSAGES.verifying} />
        </div>
      </AuthCard>
    );
  }
  if (state === "verified") {
    return (
      <AuthCard title={INVITATION_MESSAGES.verified} description="Taking you to complete your sign-up…">
        {/* Without JavaScript the browser follows this; with it, the timer above does (no double load). */}
        <noscript>
          <meta httpEquiv="refresh" content={`${INVITE_REDIRECT_DELAY_MS / 1000};url=${next}`} />
        </noscript>
        <Button asChild className="w-full">
          <Link to={next} replace>
            Continue
          </Link>
        </Button>
      </AuthCard>
    );
  }
  const unexpected = state === "error";
  return (
    <AuthCard title={unexpected ? "Verification Error" : INVITATION_MESSAGES.verifyFailedTitle}>
      <Alert variant="destructive">
        <AlertDescription>
          {unexpected
            ? "An unexpected error occurred during verification. Please try again."
            : INVITATION_MESSAGES.verifyFailed}
        </AlertDescription>
      </Alert>
      <div className="mt-4 flex flex-col gap-2">
        {unexpected ? (
          <Button asChild className="w-full">
            <Link to={location.pathname + location.search}>Try Again</Link>
          </Button>
        ) : null}
        <AccountWays primary={!unexpected} />
      </div>
    </AuthCard>
  );
}
