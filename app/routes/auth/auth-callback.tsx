import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/auth-callback";
import { AuthCard } from "#app/components/auth/auth-card.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { getViewer } from "#app/server/get-viewer.server.ts";
import { homePathFor } from "#app/domain/user/viewer.ts";
import { pageTitle } from "#app/lib/brand.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Confirming your email...") },
  { name: "robots", content: "noindex" },
];

/**
 * Where the confirmation link lands: better-auth has verified the token and
 * signed the user in, or put ?error=… in the URL.
 */
export async function loader({ request }: Route.LoaderArgs) {
  // Public: the link itself is the credential (checked by better-auth).
  const url = new URL(request.url);
  if (url.searchParams.get("error")) return { state: "invalid" as const, next: "/signin" };
  const viewer = await getViewer(request);
  // better-auth sends an already-confirmed address back here (?type=signup, the
  // link's callback) without a session: a link opened twice. Without that
  // (no token was ever checked), the link is invalid (docs/product.md#roles-and-accounts).
  if (!viewer) {
    const openedTwice = url.searchParams.get("type") === "signup";
    return { state: openedTwice ? ("already" as const) : ("invalid" as const), next: "/signin" };
  }
  if (!viewer.emailVerified) return { state: "failed" as const, next: "/signin" };
  return { state: "confirmed" as const, next: homePathFor(viewer) };
}

/**
 * Moves on after a pause unless the user has gone elsewhere first. A bare
 * <meta refresh> would fire even after a click on Continue and a later
 * navigation (the browser keeps it once parsed), so it is kept for pages
 * without JavaScript only, where every navigation replaces the document.
 */
function DelayedRedirect({ to, seconds }: { to: string; seconds: number }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate(to, { replace: true }), seconds * 1000);
    return () => clearTimeout(timer);
  }, [navigate, to, seconds]);
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${seconds};url=${to}`} />
    </noscript>
  );
}

export default function AuthCallback({ loaderData }: Route.ComponentProps) {
  const { state, next } = loaderData;
  if (state === "confirmed") {
    return (
      <AuthCard title="Email Confirmed!" description="Your account is active. Taking you to your dashboard…">
        <DelayedRedirect to={next} seconds={2} />
        <Button asChild className="w-full">
          <Link to={next}>Continue</Link>
        </Button>
      </AuthCard>
    );
  }
  if (state === "already") {
    return (
      <AuthCard title="Email Already Confirmed" description="This link has already been used and your email is confirmed. Please sign in.">
        <Button asChild className="w-full">
          <Link to="/signin">Go to Sign In</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={state === "invalid" ? "Invalid Link" : "Authentication Failed"}
      description={
        state === "invalid"
          ? "This confirmation link is invalid or has expired."
          : "Failed to confirm your email. Please try signing in manually."
      }
    >
      <DelayedRedirect to={next} seconds={4} />
      <Button asChild className="w-full">
        <Link to="/signin">Go to Sign In</Link>
      </Button>
    </AuthCard>
  );
}
