/** Only same-site relative paths are followed after sign-in. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string) {
  if (!to || typeof to !== "string") return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // Browsers drop tabs and newlines from URLs and read "\" as "/": "/\t/evil.example" would leave the site.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  if (to.startsWith("/signin") || to.startsWith("/signup") || to.startsWith("/api/")) return fallback;
  return to;
}

/**
 * The addresses that answer with a file to save (an attachment), not a page: each a route without a
 * component (app/routes.ts). safe-redirect.test.ts checks every such route against these lists.
 */
const DOWNLOADS = [
  /^\/verification-documents\/[^/]+\/?$/i,
  /^\/account\/data\/[^/]+\/download\/?$/i,
  /^\/mandates\/[^/]+\/pdf\/?$/i,
  /^\/admin\/mailbox\/[^/]+\/attachments\/[^/]+\/?$/i,
];

/** The other addresses that are not pages: routes without a component, and what the server itself serves. */
const OTHER_RESOURCES = [
  /^\/saved-searches\/[^/]+\/open\/?$/i,
  /^\/notifications\/stream\/?$/i,
  /^\/sitemap\.xml$/i,
  /^\/robots\.txt$/i,
  /^\/api(\/|$)/i,
  /^\/media(\/|$)/i,
  /^\/assets(\/|$)/i,
];

/**
 * What a path on this site answers with: a page the app renders, a file to download, or another
 * resource (a redirect, a stream, a text file). Only a page can be reached by a navigation inside the
 * app; the others need the browser's own (a full document request), or the browser shows nothing.
 */
export function destinationKind(to: string): "page" | "download" | "resource" {
  const path = to.split(/[?#]/, 1)[0] ?? "";
  if (DOWNLOADS.some((pattern) => pattern.test(path))) return "download";
  if (OTHER_RESOURCES.some((pattern) => pattern.test(path))) return "resource";
  return "page";
}
