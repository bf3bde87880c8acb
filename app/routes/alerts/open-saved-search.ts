import { redirect } from "react-router";
import type { Route } from "./+types/open-saved-search";
import { openSavedSearch } from "#app/domain/saved-search/save-search.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { requireUser } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";

/** Opens a saved search (from its page, a notification or an alert e-mail): its new matches are seen, then the catalog shows it. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  if (!isUuid(params.id)) throw new Response("Not Found", { status: 404 });
  const { db } = await getRuntime();
  try {
    const query = await openSavedSearch({ db, userId: viewer.userId, id: params.id });
    return redirect(`/catalog${query ? `?${query}` : ""}`);
  } catch (error) {
    // Another user's search, or one deleted meanwhile.
    if (error instanceof AppError) throw new Response(error.message, { status: error.status });
    throw error;
  }
}
