import type { Route } from "./+types/verification-document";
import { getSellerDocument } from "#app/domain/verification/get-seller-document.server.ts";
import { requireUser } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";

/**
 * A seller's verification document, private: only its seller and active admins, always as a download
 * (never shown inline, never guessed by type). Anyone else gets 404, as for a document that does not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const runtime = await getRuntime();
  const document = await getSellerDocument({ runtime, viewer, documentId: params.id });
  if (!document) throw new Response("Not Found", { status: 404 });
  return new Response(new Uint8Array(document.bytes), {
    headers: {
      "Content-Type": document.contentType,
      "Content-Disposition": `attachment; filename="${document.fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
