import { Form, Link } from "react-router";
import type { Route } from "./+types/mailbox";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { findOutbox } from "#app/domain/email/find-outbox.server.ts";
import { formatAdminDate } from "#app/lib/format.ts";
import { requireAdmin } from "#app/lib/guards.server.ts";
import { getRuntime } from "#app/lib/runtime.server.ts";
import { pageTitle } from "#app/lib/brand.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Dev Mailbox") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { db } = await getRuntime();
  const to = new URL(request.url).searchParams.get("to") ?? "";
  const messages = await findOutbox({ db, to: to || undefined });
  return { to, messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
}

export default function Mailbox({ loaderData }: Route.ComponentProps) {
  const { to, messages } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold">Mailbox</h1>
      <p className="mt-1 text-gray-600">Every e-mail the marketplace has sent, newest first.</p>
      <Form key={to} autoComplete="off" method="get" className="mt-4 flex gap-2">
        <label htmlFor="to" className="sr-only">
          Recipient
        </label>
        <Input id="to" name="to" type="email" defaultValue={to} placeholder="Filter by recipient e-mail" />
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </Form>
      {messages.length === 0 ? (
        <p className="mt-8 text-center text-gray-500">No e-mails yet.</p>
      ) : (
        <ul className="mt-6 divide-y rounded-lg border bg-white" aria-label="Messages">
          {messages.map((m) => (
            <li key={m.id}>
              <Link to={`/admin/mailbox/${m.id}`} className="block p-4 hover:bg-gray-50">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium">{m.subject}</span>
                  <span className="text-xs text-gray-500">{formatAdminDate(m.createdAt)}</span>
                </div>
                <div className="text-sm text-gray-600">
                  To {m.toAddress} · {m.status}
                  {m.transport ? ` via ${m.transport}` : ""}
                  {m.attempts > 1 ? ` · ${m.attempts} attempts` : ""}
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
