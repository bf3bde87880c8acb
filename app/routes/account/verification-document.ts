import type { Route } from "./+types/verification-document";
import { getSellerDocument } from "#app/domain/verification/get-seller-document.server.ts";
import { NOT_FOUND_HTML } from "#app/lib/plain-page.ts";
import { requireUser } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";

/**
 * A seller's verification document, private: only its seller and active admins, always as a download
 * (never shown inline, never guessed by type). Anyone else gets the 404 page, as for a document that does
 * not exist.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const runtime = await getRuntime();
  const document = await getSellerDocument({ runtime, viewer, documentId: params.id });
  if (!document) {
    throw new Response(NOT_FOUND_HTML, {
      status: 404,
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  // X-Content-Type-Options: nosniff comes with every response (server.js).
  return new Response(new Uint8Array(document.bytes), {
    headers: {
      "Content-Type": document.contentType,
      "Content-Disposition": `attachment; filename="${document.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
