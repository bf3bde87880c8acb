/**
 * Reads e-mails the app sent, the way a developer would: through the admin's
 * dev mailbox pages (the outbox), signed in as the demo admin.
 */
import { request as playwrightRequest, expect, type APIRequestContext } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../../db/demo-accounts.ts";
import { BASE_URL } from "../../../playwright.config.ts";

let adminContext: Promise<APIRequestContext> | undefined;

/** The demo admin's HTTP client (shared by the helpers that read admin pages). */
export async function signedInAdmin() {
  adminContext ??= (async () => {
    const ctx = await playwrightRequest.newContext({ baseURL: BASE_URL });
    const admin = DEMO_ACCOUNTS.users.find((u) => u.role === "admin")!;
    const res = await ctx.post("/signin", {
      form: { intent: "signin", email: admin.email, password: DEMO_ACCOUNTS.password },
      maxRedirects: 0,
    });
    expect(res.status(), "admin sign-in for the mailbox").toBe(302);
    return ctx;
  })();
  return adminContext;
}

const decode = (s: string) =>
  s.replace(/&amp;/g, "&").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'");

/** The plain-text body of the newest e-mail to `to` whose subject matches. */
export async function readLatestEmail(to: string, subject: RegExp, options: { timeout?: number } = {}) {
  const ctx = await signedInAdmin();
  const deadline = Date.now() + (options.timeout ?? 15_000);
  for (;;) {
    const list = await ctx.get(`/admin/mailbox?to=${encodeURIComponent(to)}`);
    const html = await list.text();
    const items = [...html.matchAll(/href="\/admin\/mailbox\/([0-9a-f-]{36})"[\s\S]*?<span class="font-medium">([^<]*)<\/span>/g)];
    const hit = items.find((m) => subject.test(decode(m[2]!)));
    if (hit) {
      const page = await (await ctx.get(`/admin/mailbox/${hit[1]}`)).text();
      const text = /<pre data-testid="mail-text"[^>]*>([\s\S]*?)<\/pre>/.exec(page)?.[1] ?? "";
      return { id: hit[1]!, subject: decode(hit[2]!), text: decode(text) };
    }
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** The first link in an e-mail body that starts with the app's URL. */
export function linkIn(text: string) {
  const match = new RegExp(`${BASE_URL.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\\s]+`).exec(text);
  if (!match) throw new Error(`No link in e-mail:\n${text}`);
  return match[0];
}
