import type { Route } from "./+types/auth";
import { getRuntime } from "#app/lib/runtime.server.ts";

/** better-auth's own endpoints: OAuth redirects, verification links, sessions. */
export async function loader({ request }: Route.LoaderArgs) {
  const { auth } = await getRuntime();
  return auth.handler(request);
}

export async function action({ request }: Route.ActionArgs) {
  const { auth } = await getRuntime();
  return auth.handler(request);
}
