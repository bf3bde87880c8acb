import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import appStylesHref from "./app.css?url";
import { ErrorScreen } from "#app/components/layout/error-screen.tsx";
import { Footer } from "#app/components/layout/footer.tsx";
import { GoHomeButton } from "#app/components/layout/go-home-button.tsx";
import { Header } from "#app/components/layout/header.tsx";
import { NotFound } from "#app/components/layout/not-found.tsx";
import { NoScriptNotices } from "#app/components/layout/no-script-notices.tsx";
import { Toaster } from "#app/components/ui/toaster.tsx";
import { getViewer } from "#app/server/get-viewer.server.ts";
import { readToasts } from "#app/lib/toast.server.ts";
import { showActionToast } from "#app/components/forms/use-action-toast.ts";
import { isDatabaseUnavailable } from "#app/lib/db-errors.ts";
import { useNonce } from "#app/lib/nonce-provider.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { countUnread } from "#app/domain/notification/find-notifications.server.ts";
import { DeferredNotificationBell } from "#app/components/notifications/deferred-notification-bell.tsx";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/logo.svg", type: "image/svg+xml" },
  // With a precedence React puts the one stylesheet ahead of the script preloads in <head>,
  // so the first paint does not wait behind them (Lighthouse).
  { rel: "stylesheet", href: appStylesHref, precedence: "default" },
];

export async function loader({ request }: Route.LoaderArgs) {
  // Public root: no guard; the viewer decides the header's menu.
  const viewer = await getViewer(request);
  const { toasts, headers } = await readToasts(request);
  const unread = viewer ? await countUnread({ db: (await getRuntime()).db, userId: viewer.userId }) : 0;
  return data({ viewer, toasts, unread }, { headers });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  return (
    <html lang="en-ZA">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen flex flex-col">
        <Header
          viewer={rootData?.viewer ?? null}
          notificationSlot={rootData?.viewer ? <DeferredNotificationBell unread={rootData.unread} /> : null}
        />
        <main className="flex-1 pb-8">{children}</main>
        <GoHomeButton />
        <Footer />
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { toasts } = loaderData;
  useEffect(() => {
    // Marks the page interactive (used by the browser tests to avoid typing before hydration).
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useEffect(() => {
    // A redirect's toasts (one outcome, sometimes in two parts) replace the last outcome shown.
    toasts.forEach((toast, i) => showActionToast(toast, i === 0 ? "action-outcome" : `action-outcome-${i}`));
  }, [toasts]);
  return (
    <>
      <NoScriptNotices notices={toasts} className="mx-auto mt-3 max-w-3xl px-4" />
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
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
