import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin-messages";
import { Pager, pageParam } from "#app/components/pager.tsx";
import { useActionToast, type ActionToast } from "#app/components/forms/use-action-toast.ts";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  findContactMessages,
  parseContactFilter,
  type AdminContactMessage,
  type ContactFilter,
} from "#app/domain/contact/find-contact-messages.server.ts";
import { markContactHandled } from "#app/domain/contact/mark-contact-handled.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import { formatAdminDate } from "#app/lib/format.ts";
import { requireAdmin } from "#app/server/guards.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { orError } from "#app/lib/respond.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { cn } from "#app/lib/utils.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { pageTitle } from "#app/lib/brand.ts";
import type { Intent } from "./admin-messages.intents.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Contact Messages | Admin Panel") },
  { name: "robots", content: "noindex" },
];

const LOAD_FAILED = "Failed to load contact messages.";

const FILTERS: [ContactFilter, string][] = [
  ["open", "Open"],
  ["handled", "Handled"],
  ["all", "All"],
];

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request);
  const { db } = await getRuntime();
  const url = new URL(request.url);
  const filter = parseContactFilter(url.searchParams.get("filter"));
  const page = pageParam(url.searchParams.get("page"));
  try {
    const result = await findContactMessages({ db, viewer, filter, page });
    return { filter, ...result, loadError: null };
  } catch (error) {
    // The tab still renders, with the failure said once (docs/product.md#messages).
    logger.error({ err: error }, "contact messages could not be loaded");
    return { filter, page, messages: [] as AdminContactMessage[], hasNext: false, loadError: LOAD_FAILED };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const runtime = await getRuntime();
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "") as Intent;
  return orError(async () => {
    if (intent !== "mark-handled") throw new AppError("BAD_REQUEST", "Error", "Unknown action.");
    const { subject } = await markContactHandled({ db: runtime.db, admin, messageId: String(form.get("messageId") ?? "") });
    return { toast: { type: "success", title: "Marked as handled", description: subject } as ActionToast };
  });
}

const hrefFor = (filter: ContactFilter, page = 1) => `/admin/messages?filter=${filter}${page > 1 ? `&page=${page}` : ""}`;

export default function AdminMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, page, messages, hasNext, loadError } = loaderData;
  useActionToast(actionData?.toast);
  return (
    <section className="mt-6" aria-label="Contact messages">
      {actionData?.toast?.type === "error" ? (
        <Alert variant="destructive" className="mb-4">
          <AlertTitle>{actionData.toast.title}</AlertTitle>
          <AlertDescription>{actionData.toast.description}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2" role="group" aria-label="Filter messages">
        {FILTERS.map(([id, label]) => (
          <Button key={id} asChild size="sm" variant={filter === id ? "default" : "outline"}>
            <Link to={hrefFor(id)} aria-current={filter === id ? "page" : undefined}>
              {label}
            </Link>
          </Button>
        ))}
      </div>

      {loadError ? (
        <Alert variant="destructive" className="mt-6">
          <AlertTitle>Error</AlertTitle>
          <AlertDescription>{loadError}</AlertDescription>
        </Alert>
      ) : messages.length === 0 ? (
        <p className="mt-10 text-center text-gray-500">
          {page > 1 ? "No more messages." : filter === "open" ? "No open messages." : "No messages here."}
        </p>
      ) : (
        <ul className="mt-6 space-y-4">
          {messages.map((m) => (
            <MessageItem key={m.id} message={m} />
          ))}
        </ul>
      )}

      <Pager page={page} hasNext={hasNext} href={(p) => hrefFor(filter, p)} />
    </section>
  );
}

function MessageItem({ message: m }: { message: AdminContactMessage }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("messageId") === m.id;
  const mailto = `mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`;
  return (
    <li
      aria-label={m.subject}
      className={cn("rounded-lg border p-4", m.handled ? "border-gray-200 bg-gray-50 text-gray-600" : "bg-white")}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 className={cn("text-lg font-semibold", m.handled && "text-gray-600")}>{m.subject || "(no subject)"}</h2>
        {m.handled ? <Badge variant="secondary">Handled</Badge> : <Badge variant="warning">Open</Badge>}
        <span className="ml-auto text-xs text-gray-500">{formatAdminDate(m.createdAt)}</span>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="font-medium">From</dt>
        <dd>{m.name}</dd>
        <dt className="font-medium">Email</dt>
        <dd>
          <a href={`mailto:${m.email}`} className="text-brand-700 underline">
            {m.email}
          </a>
        </dd>
        <dt className="font-medium">Phone</dt>
        <dd>
          {m.phone ? (
            <a href={`tel:${m.phone.replace(/[^\d+]/g, "")}`} className="text-brand-700 underline">
              {m.phone}
            </a>
          ) : (
            "Not provided"
          )}
        </dd>
      </dl>
      <p className="mt-3 whitespace-pre-wrap break-words text-sm">{m.message}</p>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <Button asChild size="sm" variant="outline">
          <a href={mailto}>Reply by e-mail</a>
        </Button>
        {m.handled ? (
          <span className="text-xs text-gray-500">Handled {m.handledAt ? formatAdminDate(m.handledAt) : ""}</span>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="mark-handled" />
            <input type="hidden" name="messageId" value={m.id} />
            <Button type="submit" size="sm" disabled={busy}>
              {busy ? "Saving..." : "Mark handled"}
            </Button>
          </Form>
        )}
      </div>
    </li>
  );
}
