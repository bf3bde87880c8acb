/**
 * A request whose loader or action finds the database gone answers with the
 * 503 page, not React Router's "Something went wrong" 500: in production the
 * errors reaching handleRequest are already sanitised, so handleError notes
 * the failure on the request's load context and the response is replaced.
 */
import { describe, expect, it, vi } from "vitest";
import { UNSAFE_ErrorResponseImpl as ErrorResponse, type AppLoadContext, type EntryContext } from "react-router";
import { logger } from "../../app/lib/logger.server.ts";
import handleRequest, { databaseFailedDuring, handleDataRequest, handleError } from "../../app/entry.server.tsx";

const cut = Object.assign(new Error("Failed query: select …", { cause: new Error("Connection terminated unexpectedly") }), {});
const page = (accept = "text/html") => new Request("http://localhost/equipment", { headers: { accept } });
const context = () => ({ clientIp: "127.0.0.1", cspNonce: "n" }) as unknown as AppLoadContext;

describe("a database failure in the middle of a request", () => {
  it("turns the page into the 503 page with Retry-After", async () => {
    const loadContext = context();
    handleError(cut, { request: page(), context: loadContext });
    const res = await handleRequest(page(), 500, new Headers(), {} as EntryContext, loadContext);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("10");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.text()).toContain("The marketplace is temporarily unavailable");
  });

  it("turns a data request's 500 into a 503, in JSON when JSON is asked for", async () => {
    const loadContext = context();
    handleError(cut, { request: page(), context: loadContext });
    const res = await handleDataRequest(new Response("x", { status: 500 }), { request: page("application/json"), context: loadContext });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ title: "Temporarily Unavailable", message: "Please try again in a moment." });
  });

  it("leaves other errors and other requests alone", async () => {
    const bug = context();
    handleError(new TypeError("x is undefined"), { request: page(), context: bug });
    expect(databaseFailedDuring(bug)).toBe(false);
    const original = new Response("x", { status: 500 });
    expect(await handleDataRequest(original, { request: page(), context: bug })).toBe(original);

    const failed = context();
    const other = context();
    handleError(cut, { request: page(), context: failed });
    expect(databaseFailedDuring(failed)).toBe(true);
    expect(databaseFailedDuring(other)).toBe(false);
  });

  it("counts a failure even when the client has already gone", () => {
    const aborted = new AbortController();
    aborted.abort();
    const loadContext = context();
    handleError(cut, { request: new Request("http://localhost/", { signal: aborted.signal }), context: loadContext });
    expect(databaseFailedDuring(loadContext)).toBe(true);
  });
});

describe("what handleError logs as a server error", () => {
  it("not a 405 for a POST to a page without an action, but a real bug, yes", () => {
    const errors = vi.spyOn(logger, "error").mockImplementation(() => undefined);
    try {
      handleError(new ErrorResponse(405, "Method Not Allowed", null), { request: page(), context: context() });
      expect(errors).not.toHaveBeenCalled();
      handleError(new TypeError("x is undefined"), { request: page(), context: context() });
      expect(errors).toHaveBeenCalledTimes(1);
    } finally {
      errors.mockRestore();
    }
  });
});
