/**
 * The header bell (docs/product.md#notifications): unread badge (9+ above 9, never below
 * 0), a popover with the newest 20 and "Load more", per-item and all read,
 * click-to-read after 300 ms, an 800 ms highlight for changed items, and live
 * updates over Server-Sent Events with reconnect back-off 1, 2, 5, then 10 s
 * and catch-up; it stops when the server says the session has ended. Without
 * JavaScript the bell is a link to /notifications.
 */
import { Bell } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { toast } from "#app/components/ui/toast.ts";
import { announceLiveNotification } from "./live-notification-event.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "#app/components/ui/popover.tsx";
import { hasMorePages } from "./badge.ts";
import { BellBadge, bellLabel } from "./bell-link.tsx";
import {
  emptyNotificationsText,
  formatNotificationTime,
  NotificationIcon,
  NotificationLink,
  useViewerRole,
  type NotificationItem,
} from "./notification-list.tsx";

const BACKOFF_MS = [1000, 2000, 5000, 10000];
const FIRST_PAGE_PATIENCE_MS = 4000;
const FIRST_PAGE_RETRIES = 2;

type Page = { items: NotificationItem[]; unread: number; hasMore: boolean };

export function NotificationBell({ unread: initialUnread }: { unread: number }) {
  const [unread, setUnread] = useState(Math.max(0, initialUnread));
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<NotificationItem[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [highlight, setHighlight] = useState<Set<string>>(new Set());
  const openRef = useRef(open);
  openRef.current = open;
  const first = useFetcher<Page>();
  const more = useFetcher<Page>();
  const marker = useFetcher();
  const emptyText = emptyNotificationsText(useViewerRole());

  useEffect(() => setUnread(Math.max(0, initialUnread)), [initialUnread]);

  const flash = useCallback((id: string) => {
    setHighlight((h) => new Set(h).add(id));
    setTimeout(
      () =>
        setHighlight((h) => {
          const next = new Set(h);
          next.delete(id);
          return next;
        }),
      800,
    );
  }, []);

  // Live updates.
  useEffect(() => {
    let source: EventSource | undefined;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let newest = new Date().toISOString();
    let stopped = false;
    const connect = () => {
      if (stopped) return;
      source = new EventSource(`/notifications/stream?since=${encodeURIComponent(newest)}`);
      source.addEventListener("ready", (e) => {
        attempt = 0;
        const data = JSON.parse((e as MessageEvent).data) as { unread: number };
        setUnread(Math.max(0, data.unread));
      });
      source.addEventListener("notification", (e) => {
        const data = JSON.parse((e as MessageEvent).data) as { notification: NotificationItem; unread: number | null };
        const n = data.notification;
        if (n.createdAt > newest) newest = n.createdAt;
        setItems((list) => (list ? (list.some((i) => i.id === n.id) ? list : [n, ...list]) : list));
        setUnread((u) => (data.unread === null ? u + (n.read ? 0 : 1) : Math.max(0, data.unread)));
        flash(n.id);
        if (!openRef.current) toast(n.title, { description: n.message });
        announceLiveNotification(n);
      });
      const onRead = (e: Event) => {
        const data = JSON.parse((e as MessageEvent).data) as { id: string | null; unread: number };
        setUnread(Math.max(0, data.unread));
        setItems((list) => list?.map((i) => (data.id === null || i.id === data.id ? { ...i, read: true } : i)) ?? list);
        if (data.id) flash(data.id);
      };
      source.addEventListener("read", onRead);
      source.addEventListener("read-all", onRead);
      // The session ended (signed out here or elsewhere, or by the admin): no reconnecting.
      source.addEventListener("ended", () => {
        stopped = true;
        source?.close();
      });
      source.onerror = () => {
        source?.close();
        const delay = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)]!;
        attempt += 1;
        timer = setTimeout(connect, delay);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [flash]);

  // First page when the popover opens; later pages appended. A first page that has
  // not come within FIRST_PAGE_PATIENCE_MS is asked for again (the new load replaces
  // the old), FIRST_PAGE_RETRIES times; then the popover says so and links to the page.
  const [retries, setRetries] = useState(0);
  useEffect(() => {
    if (open && items === null && first.state === "idle" && !first.data) first.load("/notifications");
  }, [open, items, first]);
  useEffect(() => {
    if (!open || items !== null || retries > FIRST_PAGE_RETRIES) return;
    const timer = setTimeout(() => {
      if (retries < FIRST_PAGE_RETRIES) first.load("/notifications");
      setRetries(retries + 1);
    }, FIRST_PAGE_PATIENCE_MS);
    return () => clearTimeout(timer);
    // `first` changes identity on every state change; the timer restarts per retry only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, items, retries]);
  useEffect(() => {
    if (first.data && items === null) {
      setItems(first.data.items);
      setHasMore(hasMorePages(first.data.items.length));
      setUnread(Math.max(0, first.data.unread));
    }
  }, [first.data, items]);
  useEffect(() => {
    if (more.state !== "idle" || !more.data) return;
    const page = more.data;
    setItems((list) => {
      const seen = new Set((list ?? []).map((i) => i.id));
      return [...(list ?? []), ...page.items.filter((i) => !seen.has(i.id))];
    });
    setHasMore(hasMorePages(page.items.length));
  }, [more.state, more.data]);

  const markRead = (id: string) => {
    const item = items?.find((i) => i.id === id);
    if (!item || item.read) return;
    setItems((list) => list?.map((i) => (i.id === id ? { ...i, read: true } : i)) ?? list);
    setUnread((u) => Math.max(0, u - 1));
    flash(id);
    marker.submit({ id }, { method: "post", action: "/notifications" });
  };
  const markAll = () => {
    setItems((list) => list?.map((i) => ({ ...i, read: true })) ?? list);
    setUnread(0);
    marker.submit({ intent: "read-all" }, { method: "post", action: "/notifications" });
  };
  const loadMore = () => {
    const last = items?.at(-1);
    if (last) more.load(`/notifications?beforeAt=${encodeURIComponent(last.createdAt)}&beforeId=${last.id}`);
  };

  const label = bellLabel(unread);
  const badge = <BellBadge unread={unread} />;

  // Only ever rendered in the browser, after hydration (DeferredNotificationBell): the button at once.
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setRetries(0);
      }}
    >
      <PopoverTrigger asChild>
        <button
          type="button"
          aria-label={label}
          className="relative inline-flex size-10 items-center justify-center rounded-md hover:bg-gray-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          <Bell className="size-5" aria-hidden />
          {badge}
        </button>
      </PopoverTrigger>
      <PopoverContent className="w-96" aria-label="Notifications">
        <div className="flex items-center justify-between border-b px-4 py-2">
          <p className="font-semibold">Notifications</p>
          <Button type="button" variant="link" size="sm" className="px-3" onClick={markAll} disabled={unread === 0}>
            Mark all read
          </Button>
        </div>
        <div className="max-h-96 overflow-y-auto">
          {items === null && retries > FIRST_PAGE_RETRIES ? (
            <p className="p-4 text-sm text-gray-600">
              Your notifications could not be loaded.{" "}
              <Link to="/notifications" reloadDocument className="font-medium text-brand-700 underline">
                Open the notifications page
              </Link>
            </p>
          ) : items === null ? (
            <p className="p-4 text-sm text-gray-500">Loading…</p>
          ) : items.length === 0 ? (
            <p className="p-4 text-sm text-gray-600">{emptyText}</p>
          ) : (
            <ul className="divide-y" aria-label="Notification list">
              {items.map((n) => (
                <li
                  key={n.id}
                  data-highlight={highlight.has(n.id) || undefined}
                  className={`flex gap-3 px-4 py-3 transition-colors ${highlight.has(n.id) ? "bg-yellow-100" : n.read ? "" : "bg-brand-50"}`}
                >
                  <NotificationIcon type={n.type} title={n.title} />
                  <div className="min-w-0 flex-1">
                    <button
                      type="button"
                      className="w-full text-left"
                      onClick={() => setTimeout(() => markRead(n.id), 300)}
                    >
                      <span className="block text-sm font-medium">{n.title}</span>
                      <span className="block text-sm text-gray-700">{n.message}</span>
                      <span className="mt-1 block text-xs text-gray-500">{formatNotificationTime(n.createdAt)}</span>
                    </button>
                    <NotificationLink
                      link={n.link}
                      onClick={() => {
                        if (!n.read) markRead(n.id);
                        setOpen(false);
                      }}
                    />
                  </div>
                  {n.read ? null : (
                    <button
                      type="button"
                      onClick={() => markRead(n.id)}
                      className="self-start text-xs font-medium text-brand-700 hover:underline"
                    >
                      Mark read
                    </button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
        {hasMore ? (
          <div className="border-t p-2">
            <Button
              type="button"
              variant="ghost"
              className="w-full"
              onClick={loadMore}
              disabled={more.state !== "idle"}
            >
              {more.state !== "idle" ? "Loading…" : "Load more"}
            </Button>
          </div>
        ) : null}
        <div className="border-t p-2 text-center">
          <Link to="/notifications" className="text-sm text-brand-700 hover:underline" onClick={() => setOpen(false)}>
            See all notifications
          </Link>
        </div>
      </PopoverContent>
    </Popover>
  );
}
