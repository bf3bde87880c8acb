/**
 * The plain pages the server answers before React renders anything (the
 * database is away, an address cannot be read): one small self-contained
 * HTML shell in the app's colours, no scripts or stylesheets to load.
 */
import { PRODUCT_NAME, PRODUCT_TAGLINE, pageTitle } from "./brand.ts";

export function plainPage(page: {
  title: string;
  heading: string;
  text: string;
  link: { href: string; label: string };
}) {
  // The app's look without its stylesheet: the header's name, a card, the brand's button (inline styles only).
  return `<!doctype html><html lang="en-ZA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${pageTitle(page.title)}</title></head>
<body style="margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:#f9fafb;color:#111827">
<header style="background:#fff;border-bottom:1px solid #e5e7eb;padding:0.875rem 1rem"><a href="/" style="color:#111827;text-decoration:none;font-weight:700;font-size:1.25rem">${PRODUCT_NAME}</a> <span style="color:#6b7280;font-size:0.875rem">${PRODUCT_TAGLINE}</span></header>
<main style="max-width:32rem;margin:2.5rem auto;padding:0 1rem"><div style="background:#fff;border:1px solid #e5e7eb;border-radius:0.5rem;padding:1.5rem">
<h1 style="font-size:1.5rem;line-height:1.3;margin:0 0 0.75rem">${page.heading}</h1>
<p style="color:#374151;line-height:1.5;margin:0 0 1.25rem">${page.text}</p>
<p style="margin:0"><a href="${page.link.href}" style="display:inline-block;background:#b45309;color:#fff;text-decoration:none;font-weight:600;padding:0.625rem 1rem;border-radius:0.375rem">${page.link.label}</a></p>
</div></main></body></html>`;
}

/** An address with a control character or a broken %-escape (server.js refuses it with a 400). */
export const UNREADABLE_ADDRESS_HTML = plainPage({
  title: "Address not readable",
  heading: "This address could not be read",
  text: "This address could not be read. Please check the link and try again.",
  link: { href: "/", label: "Go to the home page" },
});

/**
 * The 404 of the private downloads (resource routes, which React does not render), in the plain shell:
 * the same words whether the file does not exist or is someone else's.
 */
export const NOT_FOUND_HTML = plainPage({
  title: "File not found",
  heading: "404 — File not found",
  text: "We could not find this file. It may have been replaced or deleted, or it belongs to another account.",
  link: { href: "/account", label: "Go to my account" },
});
