import { Form, Link } from "react-router";
import type { Route } from "./+types/notifications";
import { NotificationList } from "#app/components/notifications/notification-list.tsx";
import { Button } from "#app/components/ui/button.tsx";
import {
  countUnread,
  findNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  NOTIFICATION_PAGE_SIZE,
} from "#app/domain/notification/find-notifications.server.ts";
import { requireUser } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { pageTitle } from "#app/lib/brand.ts";
import type { Intent } from "./notifications.intents.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Notifications") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const { db } = await getRuntime();
  const url = new URL(request.url);
  const beforeAt = url.searchParams.get("beforeAt");
  const beforeId = url.searchParams.get("beforeId");
  const before = beforeAt && beforeId && !Number.isNaN(Date.parse(beforeAt)) && isUuid(beforeId) ? { createdAt: beforeAt, id: beforeId } : undefined;
  const [items, unread] = await Promise.all([findNotifications({ db, userId: viewer.userId, before }), countUnread({ db, userId: viewer.userId })]);
  return { items, unread, hasMore: items.length === NOTIFICATION_PAGE_SIZE };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  const runtime = await getRuntime();
  const form = await readForm(request);
  if ((form.get("intent") as Intent | null) === "read-all") {
    await markAllNotificationsRead({ db: runtime.db, userId: viewer.userId });
  } else {
    await markNotificationRead({ db: runtime.db, userId: viewer.userId, id: String(form.get("id") ?? "") });
  }
  return { ok: true };
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { items, unread, hasMore } = loaderData;
  const last = items.at(-1);
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Notifications</h1>
        {unread > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="read-all" />
            <Button type="submit" variant="outline" size="sm">
              Mark all read
            </Button>
          </Form>
        ) : null}
      </div>
      <div className="mt-4 rounded-lg border bg-white">
        <NotificationList items={items} />
      </div>
      {hasMore && last ? (
        <Button asChild variant="outline" className="mt-4 w-full">
          <Link to={`/notifications?beforeAt=${encodeURIComponent(last.createdAt)}&beforeId=${last.id}`}>Load more</Link>
        </Button>
      ) : null}
    </div>
  );
}
