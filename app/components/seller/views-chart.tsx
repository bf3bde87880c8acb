/**
 * The seller's views per day as a bar chart drawn on the server (SVG, no chart library), with the same
 * numbers in a table for screen readers; and the requests this week against last week.
 */
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { SellerAnalytics } from "#app/domain/listing/find-seller-analytics.server.ts";
import { formatWhole } from "#app/lib/format.ts";

const SHOWN_DAYS = 30;

export function ViewsChart({ analytics }: { analytics: SellerAnalytics }) {
  const days = analytics.viewsByDay.slice(-SHOWN_DAYS);
  const last30 = days.reduce((n, d) => n + d.views, 0);
  const last90 = analytics.viewsByDay.reduce((n, d) => n + d.views, 0);
  const highest = Math.max(1, ...days.map((d) => d.views));
  const { requestsThisWeek: now, requestsLastWeek: before } = analytics;
  const change = before > 0 ? Math.round(((now - before) / before) * 100) : null;
  const barWidth = 300 / days.length;
  return (
    <Card className="mt-4">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Views, last 30 days</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-gray-700">
          {formatWhole(last30)} {last30 === 1 ? "view" : "views"} in the last 30 days; {formatWhole(last90)} in 90 days.
        </p>
        <svg viewBox="0 0 300 64" className="mt-3 h-20 w-full" preserveAspectRatio="none" aria-hidden="true">
          <line x1="0" y1="63.5" x2="300" y2="63.5" stroke="#e5e7eb" />
          {days.map((d, i) => {
            const h = d.views ? Math.max(2, (d.views / highest) * 60) : 0;
            return (
              <rect key={d.day} x={i * barWidth + 1} y={63 - h} width={barWidth - 2} height={h} rx="1" fill="#c2410c" />
            );
          })}
        </svg>
        <div className="mt-1 flex justify-between text-xs text-gray-500" aria-hidden="true">
          <span>{days[0]?.day}</span>
          <span>{days.at(-1)?.day}</span>
        </div>
        <table className="sr-only">
          <caption>Views per day, last 30 days</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Views</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td>{d.day}</td>
                <td>{d.views}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-3 text-sm text-gray-700">
          Requests this week: <strong>{now}</strong> (last week: {before}
          {change === null ? "" : `; ${change >= 0 ? "+" : ""}${change}%`}).
        </p>
      </CardContent>
    </Card>
  );
}
