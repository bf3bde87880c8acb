import type { Route } from "./+types/admin-audit";
import { Pager } from "#app/components/admin/pager.tsx";
import { findAuditEvents } from "#app/domain/audit/find-audit-events.server.ts";
import { formatAdminDate } from "#app/lib/format.ts";
import { requireAdmin } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { pageTitle } from "#app/lib/brand.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Audit Log | Admin Panel") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const { db } = await getRuntime();
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1") || 1;
  return findAuditEvents({ db, admin, page });
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { events, page, hasNext } = loaderData;
  return (
    <section className="mt-6" aria-label="Audit log">
      <p className="text-sm text-gray-600">Every moderation and user-management action, newest first.</p>
      {events.length === 0 ? (
        <p className="mt-10 text-center text-gray-500">Nothing recorded yet.</p>
      ) : (
        <div className="relative mt-4 overflow-x-auto rounded-lg border bg-white">
          {/* relative: the absolutely placed sr-only " changed to " must stay inside this scrolling box, or it widens the page at 360 px */}
          <table className="w-full text-left text-sm">
            <thead className="border-b bg-gray-50 text-gray-600">
              <tr>
                <th className="p-2">When</th>
                <th className="p-2">Who</th>
                <th className="p-2">Action</th>
                <th className="p-2">What</th>
                <th className="p-2">Before / after</th>
              </tr>
            </thead>
            <tbody>
              {events.map((e) => (
                <tr key={e.id} className="border-b align-top last:border-0">
                  <td className="whitespace-nowrap p-2">{formatAdminDate(e.createdAt)}</td>
                  <td className="p-2">{e.actorName ? `${e.actorName} (${e.actorEmail})` : "Deleted user"}</td>
                  <td className="p-2 font-mono text-xs">{e.action}</td>
                  <td className="p-2 font-mono text-xs">
                    {e.entity} {e.entityId}
                  </td>
                  <td className="max-w-md p-2">
                    {e.changes.length === 0 ? (
                      <span className="text-gray-500">—</span>
                    ) : (
                      <ul className="space-y-0.5 text-xs text-gray-700">
                        {e.changes.map((c) => (
                          <li key={c.field} className="break-words [overflow-wrap:anywhere]">
                            <span className="font-medium text-gray-900">{c.field}:</span>{" "}
                            {c.kind === "changed" ? (
                              <>
                                {c.before} <span aria-hidden="true">→</span>
                                <span className="sr-only"> changed to </span> {c.after}
                              </>
                            ) : (
                              c.value
                            )}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} hasNext={hasNext} href={(p) => `/admin/audit?page=${p}`} />
    </section>
  );
}
