import { Bell } from "lucide-react";
import { Link } from "react-router";
import { badgeText } from "./badge.ts";

/** The bell's accessible name, e.g. "Notifications, 3 unread". */
export const bellLabel = (unread: number) => (unread ? `Notifications, ${badgeText(unread)} unread` : "Notifications");

export function BellBadge({ unread }: { unread: number }) {
  return unread > 0 ? (
    <span className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white">
      {badgeText(unread)}
    </span>
  ) : null;
}

/** The bell before (or without) JavaScript: a link to /notifications. */
export function BellLink({ unread }: { unread: number }) {
  return (
    <Link to="/notifications" aria-label={bellLabel(unread)} className="relative inline-flex size-10 items-center justify-center rounded-md hover:bg-gray-100">
      <Bell className="size-5" aria-hidden />
      <BellBadge unread={unread} />
    </Link>
  );
}
