/**
 * "send-search-alert": new machines for one saved search — one at once (instant) or everything since
 * the last digest — each with photo, title, year and hours, price and link, and the one-click
 * unsubscribe from this search only.
 */
import { layout, type EmailItem, type EmailUnsubscribe } from "./layout.server.ts";

export function searchAlertEmail(data: {
  searchName: string;
  digest: "instant" | "daily" | "weekly";
  items: EmailItem[];
  /** How many more matched than the e-mail lists (they are on the search's page). */
  more?: number;
  searchUrl: string;
  manageUrl: string;
  unsubscribeUrl: string;
}) {
  const more = data.more ?? 0;
  const n = data.items.length + more;
  const machines = `${n} new ${n === 1 ? "machine" : "machines"}`;
  const since = data.digest === "daily" ? " since yesterday's e-mail" : data.digest === "weekly" ? " this week" : "";
  const unsubscribe: EmailUnsubscribe = { url: data.unsubscribeUrl, label: `Stop alerts for "${data.searchName}"` };
  return layout({
    subject: `${machines} for your search "${data.searchName}"`,
    greeting: "Hello,",
    paragraphs: [
      `${n === 1 ? "A machine" : `${n} machines`} matching your saved search "${data.searchName}" ${n === 1 ? "was" : "were"} listed${since}:`,
    ],
    items: data.items,
    ...(more > 0 ? { after: `…and ${more} more: see them all on the search's page.` } : {}),
    action: { label: "See all matches", url: data.searchUrl },
    footer: `You get this because you saved this search and asked for alerts. Change how often, or pause it: ${data.manageUrl}`,
    unsubscribe,
  });
}
