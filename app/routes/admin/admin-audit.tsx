import type { Route } from "./+types/admin-audit";
import { Pager } from "#app/components/pager.tsx";
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
        <>
          {/* A phone gets one card per event (docs/product.md#browsing: lists on a phone); a table from sm up. */}
          <ul aria-label="Audit events" className="mt-4 space-y-3 sm:hidden">
            {events.map((e) => (
              <li key={e.id} className="rounded-lg border bg-white p-3 text-sm">
                <p className="font-mono text-xs font-semibold">{e.action}</p>
                <p className="mt-1 text-xs text-gray-600">
                  {formatAdminDate(e.createdAt)} · {actorOf(e)}
                </p>
                <p className="mt-1 font-mono text-xs break-all text-gray-600">
                  {e.entity} {e.entityId}
                </p>
                <div className="mt-2">
                  <AuditChanges changes={e.changes} />
                </div>
              </li>
            ))}
          </ul>
          <div className="relative mt-4 hidden overflow-x-auto rounded-lg border bg-white sm:block">
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
                    <td className="p-2">{actorOf(e)}</td>
                    <td className="p-2 font-mono text-xs">{e.action}</td>
                    <td className="p-2 font-mono text-xs">
                      {e.entity} {e.entityId}
                    </td>
                    <td className="max-w-md p-2">
                      <AuditChanges changes={e.changes} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Pager page={page} hasNext={hasNext} href={(p) => `/admin/audit?page=${p}`} />
    </section>
  );
}

type AuditEvent = Route.ComponentProps["loaderData"]["events"][number];

function actorOf(e: AuditEvent) {
  return e.actorName ? `${e.actorName} (${e.actorEmail})` : "Deleted user";
}

/** What changed, field by field, in words ("admin status: pending → approved"). */
function AuditChanges({ changes }: { changes: AuditEvent["changes"] }) {
  if (changes.length === 0) return <span className="text-gray-500">—</span>;
  return (
    <ul className="relative space-y-0.5 text-xs text-gray-700">
      {changes.map((c) => (
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
  );
}
