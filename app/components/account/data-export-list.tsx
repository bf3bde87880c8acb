/**
 * The copies of a user's data on /account/data: being prepared, ready to download (until when),
 * failed (with "Try again"), expired. Times and sizes come formatted from the loader.
 */
import { Form } from "react-router";
import { Badge, type BadgeProps } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";

export type DataExportItem = {
  id: string;
  state: "pending" | "ready" | "failed" | "expired";
  requested: string;
  ready: string | null;
  expires: string | null;
  size: string | null;
};

const BADGES = {
  pending: { label: "Being prepared", variant: "warning" },
  ready: { label: "Ready", variant: "success" },
  failed: { label: "Failed", variant: "destructive" },
  expired: { label: "Expired", variant: "secondary" },
} as const satisfies Record<DataExportItem["state"], { label: string; variant: BadgeProps["variant"] }>;

export function DataExportList({ items, canRetry }: { items: DataExportItem[]; canRetry: boolean }) {
  if (items.length === 0) {
    return <p className="mt-3 text-sm text-gray-600">You have not asked for a copy yet.</p>;
  }
  return (
    <ul className="mt-3 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
      {items.map((item) => (
        <li key={item.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={BADGES[item.state].variant}>{BADGES[item.state].label}</Badge>
              <span className="text-sm text-gray-600">Asked for {item.requested}</span>
            </div>
            <p className="text-sm text-gray-800">
              {item.state === "pending"
                ? "We are collecting your data. This usually takes a minute or two; we will notify you and send an e-mail."
                : item.state === "ready"
                  ? `ZIP file, ${item.size}. Download it until ${item.expires}.`
                  : item.state === "failed"
                    ? "Something went wrong while we prepared this copy."
                    : "This copy has been deleted: copies are kept for 24 hours."}
            </p>
          </div>
          {item.state === "ready" ? (
            <Button asChild className="w-full sm:w-auto">
              <a href={`/account/data/${item.id}/download`} download>
                Download ZIP
              </a>
            </Button>
          ) : item.state === "failed" && canRetry ? (
            <Form method="post" className="w-full sm:w-auto">
              <input type="hidden" name="intent" value="prepare" />
              <Button type="submit" variant="outline" className="w-full sm:w-auto">
                Try again
              </Button>
            </Form>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
