import type { Route } from "./+types/seller-dashboard";
import { Badge } from "#app/components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { findSellerListings } from "#app/domain/listing/find-seller-listings.server.ts";
import { formatPrice, formatShortDate } from "#app/lib/format.ts";
import { requireRole } from "#app/lib/guards.server.ts";
import { getRuntime } from "#app/lib/runtime.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Seller Dashboard | Machinery Marketplace" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireRole(request, "seller");
  const { db } = await getRuntime();
  const listings = await findSellerListings({ db, userId: viewer.userId });
  return { fullName: viewer.fullName ?? viewer.name, listings };
}

export default function SellerDashboard({ loaderData }: Route.ComponentProps) {
  const { fullName, listings } = loaderData;
  const active = listings.filter((l) => l.badge === "Active").length;
  const pending = listings.filter((l) => l.badge === "Pending").length;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">Welcome, {fullName}</h1>
      <p className="mt-1 text-gray-600">Manage your machinery listings.</p>
      <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="text-sm text-gray-600">Active Listings</CardTitle>
          </CardHeader>
          <CardContent className="text-3xl font-bold">{active}</CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-sm text-gray-600">Pending Review</CardTitle>
          </CardHeader>
          <CardContent className="text-3xl font-bold">{pending}</CardContent>
        </Card>
      </div>
      <Card className="mt-8">
        <CardHeader>
          <CardTitle>Your Listings</CardTitle>
        </CardHeader>
        <CardContent>
          {listings.length === 0 ? (
            <p className="py-6 text-center text-gray-500">You have no listings yet.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead>
                  <tr className="border-b text-gray-600">
                    <th className="py-2 pr-4">Title</th>
                    <th className="py-2 pr-4">Price</th>
                    <th className="py-2 pr-4">Status</th>
                    <th className="py-2 pr-4">Created</th>
                  </tr>
                </thead>
                <tbody>
                  {listings.map((l) => (
                    <tr key={l.id} className="border-b last:border-0">
                      <td className="py-2 pr-4 font-medium">{l.title}</td>
                      <td className="py-2 pr-4">{formatPrice(l.price)}</td>
                      <td className="py-2 pr-4">
                        <Badge variant={l.badge === "Active" ? "bargain" : l.badge === "Rejected" ? "urgent" : "secondary"}>
                          {l.badge}
                        </Badge>
                      </td>
                      <td className="py-2 pr-4">{formatShortDate(l.createdOn)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
