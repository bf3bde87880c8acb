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
};

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
}): RenderedEmail {
  const { action } = input;
  const footer = input.footer ?? `— The ${PRODUCT_NAME} team`;
  const text = [
    input.greeting,
    "",
    ...input.paragraphs.flatMap((p) => [p, ""]),
    ...(action ? [`${action.label}: ${action.url}`, ""] : []),
    footer,
  ].join("\n");
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;color:#b45309">${PRODUCT_NAME}</h1>
<p>${escapeHtml(input.greeting)}</p>
${input.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#d97706;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:12px;color:#6b7280;word-break:break-all;overflow-wrap:anywhere">Or copy this link: ${escapeHtml(action.url)}</p>` : ""}
<p style="font-size:12px;color:#6b7280">${escapeHtml(footer)}</p>
</body></html>`;
  return { subject: input.subject, text, html };
}
