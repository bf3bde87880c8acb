/**
 * A live notification as a window event: the bell hands each one it receives to the page open
 * beside it, so a page that shows what the notification is about (a copy of one's data now ready)
 * can refresh at once instead of at its next poll.
 */
const EVENT = "app:live-notification";

export type LiveNotification = { type: string; link?: string | null };

export function announceLiveNotification(notification: LiveNotification) {
  window.dispatchEvent(new CustomEvent<LiveNotification>(EVENT, { detail: notification }));
}

/** Calls `listener` with each live notification; returns the unsubscribe. */
export function onLiveNotification(listener: (notification: LiveNotification) => void) {
  const handle = (e: Event) => listener((e as CustomEvent<LiveNotification>).detail);
  window.addEventListener(EVENT, handle);
  return () => window.removeEventListener(EVENT, handle);
}
