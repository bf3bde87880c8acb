/**
 * What the app answers while its database cannot be reached: a 503 with
 * Retry-After and a plain page (or JSON), never a 500. Two ways in: the
 * server's probe before a request (server.js) and a request whose loader or
 * action failed for want of the database (entry.server.tsx's handleError
 * notes it on the request's load context; the response is then replaced).
 */
import { plainPage } from "./plain-page.ts";

export const UNAVAILABLE_HTML = plainPage({
  title: "Temporarily unavailable",
  heading: "The marketplace is temporarily unavailable",
  text: "We are having trouble reaching our database. Please try again in a moment: nothing you sent was lost.",
  link: { href: "", label: "Try again" },
});

export const UNAVAILABLE_JSON = { title: "Temporarily Unavailable", message: "Please try again in a moment." };
export const RETRY_AFTER_SECONDS = "10";

const failedDuring = new WeakSet<object>();

/** This request's loader or action could not reach the database. */
export function noteDatabaseFailure(loadContext: unknown) {
  if (loadContext && typeof loadContext === "object") failedDuring.add(loadContext);
}

export function databaseFailedDuring(loadContext: unknown): boolean {
  return Boolean(loadContext && typeof loadContext === "object" && failedDuring.has(loadContext));
}

export function unavailableResponse(request: Request): Response {
  const headers = { "Retry-After": RETRY_AFTER_SECONDS, "Cache-Control": "no-store" };
  const wantsJson = /application\/json/.test(request.headers.get("accept") ?? "") && !/text\/html/.test(request.headers.get("accept") ?? "");
  return wantsJson
    ? Response.json(UNAVAILABLE_JSON, { status: 503, headers })
    : new Response(UNAVAILABLE_HTML, { status: 503, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
}
