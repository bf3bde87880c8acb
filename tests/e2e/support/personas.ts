import { request as playwrightRequest, expect, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../../db/demo-accounts.ts";
import { BASE_URL } from "../../../playwright.config.ts";
import type { Persona } from "../permission-matrix.ts";

export function demoUser(role: "admin" | "buyer" | "seller") {
  const u = DEMO_ACCOUNTS.users.find((x) => x.role === role)!;
  return { ...u, password: DEMO_ACCOUNTS.password };
}

/** An HTTP client signed in as a demo persona (or none for a visitor). */
export async function clientFor(persona: Persona): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL: BASE_URL });
  if (persona === "visitor") return ctx;
  const u = demoUser(persona);
  const res = await ctx.post("/signin", {
    form: { intent: "signin", email: u.email, password: u.password },
    maxRedirects: 0,
  });
  expect(res.status(), `sign-in as ${persona}`).toBe(302);
  return ctx;
}

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

export async function signInThroughForm(page: Page, email: string, password: string) {
  await gotoReady(page, "/signin");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}
