import { Form, Link } from "react-router";
import type { Route } from "./+types/admin-users";
import { Pager } from "#app/components/pager.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { findUsers, MAX_USER_SEARCH_LENGTH } from "#app/domain/user/find-users.server.ts";
import { formatAdminDate } from "#app/lib/format.ts";
import { requireAdmin } from "#app/server/guards.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { pageTitle } from "#app/lib/brand.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Users | Admin Panel") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const { db } = await getRuntime();
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, MAX_USER_SEARCH_LENGTH);
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1;
  try {
    const result = await findUsers({ db, admin, q, page });
    return {
      ...result,
      maxQueryLength: MAX_USER_SEARCH_LENGTH,
      error: null,
      users: result.users.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() })),
    };
  } catch (error) {
    logger.error({ err: error }, "admin user list failed");
    return {
      users: [],
      q,
      page: 1,
      hasPrevious: false,
      hasNext: false,
      maxQueryLength: MAX_USER_SEARCH_LENGTH,
      error: "Failed to fetch users.",
    };
  }
}

/** Role, admin access, e-mail verification and profiles, labelled for a card (the table has column headers instead). */
function UserBadges({
  user: u,
}: {
  user: { role: string; isAdmin: boolean; emailVerified: boolean; isSeller: boolean; isBuyer: boolean };
}) {
  return (
    <>
      <Badge variant="secondary" className="capitalize">
        {u.role}
      </Badge>
      {u.isAdmin && u.role !== "admin" ? <Badge>Admin</Badge> : null}
      {u.emailVerified ? <Badge variant="success">Verified</Badge> : <Badge variant="warning">Not verified</Badge>}
      {u.isSeller ? <Badge variant="outline">Seller profile</Badge> : null}
      {u.isBuyer ? <Badge variant="outline">Buyer profile</Badge> : null}
    </>
  );
}

function pageUrl(q: string, page: number) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return `/admin/users${search ? `?${search}` : ""}`;
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { users, q, page, hasNext, maxQueryLength, error } = loaderData;
  return (
    <section className="mt-6" aria-labelledby="users-heading">
      <h2 id="users-heading" className="sr-only">
        Users
      </h2>
      <Form key={q} autoComplete="off" method="get" role="search" className="flex max-w-xl gap-2">
        <label htmlFor="user-search" className="sr-only">
          Search users by name or e-mail
        </label>
        <Input
          id="user-search"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={maxQueryLength}
          placeholder="Search by name or e-mail"
          autoComplete="off"
        />
        <Button type="submit" variant="outline">
          Search
        </Button>
        {q ? (
          <Button asChild variant="ghost">
            <Link to="/admin/users">Clear</Link>
          </Button>
        ) : null}
      </Form>

      {error ? (
        <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {error}
        </div>
      ) : users.length === 0 ? (
        <p className="mt-10 text-center text-gray-500">{q ? `No users match "${q}".` : "No users found."}</p>
      ) : (
        <>
          <div className="mt-6 hidden overflow-x-auto rounded-lg border bg-white sm:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">All users, newest first</caption>
              <thead>
                <tr className="border-b bg-gray-50 text-gray-600">
                  <th scope="col" className="px-4 py-2">
                    Name
                  </th>
                  <th scope="col" className="px-4 py-2">
                    E-mail
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Role
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Registered
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Verified
                  </th>
                  <th scope="col" className="px-4 py-2">
                    Profiles
                  </th>
                </tr>
              </thead>
              <tbody>
                {users.map((u) => (
                  <tr key={u.id} className="border-b last:border-0 hover:bg-gray-50">
                    <td className="px-4 py-2 font-medium wrap-anywhere">
                      <Link to={`/admin/users/${encodeURIComponent(u.id)}`} className="text-brand-700 hover:underline">
                        {u.name ?? "Not provided"}
                      </Link>
                    </td>
                    <td className="px-4 py-2 break-all">{u.email}</td>
                    <td className="px-4 py-2">
                      <div className="flex flex-wrap gap-1">
                        <Badge variant="secondary" className="capitalize">
                          {u.role}
                        </Badge>
                        {u.isAdmin && u.role !== "admin" ? <Badge>Admin</Badge> : null}
                      </div>
                    </td>
                    <td className="px-4 py-2 whitespace-nowrap">{formatAdminDate(u.createdAt)}</td>
                    <td className="px-4 py-2">
                      {u.emailVerified ? <Badge variant="success">Yes</Badge> : <Badge variant="warning">No</Badge>}
                    </td>
                    <td className="px-4 py-2">
                      <div className="flex flex-wrap gap-1">
                        {u.isSeller ? <Badge variant="outline">Seller</Badge> : null}
                        {u.isBuyer ? <Badge variant="outline">Buyer</Badge> : null}
                        {!u.isSeller && !u.isBuyer ? <span className="text-gray-500">None</span> : null}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {/* A phone gets one card per user instead of the table (after it, so the table's text comes first). */}
          <ul aria-label="All users, newest first" className="mt-6 space-y-3 sm:hidden">
            {users.map((u) => (
              <li key={u.id} aria-label={u.name ?? u.email} className="rounded-lg border bg-white p-3 text-sm">
                <Link
                  to={`/admin/users/${encodeURIComponent(u.id)}`}
                  className="font-medium text-brand-700 wrap-anywhere hover:underline"
                >
                  {u.name ?? "Not provided"}
                </Link>
                <p className="mt-0.5 text-gray-700 wrap-anywhere">{u.email}</p>
                <div className="mt-2 flex flex-wrap items-center gap-1">
                  <UserBadges user={u} />
                </div>
                <p className="mt-2 text-xs text-gray-600">Registered {formatAdminDate(u.createdAt)}</p>
              </li>
            ))}
          </ul>
        </>
      )}

      <Pager page={page} hasNext={hasNext} href={(n) => pageUrl(q, n)} />
    </section>
  );
}
