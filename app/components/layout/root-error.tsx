import { isRouteErrorResponse } from "react-router";
import { ErrorScreen } from "#app/components/layout/error-screen.tsx";
import { NotFound } from "#app/components/layout/not-found.tsx";
import { isDatabaseUnavailable } from "#app/lib/db-errors.ts";

/** What the root shows in place of a page that failed: 404, "temporarily unavailable" or "Something went wrong". */
export function RootError({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if ((isRouteErrorResponse(error) && error.status === 503) || isDatabaseUnavailable(error)) {
    return <ErrorScreen message="The marketplace is temporarily unavailable. Please try again in a moment." />;
  }
  const message = isRouteErrorResponse(error)
    ? typeof error.data === "string" && error.data
      ? error.data
      : error.statusText
    : import.meta.env.DEV && error instanceof Error
      ? error.message
      : undefined;
  return <ErrorScreen message={message || undefined} />;
}
