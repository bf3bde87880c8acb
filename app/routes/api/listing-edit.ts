import type { Route } from "./+types/listing-edit";
import { editedMessage, editOwnListingFromForm } from "#app/domain/listing/edit-own-listing.server.ts";
import { getViewer } from "#app/server/get-viewer.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import { BODY_LIMITS, readFormData } from "#app/lib/multipart.server.ts";
import { enforceUserLimit } from "#app/lib/rate-limit.server.ts";
import { isBadInputForDatabase } from "#app/lib/db-errors.ts";
import { jsonError, UNREADABLE } from "#app/lib/respond.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";

/** The edit-listing upload used by the edit form's script (JSON answers, real upload progress). */
export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await getViewer(request);
  if (!viewer)
    return jsonError(
      new AppError("UNAUTHORIZED", "Authentication Required", "Please sign in again to edit a listing."),
    );
  const runtime = await getRuntime();
  try {
    await enforceUserLimit(runtime, "upload", viewer.userId);
    const form = await readFormData(request, BODY_LIMITS.listingPhotos);
    const result = await editOwnListingFromForm({ runtime, viewer, listingId: params.id, form });
    return Response.json({ outcome: result.outcome, message: editedMessage(result) }, { status: 200 });
  } catch (error) {
    if (error instanceof AppError) return jsonError(error);
    if (isBadInputForDatabase(error)) return jsonError(UNREADABLE);
    throw error;
  }
}

export function loader() {
  // Action only.
  throw new Response("Not Found", { status: 404 });
}
