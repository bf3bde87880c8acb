import { PassThrough } from "node:stream";

import type { AppLoadContext, EntryContext } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { isDatabaseUnavailable } from "#app/lib/db-errors.ts";
import { logger } from "#app/lib/logger.server.ts";
import { markDatabaseSuspect } from "#app/server/runtime.server.ts";
import { NonceProvider } from "#app/lib/nonce-provider.ts";
import { databaseFailedDuring, noteDatabaseFailure, unavailableResponse } from "#app/lib/unavailable.server.ts";

export const streamTimeout = 5_000;

// Lifecycle hooks for server.js: the same module graph as the routes, so one runtime.
export { databaseAvailable, getRuntime, stopRuntime } from "#app/server/runtime.server.ts";
export { startupBanner } from "#app/lib/startup-banner.server.ts";
export { databaseFailedDuring, RETRY_AFTER_SECONDS, UNAVAILABLE_HTML, UNAVAILABLE_JSON } from "#app/lib/unavailable.server.ts";
export { UNREADABLE_ADDRESS_HTML } from "#app/lib/plain-page.ts";
export { listingPhotoAccess } from "#app/server/listing-photo-access.server.ts";
export { announceVisitorPagesChanged, countStoredPageView, whenVisitorPagesChange } from "#app/server/visitor-pages.server.ts";

export function handleError(error: unknown, { request, context }: { request: Request; context?: unknown }) {
  const databaseGone = isDatabaseUnavailable(error);
  // The response for this request becomes the 503 page (handleRequest, handleDataRequest, server.js).
  if (databaseGone) noteDatabaseFailure(context);
  if (request.signal.aborted) return;
  // A 4xx React Router answers itself (a POST to a page without an action: 405) is the sender's mistake, not ours.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.info({ url: request.url, status: error.status }, "refused request");
    return;
  }
  if (databaseGone) {
    // Ask again before the next request instead of trusting the last good probe.
    markDatabaseSuspect();
    logger.warn({ url: request.url, err: (error as Error).message }, "database unavailable");
    return;
  }
  logger.error({ err: error, url: request.url }, "unhandled server error");
}

/** The same for the data requests of client-side navigations and fetchers. */
export function handleDataRequest(response: Response, { request, context }: { request: Request; context: unknown }) {
  return databaseFailedDuring(context) ? unavailableResponse(request) : response;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Response | Promise<Response> {
  // The database went away during this request's loaders or action: the 503 page
  // (try again soon), not "Something went wrong" with a 500. handleError has seen
  // the real error; the errors here are already sanitised in production.
  if (databaseFailedDuring(loadContext)) return unavailableResponse(request);
  const nonce = loadContext.cspNonce ?? "";
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, {
      status: responseStatusCode,
      headers: responseHeaders,
    });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");

    // Ensure requests from bots and SPA Mode renders wait for all content to load before responding
    // https://react.dev/reference/react-dom/server/renderToPipeableStream#waiting-for-all-content-to-load-for-crawlers-and-static-generation
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode
        ? "onAllReady"
        : "onShellReady";

    // Abort the rendering stream after the `streamTimeout` so it has time to
    // flush down the rejected boundaries
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              // Clear the timeout to prevent retaining the closure and memory leak
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);

          responseHeaders.set("Content-Type", "text/html");

          pipe(body);

          resolve(
            new Response(stream, {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Log streaming rendering errors from inside the shell.  Don't log
          // errors encountered during initial shell rendering since they'll
          // reject and get logged in handleDocumentRequest.
          if (shellRendered) {
            logger.error({ err: error }, "streaming render error");
          }
        },
      },
    );
  });
}
