/**
 * The seller's views per day and requests per week as bar charts drawn on the server (SVG, no chart
 * library), with the same numbers in tables for screen readers; and the requests this week against
 * last week. For all the seller's listings (the dashboard) or one (its own page).
 */
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import type { SellerAnalytics } from "#app/domain/listing/find-seller-analytics.server.ts";
import { formatWhole } from "#app/lib/format.ts";

const SHOWN_DAYS = 30;

export function ViewsChart({ analytics, title = "Views, last 30 days" }: { analytics: SellerAnalytics; title?: string }) {
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
        <CardTitle className="text-base! leading-6!">{title}</CardTitle>
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
        <RequestsByWeek weeks={analytics.requestsByWeek} />
      </CardContent>
    </Card>
  );
}

/** Requests per week for the last 13 weeks: small bars, and the numbers in a table for screen readers. */
function RequestsByWeek({ weeks }: { weeks: SellerAnalytics["requestsByWeek"] }) {
  const highest = Math.max(1, ...weeks.map((w) => w.requests));
  const width = 130 / weeks.length;
  if (weeks.every((w) => w.requests === 0)) {
    return <p className="mt-2 text-xs text-gray-600">No requests in the last {weeks.length} weeks.</p>;
  }
  return (
    <div className="mt-2">
      <p className="text-xs text-gray-600" aria-hidden="true">
        Requests per week, last {weeks.length} weeks
      </p>
      <svg viewBox="0 0 130 24" className="mt-1 h-8 w-full max-w-xs" preserveAspectRatio="none" aria-hidden="true">
        <line x1="0" y1="23.5" x2="130" y2="23.5" stroke="#e5e7eb" />
        {weeks.map((w, i) => {
          const h = w.requests ? Math.max(2, (w.requests / highest) * 22) : 0;
          return <rect key={w.weekEnds} x={i * width + 1} y={23 - h} width={width - 2} height={h} rx="1" fill="#0f766e" />;
        })}
      </svg>
      <table className="sr-only">
        <caption>Requests per week, last {weeks.length} weeks</caption>
        <thead>
          <tr>
            <th scope="col">Week ending</th>
            <th scope="col">Requests</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((w) => (
            <tr key={w.weekEnds}>
              <td>{w.weekEnds}</td>
              <td>{w.requests}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
