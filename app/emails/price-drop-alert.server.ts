/**
 * "send-price-drop-alert": machines on the watchlist got cheaper — one at once, or every drop since
 * the last digest — with the old and new price, and the one-click unsubscribe from price-drop alerts.
 */
import { layout, type EmailItem } from "./layout.server.ts";

export function priceDropAlertEmail(data: {
  items: EmailItem[];
  watchlistUrl: string;
  manageUrl: string;
  unsubscribeUrl: string;
}) {
  const n = data.items.length;
  return layout({
    subject: n === 1 ? `Price drop: ${data.items[0]!.title}` : `Price drops on ${n} machines you watch`,
    greeting: "Hello,",
    paragraphs: [
      n === 1 ? "A machine on your watchlist is cheaper now:" : `${n} machines on your watchlist are cheaper now:`,
    ],
    items: data.items,
    action: { label: "Open your watchlist", url: data.watchlistUrl },
    footer: `You get this because you asked for price-drop alerts on your watchlist. Change how often: ${data.manageUrl}`,
    unsubscribe: { url: data.unsubscribeUrl, label: "Stop price-drop alerts" },
  });
}
