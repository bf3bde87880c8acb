import type { Route } from "./+types/mailbox-attachment";
import { getOutboxMessage } from "#app/domain/email/find-outbox.server.ts";
import { requireAdmin } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";

/** An attachment of a dev-mailbox message (admins only). */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { db } = await getRuntime();
  const message = await getOutboxMessage({ db, id: params.id });
  const attachment = message?.attachments?.[Number(params.index)];
  if (!attachment) throw new Response("Not Found", { status: 404 });
  return new Response(new Uint8Array(Buffer.from(attachment.contentBase64, "base64")), {
    headers: {
      "Content-Type": attachment.contentType,
      "Content-Disposition": `attachment; filename="${attachment.filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
