import { Link } from "react-router";
import type { Route } from "./+types/auth-callback";
import { AuthCard } from "#app/components/auth/auth-card.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { getViewer } from "#app/domain/user/get-viewer.server.ts";
import { homePathFor } from "#app/domain/user/viewer.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Confirming your email... | Machinery Marketplace" },
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
  // better-auth sends an already-confirmed address here without a session (a link opened twice).
  if (!viewer) return { state: "already" as const, next: "/signin" };
  if (!viewer.emailVerified) return { state: "failed" as const, next: "/signin" };
  return { state: "confirmed" as const, next: homePathFor(viewer) };
}

export default function AuthCallback({ loaderData }: Route.ComponentProps) {
  const { state, next } = loaderData;
  if (state === "confirmed") {
    return (
      <AuthCard title="Email Confirmed!" description="Your account is active. Taking you to your dashboard…">
        <meta httpEquiv="refresh" content={`2;url=${next}`} />
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
      <meta httpEquiv="refresh" content={`4;url=${next}`} />
      <Button asChild className="w-full">
        <Link to="/signin">Go to Sign In</Link>
      </Button>
    </AuthCard>
  );
}
