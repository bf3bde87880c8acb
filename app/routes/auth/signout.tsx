import { redirect } from "react-router";
import type { Route } from "./+types/signout";
import { signOut } from "#app/domain/user/sign-in.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";

export function loader() {
  // Public: signing out is a POST; a GET just goes home.
  return redirect("/");
}

export async function action({ request }: Route.ActionArgs) {
  // Any visitor may end their own session; without one this is a no-op.
  const runtime = await getRuntime();
  const headers = await signOut({ runtime, request }).catch(() => new Headers());
  // Clear the cookie locally even when the server call failed (docs/product.md#roles-and-accounts).
  headers.append("Set-Cookie", "better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
  return redirect("/", { headers });
}
