/**
 * /account/data/:id/download — a prepared copy of the user's data, as an attachment, to its owner only
 * (anyone else's id is 404, as is an unknown one). Past its 24 hours: 410 with a plain page that says
 * so and leads back to /account/data.
 */
import { Readable } from "node:stream";
import type { Route } from "./+types/data-export-download";
import { EXPORT_GONE } from "#app/domain/export/data-export-rules.ts";
import { getDataExportDownload } from "#app/domain/export/find-data-exports.server.ts";
import { plainPage } from "#app/lib/plain-page.ts";
import { requireUser } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";

// X-Content-Type-Options: nosniff comes with every response (server.js).
const PRIVATE = { "Cache-Control": "private, no-store" };

function page(status: number, heading: string, text: string) {
  return new Response(
    plainPage({ title: heading, heading, text, link: { href: "/account/data", label: "Go to Download my data" } }),
    {
      status,
      headers: { ...PRIVATE, "Content-Type": "text/html; charset=utf-8" },
    },
  );
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const { db, storage } = await getRuntime();
  const found = await getDataExportDownload({ db, storage, userId: viewer.userId, exportId: params.id });
  if (found.kind === "not-found") {
    throw page(404, "Download not found", "There is no copy of your data at this address.");
  }
  if (found.kind === "gone") throw page(410, "This download has expired", EXPORT_GONE);
  return new Response(Readable.toWeb(found.stream) as ReadableStream<Uint8Array>, {
    headers: {
      ...PRIVATE,
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${found.fileName}"`,
      "Content-Length": String(found.size),
    },
  });
}
