import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";

/** Total views (with the change from last week), active listings and listings pending review. */
export function SellerStats({
  stats,
}: {
  stats: { totalViews: number; viewsChangePercent: number | null; active: number; pending: number };
}) {
  return (
    <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-3">
      <StatCard
        label="Total Views"
        value={stats.totalViews}
        hint={
          stats.viewsChangePercent === null
            ? undefined
            : `${stats.viewsChangePercent >= 0 ? "+" : ""}${stats.viewsChangePercent}% from last week`
        }
      />
      <StatCard label="Active Listings" value={stats.active} />
      <StatCard label="Pending Review" value={stats.pending} />
    </div>
  );
}

function StatCard({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-sm leading-5! font-medium! text-gray-600">{label}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-bold">{value}</p>
        {hint ? <p className="mt-1 text-xs text-gray-500">{hint}</p> : null}
      </CardContent>
    </Card>
  );
}
