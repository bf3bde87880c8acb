/**
 * The frame every e-mail shares: a greeting, paragraphs, an optional button
 * whose link is also written out, and the sign-off. The plain-text part says
 * the same in plain lines; the HTML part escapes every piece of text.
 */
import { PRODUCT_NAME } from "#app/lib/brand.ts";
import type { OutgoingEmail } from "#app/lib/mailer.server.ts";

/** What a template renders: the parts of one message, without its address. */
export type RenderedEmail = {
  subject: string;
  text: string;
  html: string;
  attachments?: OutgoingEmail["attachments"];
  headers?: OutgoingEmail["headers"];
};

/** A machine in an alert: photo, title, year and hours, price, link. */
export type EmailItem = {
  title: string;
  details: string;
  price: string;
  url: string;
  imageUrl: string | null;
  note?: string;
};

/**
 * An alert's unsubscribe: a one-click link (signed, works without signing in) in the footer and the
 * List-Unsubscribe headers (RFC 8058) mail programs show as their own button.
 */
export type EmailUnsubscribe = { url: string; label: string };

export const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** "Hello Thabo," or "Hello there," when the name is empty. */
export const greetingFor = (name: string | null | undefined) => `Hello ${name || "there"},`;

export function layout(input: {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
  items?: EmailItem[];
  /** A line after the items. */
  after?: string;
  unsubscribe?: EmailUnsubscribe;
}): RenderedEmail {
  const { action, items = [], unsubscribe } = input;
  const footer = input.footer ?? `— The ${PRODUCT_NAME} team`;
  const text = [
    input.greeting,
    "",
    ...input.paragraphs.flatMap((p) => [p, ""]),
    ...items.flatMap((i) => [
      i.title,
      ...(i.details ? [i.details] : []),
      i.price + (i.note ? ` (${i.note})` : ""),
      i.url,
      "",
    ]),
    ...(input.after ? [input.after, ""] : []),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    footer,
    ...(unsubscribe ? ["", `${unsubscribe.label}: ${unsubscribe.url}`] : []),
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;color:#b45309">${PRODUCT_NAME}</h1>
<p>${escapeHtml(input.greeting)}</p>
${input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${items.map(itemHtml).join("\n")}
${input.after ? `<p>${escapeHtml(input.after)}</p>` : ""}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#d97706;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#6b7280;word-break:break-all;overflow-wrap:anywhere">Or copy this link: ${escapeHtml(action.url)}</p>` : ""}
<p style="font-size:12px;color:#6b7280">${escapeHtml(footer)}</p>
${unsubscribe ? `<p style="font-size:12px;color:#6b7280"><a href="${escapeHtml(unsubscribe.url)}" style="color:#6b7280">${escapeHtml(unsubscribe.label)}</a></p>` : ""}
</body></html>`;
  const headers = unsubscribe
    ? { "List-Unsubscribe": `<${unsubscribe.url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
    : undefined;
  return { subject: input.subject, text, html, ...(headers ? { headers } : {}) };
}

function itemHtml(i: EmailItem) {
  const photo = i.imageUrl
    ? `<td style="width:120px;padding-right:12px;vertical-align:top"><a href="${escapeHtml(i.url)}"><img src="${escapeHtml(i.imageUrl)}" alt="" width="120" style="display:block;width:120px;height:auto;border-radius:4px"></a></td>`
    : "";
  return `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px"><tr>${photo}<td style="vertical-align:top"><a href="${escapeHtml(i.url)}" style="font-weight:bold;color:#92400e">${escapeHtml(i.title)}</a>${i.details ? `<br><span style="color:#4b5563;font-size:14px">${escapeHtml(i.details)}</span>` : ""}<br><span style="font-weight:bold">${escapeHtml(i.price)}</span>${i.note ? ` <span style="color:#15803d;font-size:14px">${escapeHtml(i.note)}</span>` : ""}</td></tr></table>`;
}
