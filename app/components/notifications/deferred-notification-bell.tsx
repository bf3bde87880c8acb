import { useEffect, useRef, useState } from "react";
import type { NotificationBell as NotificationBellType } from "./notification-bell.tsx";
import { BellLink } from "./bell-link.tsx";

/**
 * The header bell without its weight in every page's first load: the server
 * (and the browser until the module arrives) renders the bell's link form;
 * the interactive bell (popover, live updates) is fetched after hydration and
 * only for signed-in users, so visitors never download it. Focus on the link
 * moves to the bell that replaces it (a keyboard user is not sent back to the
 * top of the page).
 */
export function DeferredNotificationBell({ unread }: { unread: number }) {
  const [Bell, setBell] = useState<typeof NotificationBellType | null>(null);
  const box = useRef<HTMLSpanElement>(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    let live = true;
    void import("./notification-bell.tsx").then((module) => {
      if (!live) return;
      hadFocus.current = Boolean(box.current?.contains(document.activeElement));
      setBell(() => module.NotificationBell);
    });
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (Bell && hadFocus.current) box.current?.querySelector<HTMLElement>("button")?.focus();
  }, [Bell]);
  return (
    <span ref={box} className="contents">
      {Bell ? <Bell unread={unread} /> : <BellLink unread={unread} />}
    </span>
  );
}
