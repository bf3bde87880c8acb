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

/** Adds a toast to the headers of an answer made elsewhere (a redirect that carries other cookies too). */
export async function appendToast(headers: Headers, toast: Toast | Toast[]) {
  headers.append("Set-Cookie", await toastCookie().serialize(Array.isArray(toast) ? toast : [toast]));
  return headers;
}

export async function redirectWithToast(to: string, toast: Toast | Toast[], init: { headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie().serialize(Array.isArray(toast) ? toast : [toast]));
  return redirect(to, { headers });
}

export async function readToasts(request: Request): Promise<{ toasts: Toast[]; headers: HeadersInit }> {
  const value = (await toastCookie().parse(request.headers.get("cookie"))) as Toast[] | null;
  if (!Array.isArray(value) || value.length === 0) return { toasts: [], headers: {} };
  return { toasts: value.slice(0, 3), headers: { "Set-Cookie": await toastCookie().serialize("", { maxAge: 0 }) } };
}
