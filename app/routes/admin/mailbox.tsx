import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/mailbox";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { useActionToast, type ActionToast } from "#app/components/forms/use-action-toast.ts";
import { findOutbox } from "#app/domain/email/find-outbox.server.ts";
import { retryFailedEmail } from "#app/domain/email/retry-email.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { orError } from "#app/lib/respond.server.ts";
import { formatAdminDate } from "#app/lib/format.ts";
import { requireAdmin } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { pageTitle } from "#app/lib/brand.ts";
import type { Intent } from "./mailbox.intents.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Dev Mailbox") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { db } = await getRuntime();
  const to = new URL(request.url).searchParams.get("to") ?? "";
  const [messages, failed] = await Promise.all([
    findOutbox({ db, to: to || undefined }),
    findOutbox({ db, to: to || undefined, status: "failed" }),
  ]);
  const serial = (rows: typeof messages) => rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
  return { to, messages: serial(messages), failed: serial(failed) };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const runtime = await getRuntime();
  const form = await readForm(request);
  return orError(async () => {
    if ((form.get("intent") as Intent | null) !== "retry") throw new AppError("BAD_REQUEST", "Error", "Unknown action.");
    const { toAddress } = await retryFailedEmail({ runtime, admin, outboxId: String(form.get("messageId") ?? "") });
    return { toast: { type: "success", title: "Retrying", description: `The message to ${toAddress} is queued again.` } as ActionToast };
  });
}

export default function Mailbox({ loaderData, actionData }: Route.ComponentProps) {
  const { to, messages, failed } = loaderData;
  useActionToast(actionData?.toast);
  const navigation = useNavigation();
  const retrying = navigation.state !== "idle" ? navigation.formData?.get("messageId") : null;
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
      {failed.length > 0 ? (
        <section aria-labelledby="failed-heading" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4">
          <h2 id="failed-heading" className="text-lg font-semibold text-red-900">
            Failed deliveries ({failed.length})
          </h2>
          <p className="text-sm text-red-900">Every attempt to send these was refused. Fix the cause, then retry.</p>
          <ul className="mt-3 space-y-3" aria-label="Failed messages">
            {failed.map((m) => (
              <li key={m.id} className="rounded-md border border-red-200 bg-white p-3">
                <Link to={`/admin/mailbox/${m.id}`} className="font-medium break-words hover:underline">
                  {m.subject}
                </Link>
                <div className="text-sm break-words text-gray-600">
                  To {m.toAddress} · {m.attempts} attempts · {formatAdminDate(m.createdAt)}
                </div>
                <p className="mt-1 text-sm break-words text-red-800">Last error: {m.lastError ?? "unknown"}</p>
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="retry" />
                  <input type="hidden" name="messageId" value={m.id} />
                  <Button type="submit" size="sm" variant="outline" disabled={retrying === m.id}>
                    {retrying === m.id ? "Retrying..." : "Retry"}
                    <span className="sr-only"> sending {m.subject} to {m.toAddress}</span>
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
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
