import { redirect } from "react-router";
import type { Route } from "./+types/favourites";
import { toggleFavourite } from "#app/domain/favourite/toggle-favourite.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import { requireUser } from "#app/server/guards.server.ts";
import { jsonError } from "#app/lib/respond.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { readForm } from "#app/lib/read-form.server.ts";

/**
 * Save or remove a favourite (saving: buyer accounts only): JSON for the page's script, a redirect back
 * for a plain form.
 */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  const runtime = await getRuntime();
  const form = await readForm(request);
  const wanted = form.get("favourite");
  try {
    const favourite = await toggleFavourite({
      db: runtime.db,
      userId: viewer.userId,
      role: viewer.role,
      listingId: String(form.get("listingId") ?? ""),
      favourite: wanted === "true" ? true : wanted === "false" ? false : undefined,
    });
    const back = form.get("redirectTo");
    if (back) return redirect(safeRedirect(back, "/watchlist"));
    return { favourite };
  } catch (error) {
    if (error instanceof AppError) return jsonError(error);
    throw error;
  }
}

export function loader() {
  // Action only.
  throw new Response("Not Found", { status: 404 });
}
