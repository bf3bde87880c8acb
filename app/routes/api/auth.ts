import type { Route } from "./+types/auth";
import { authNotFound, hasForeignRedirect, invalidAuthLink, isAllowedAuthRequest } from "#app/lib/auth-edge.server.ts";
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
  return auth.handler(request);
}

export async function loader({ request }: Route.LoaderArgs) {
  return handle(request);
}

export async function action({ request }: Route.ActionArgs) {
  return handle(request);
}
