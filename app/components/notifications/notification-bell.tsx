import { Bell } from "lucide-react";
import { Link } from "react-router";

/** The header bell: unread count (9+ above 9, never below 0), opening the user's notifications. */
export function NotificationBell({ unread }: { unread: number }) {
  const count = Math.max(0, unread);
  return (
    <Link
      to="/notifications"
      className="relative inline-flex size-10 items-center justify-center rounded-md hover:bg-gray-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      aria-label={count ? `Notifications, ${count} unread` : "Notifications"}
    >
      <Bell className="size-5" aria-hidden />
      {count > 0 ? (
        <span className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white">
          {count > 9 ? "9+" : count}
        </span>
      ) : null}
    </Link>
  );
}
