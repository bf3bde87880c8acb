import type { Route } from "./+types/auth";
import {
  AUTH_BASE_PATH,
  authNotFound,
  hasForeignRedirect,
  invalidAuthLink,
  isAllowedAuthRequest,
} from "#app/lib/auth-edge.server.ts";
import { plainPage } from "#app/lib/plain-page.ts";
import { getRuntime } from "#app/server/runtime.server.ts";

/**
 * better-auth's own endpoints, behind the allowlist (app/lib/auth-edge.server.ts):
 * the verification link, the OAuth return, the health check. Everything else is 404.
 */
async function handle(request: Request) {
  const url = new URL(request.url);
  if (!isAllowedAuthRequest(request.method, url.pathname)) return authNotFound();
  if (hasForeignRedirect(url)) return invalidAuthLink();
  const { auth } = await getRuntime();
  const response = await auth.handler(request);
  // A confirmation link always carries its way back to the app; one that lost it (cut short by a mail
  // program) would get better-auth's bare JSON: a page instead.
  if (url.pathname === `${AUTH_BASE_PATH}/verify-email` && (response.status < 300 || response.status >= 400)) {
    return response.ok ? confirmedWithoutWayBack() : invalidAuthLink();
  }
  return response;
}

function confirmedWithoutWayBack() {
  return new Response(
    plainPage({
      title: "Address confirmed",
      heading: "Your e-mail address is confirmed",
      text: "Sign in to go on.",
      link: { href: "/signin", label: "Go to sign in" },
    }),
    { status: 200, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } },
  );
}

export async function loader({ request }: Route.LoaderArgs) {
  return handle(request);
}

export async function action({ request }: Route.ActionArgs) {
  return handle(request);
}
