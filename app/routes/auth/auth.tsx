import { redirect } from "react-router";
import type { Route } from "./+types/auth";
import { AuthCard } from "#app/components/auth/auth-card.tsx";
import { getViewer } from "#app/server/get-viewer.server.ts";
import { homePathFor } from "#app/domain/user/viewer.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { pageTitle } from "#app/lib/brand.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Signing you in...") },
  { name: "robots", content: "noindex" },
];

/** The Google sign-in return and the guard's sign-in target: routes by role. */
export async function loader({ request }: Route.LoaderArgs) {
  // Public: it only reads the session.
  const url = new URL(request.url);
  const viewer = await getViewer(request);
  if (viewer) throw redirect(homePathFor(viewer));
  if (url.searchParams.get("error")) {
    throw await redirectWithToast("/signin", {
      type: "error",
      title: "Authentication Error",
      description: "We could not sign you in. Please try again.",
    });
  }
  const redirectTo = url.searchParams.get("redirectTo");
  throw redirect(redirectTo ? `/signin?redirectTo=${encodeURIComponent(redirectTo)}` : "/signin");
}

export default function AuthScreen() {
  return <AuthCard title="Confirming your email..." />;
}
