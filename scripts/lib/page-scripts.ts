/**
 * The JavaScript a page ships: every script response while the page loads
 * and hydrates in a fresh browser context, with its size raw, gzipped at
 * level 9 and as sent. Shared by `bench/js-size.ts` (the report against the
 * budget) and `tests/e2e/js-weight.e2e.ts` (the CI guard).
 */
import zlib from "node:zlib";
import type { Browser } from "@playwright/test";

/**
 * The budget, KB gzip -9 of JavaScript per public page (decision 013): a
 * browse page (home, catalogue, parts, a listing) and a form page (sign-in,
 * sign-up, contact, which carry Conform).
 */
export const JS_BUDGET_KB = { browse: 120, form: 140 } as const;
export type PageKind = keyof typeof JS_BUDGET_KB;

const FORM_PAGES = ["/signin", "/signup", "/contact"];

/** Which budget a public page answers to. */
export function pageKind(pagePath: string): PageKind {
  return FORM_PAGES.includes(new URL(pagePath, "http://x").pathname) ? "form" : "browse";
}

export type PageScript = { url: string; raw: number; gzip9: number; transferred: number };

export async function measurePageScripts(browser: Browser, baseUrl: string, pagePath: string): Promise<PageScript[]> {
  // A fresh context per page: nothing cached from the previous one.
  const context = await browser.newContext({ baseURL: baseUrl });
  try {
    const page = await context.newPage();
    const pending: Promise<PageScript | null>[] = [];
    page.on("response", (response) => {
      const request = response.request();
      const isScript =
        request.resourceType() === "script" || (/\.m?js(\?|$)/.test(new URL(response.url()).pathname) && response.ok());
      if (!isScript) return;
      pending.push(
        (async () => {
          const body = await response.body().catch(() => null);
          if (!body) return null;
          const sizes = await request.sizes().catch(() => null);
          return {
            url: new URL(response.url()).pathname,
            raw: body.length,
            gzip9: zlib.gzipSync(body, { level: 9 }).length,
            transferred: sizes?.responseBodySize ?? body.length,
          };
        })(),
      );
    });
    await page.goto(pagePath, { waitUntil: "networkidle" });
    // Hydration and lazy route modules finish after load.
    await page.waitForTimeout(500);
    const scripts = (await Promise.all(pending)).filter((s): s is PageScript => s !== null);
    return [...new Map(scripts.map((s) => [s.url, s])).values()];
  } finally {
    await context.close();
  }
}

export const gzipKb = (scripts: PageScript[]) => scripts.reduce((total, s) => total + s.gzip9, 0) / 1024;
