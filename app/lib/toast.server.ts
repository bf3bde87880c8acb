/**
 * One-shot toasts carried across a redirect in a signed cookie, shown by the
 * root route (sonner) — and rendered as text too, so they work without JS.
 */
import { createCookie, redirect } from "react-router";
import { env } from "./env.server.ts";

export type Toast = { type: "success" | "error" | "info"; title: string; description?: string };

let cookie: ReturnType<typeof createCookie> | undefined;
function toastCookie() {
  cookie ??= createCookie("mm_toast", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: env().PUBLIC_URL.startsWith("https://"),
    secrets: [env().SESSION_SECRET],
    maxAge: 60,
  });
  return cookie;
}

export async function toastHeaders(toast: Toast) {
  return { "Set-Cookie": await toastCookie().serialize(toast) };
}

export async function redirectWithToast(to: string, toast: Toast, init: { headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie().serialize(toast));
  return redirect(to, { headers });
}

export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: HeadersInit }> {
  const value = (await toastCookie().parse(request.headers.get("cookie"))) as Toast | null;
  if (!value) return { toast: null, headers: {} };
  return { toast: value, headers: { "Set-Cookie": await toastCookie().serialize("", { maxAge: 0 }) } };
}
