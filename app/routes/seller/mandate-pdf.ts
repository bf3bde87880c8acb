import type { Route } from "./+types/mandate-pdf";
import { getSignedMandatePdf } from "#app/domain/mandate/sign-mandate.server.ts";
import { requireUser } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";

/** A signed mandate PDF, private: only its seller and admins. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const runtime = await getRuntime();
  const pdf = await getSignedMandatePdf({ runtime, viewer, agreementId: params.agreementId });
  if (!pdf) throw new Response("Not Found", { status: 404 });
  return new Response(new Uint8Array(pdf.bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="signed-mandate.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
