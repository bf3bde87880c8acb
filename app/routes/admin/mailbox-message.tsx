import { Link } from "react-router";
import type { Route } from "./+types/mailbox-message";
import { getOutboxMessage } from "#app/domain/email/find-outbox.server.ts";
import { formatAdminDate } from "#app/lib/format.ts";
import { requireAdmin } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { pageTitle } from "#app/lib/brand.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Message | Dev Mailbox") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { db } = await getRuntime();
  const message = await getOutboxMessage({ db, id: params.id });
  if (!message) throw new Response("Not Found", { status: 404 });
  return {
    message: {
      ...message,
      createdAt: message.createdAt.toISOString(),
      attachments: (message.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType })),
    },
  };
}

export default function MailboxMessage({ loaderData }: Route.ComponentProps) {
  const m = loaderData.message;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Link to="/admin/mailbox" className="text-sm text-brand-700 hover:underline">
        ← Back to mailbox
      </Link>
      <h1 className="mt-2 text-2xl font-bold">{m.subject}</h1>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 text-sm text-gray-700">
        <dt className="font-medium">To</dt>
        <dd data-testid="mail-to">{m.toAddress}</dd>
        <dt className="font-medium">Sent</dt>
        <dd>{formatAdminDate(m.createdAt)}</dd>
        <dt className="font-medium">Status</dt>
        <dd>
          {m.status}
          {m.lastError ? ` (last error: ${m.lastError})` : ""}
        </dd>
        {m.attachments.length ? (
          <>
            <dt className="font-medium">Attachments</dt>
            <dd>
              {m.attachments.map((a, i) => (
                <a key={a.filename} href={`/admin/mailbox/${m.id}/attachments/${i}`} className="mr-3 text-brand-700 underline">
                  {a.filename}
                </a>
              ))}
            </dd>
          </>
        ) : null}
      </dl>
      <h2 className="mt-6 text-sm font-semibold uppercase text-gray-500">HTML</h2>
      <iframe
        title="E-mail preview"
        sandbox=""
        srcDoc={m.html}
        className="mt-2 h-96 w-full rounded border bg-white"
      />
      <h2 className="mt-6 text-sm font-semibold uppercase text-gray-500">Plain text</h2>
      <pre data-testid="mail-text" className="mt-2 whitespace-pre-wrap break-all rounded border bg-white p-4 text-sm">
        {m.text}
      </pre>
    </div>
  );
}
