/**
 * The smallest shared steps of the browser tests, with no other support
 * module under them (personas.ts and accounts.ts both use them).
 */
import type { Page } from "@playwright/test";

/** A fresh address no test has used. */
export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/** Navigates and waits until React has hydrated the page (typing earlier can be lost). */
export async function gotoReady(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor();
  return response;
}
