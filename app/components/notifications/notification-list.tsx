import {
  BellRing,
  CircleCheck,
  CircleX,
  ClipboardList,
  CreditCard,
  Megaphone,
  ShoppingCart,
  Stamp,
  TrendingDown,
} from "lucide-react";
import { Form, Link, useRouteLoaderData } from "react-router";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";

export type NotificationItem = {
  id: string;
  title: string;
  message: string;
  type: string;
  read: boolean;
  createdAt: string;
  /** A page of the app the notification leads to. */
  link?: string | null;
};

/** The words of a notification's link: "Renew" for a mandate renewal, "Open" otherwise. */
export function notificationLinkLabel(link: string) {
  return link.startsWith("/seller/renew/") ? "Renew" : "Open";
}

/** A notification's one-click link (same-site paths only). */
export function NotificationLink({ link, onClick }: { link?: string | null; onClick?: () => void }) {
  const to = safeRedirect(link, "");
  if (!to) return null;
  return (
    <Link
      to={to}
      onClick={onClick}
      className="mt-1 inline-flex min-h-9 items-center rounded-md border border-brand-600 px-3 text-sm font-medium text-brand-700 hover:bg-brand-50"
    >
      {notificationLinkLabel(to)}
    </Link>
  );
}

/** Icons by type (docs/product.md#notifications). */
export function NotificationIcon({ type, title }: { type: string; title: string }) {
  const cls = "size-5 shrink-0";
  if (type === "listing_status") {
    if (/rejected|not approved/i.test(title)) return <CircleX className={`${cls} text-red-600`} aria-hidden />;
    if (/approved/i.test(title)) return <CircleCheck className={`${cls} text-green-600`} aria-hidden />;
    return <ClipboardList className={`${cls} text-gray-600`} aria-hidden />;
  }
  if (type === "purchase_request") return <ShoppingCart className={`${cls} text-brand-600`} aria-hidden />;
  if (type === "payment_status") return <CreditCard className={`${cls} text-blue-600`} aria-hidden />;
  if (type === "admin_review") return <Stamp className={`${cls} text-purple-600`} aria-hidden />;
  if (type === "saved_search") return <BellRing className={`${cls} text-brand-600`} aria-hidden />;
  if (type === "price_drop") return <TrendingDown className={`${cls} text-green-600`} aria-hidden />;
  return <Megaphone className={`${cls} text-gray-600`} aria-hidden />;
}

export const formatNotificationTime = (iso: string) =>
  new Date(iso).toLocaleString("en-ZA", {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Africa/Johannesburg",
  });

/**
 * What an empty list says. A buyer is notified when the team picks up or closes one of
 * their requests (request-state.ts `requestStatusNotification`); everyone else keeps the spec's text.
 */
export function emptyNotificationsText(role: Viewer["role"] | undefined) {
  return role === "buyer"
    ? "No notifications yet. You’ll see updates here when our team picks up or closes your purchase requests, offers, viewing requests and quote requests."
    : "No notifications yet. You’ll see updates here when your listings are approved, rejected, etc.";
}

/** The signed-in viewer's role, from the root loader (the header and the list share it). */
export function useViewerRole() {
  const root = useRouteLoaderData("root") as { viewer?: Pick<Viewer, "role"> | null } | undefined;
  return root?.viewer?.role ?? null;
}

export function NotificationList({ items }: { items: NotificationItem[] }) {
  const role = useViewerRole();
  if (items.length === 0) {
    return <p className="p-6 text-center text-sm text-gray-600">{emptyNotificationsText(role)}</p>;
  }
  return (
    <ul className="divide-y" aria-label="Notifications">
      {items.map((n) => (
        <li key={n.id} className={`flex gap-3 p-4 ${n.read ? "" : "bg-brand-50"}`}>
          <NotificationIcon type={n.type} title={n.title} />
          <div className="min-w-0 flex-1">
            <p className="font-medium">{n.title}</p>
            <p className="text-sm text-gray-700">{n.message}</p>
            <p className="mt-1 text-xs text-gray-500">{formatNotificationTime(n.createdAt)}</p>
            <NotificationLink link={n.link} />
          </div>
          {n.read ? null : (
            <Form method="post" action="/notifications">
              <input type="hidden" name="id" value={n.id} />
              <button type="submit" className="text-xs font-medium text-brand-700 hover:underline">
                Mark read
              </button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  );
}
