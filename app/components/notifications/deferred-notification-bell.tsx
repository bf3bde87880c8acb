import { useEffect, useState } from "react";
import type { NotificationBell as NotificationBellType } from "./notification-bell.tsx";
import { BellLink } from "./bell-link.tsx";

/**
 * The header bell without its weight in every page's first load: the server
 * (and the browser until the module arrives) renders the bell's link form;
 * the interactive bell (popover, live updates) is fetched after hydration and
 * only for signed-in users, so visitors never download it.
 */
export function DeferredNotificationBell({ unread }: { unread: number }) {
  const [Bell, setBell] = useState<typeof NotificationBellType | null>(null);
  useEffect(() => {
    let live = true;
    void import("./notification-bell.tsx").then((module) => {
      if (live) setBell(() => module.NotificationBell);
    });
    return () => {
      live = false;
    };
  }, []);
  return Bell ? <Bell unread={unread} /> : <BellLink unread={unread} />;
}
