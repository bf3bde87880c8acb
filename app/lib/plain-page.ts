/**
 * The plain pages the server answers before React renders anything (the
 * database is away, an address cannot be read): one small self-contained
 * HTML shell, no scripts or stylesheets to load.
 */
import { pageTitle } from "./brand.ts";

export function plainPage(page: {
  title: string;
  heading: string;
  text: string;
  link: { href: string; label: string };
}) {
  return `<!doctype html><html lang="en-ZA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${pageTitle(page.title)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#111827">
<h1>${page.heading}</h1>
<p>${page.text}</p>
<p><a href="${page.link.href}">${page.link.label}</a></p></body></html>`;
}

/** An address with a control character or a broken %-escape (server.js refuses it with a 400). */
export const UNREADABLE_ADDRESS_HTML = plainPage({
  title: "Address not readable",
  heading: "This address could not be read",
  text: "This address could not be read. Please check the link and try again.",
  link: { href: "/", label: "Go to the home page" },
});

/**
 * The app's 404 in the plain shell, for the private downloads (resource routes, which React does not render):
 * the same words as the 404 page, whether the file does not exist or is someone else's.
 */
export const NOT_FOUND_HTML = plainPage({
  title: "Page not found",
  heading: "404 — Oops! Page not found",
  text: "We could not find this page.",
  link: { href: "/", label: "Return to Home" },
});
