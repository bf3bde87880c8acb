import { Link, NavLink, Outlet } from "react-router";
import type { Route } from "./+types/admin-layout";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { countPendingVerifications } from "#app/domain/verification/find-verifications.server.ts";
import { requireAdmin } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { cn } from "#app/lib/utils.ts";
import { pageTitle } from "#app/lib/brand.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Admin Panel") },
  { name: "robots", content: "noindex" },
];

const TABS = [
  { to: "/admin", label: "Listings", end: true },
  { to: "/admin/users", label: "Users", end: false },
  { to: "/admin/messages", label: "Contact Messages", end: false },
  { to: "/admin/requests", label: "Buyer Requests", end: false },
  { to: "/admin/invitations", label: "Invitations", end: false },
  { to: "/admin/verifications", label: "Verification", end: false },
  { to: "/admin/audit", label: "Audit Log", end: false },
];

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request);
  const { db, env } = await getRuntime();
  // Sellers waiting for verification: the tab says how many.
  const waiting = { "/admin/verifications": await countPendingVerifications({ db }) } as Record<string, number>;
  return { name: viewer.fullName ?? viewer.name, smtp: Boolean(env.SMTP_URL), waiting };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold">Admin Panel</h1>
      <Alert className="mt-4">
        <AlertTitle>Notifications</AlertTitle>
        <AlertDescription>
          SMS notifications are disabled. Sellers get in-app notifications when a listing is approved or rejected.
          E-mail notifications are active
          {loaderData.smtp ? (
            "."
          ) : (
            <>
              {" "}
              (no SMTP server is configured: they land in the{" "}
              <Link to="/admin/mailbox" className="font-semibold text-current underline">
                dev mailbox
              </Link>
              ).
            </>
          )}
        </AlertDescription>
      </Alert>
      <nav aria-label="Admin sections" className="mt-6 flex flex-wrap gap-2 border-b">
        {TABS.map((t) => (
          <NavLink
            key={t.to}
            to={t.to}
            end={t.end}
            className={({ isActive }) =>
              cn(
                "-mb-px border-b-2 px-4 py-2 text-sm font-medium",
                isActive ? "border-brand-600 text-brand-700" : "border-transparent text-gray-600 hover:text-gray-900",
              )
            }
          >
            {t.label}
            {loaderData.waiting[t.to] ? (
              <span className="ml-1.5 rounded-full bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                {loaderData.waiting[t.to]}
                <span className="sr-only"> waiting</span>
              </span>
            ) : null}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
