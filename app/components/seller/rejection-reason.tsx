/**
 * Why the admin rejected a listing, as its seller sees it on the dashboard and in the listing's preview.
 * Phrasing content only (spans), so it may sit inside a paragraph.
 */
import { CircleAlert } from "lucide-react";
import { cn } from "#app/lib/utils.ts";

export const NO_REJECTION_REASON = "Our team gave no reason. Use Contact Admin on your dashboard to ask.";

export function RejectionReason({ reason, className }: { reason: string | null; className?: string }) {
  return (
    <span className={cn("flex gap-1.5 text-sm wrap-anywhere text-red-800", className)}>
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span className="min-w-0">
        <strong className="font-semibold">Reason for rejection:</strong> {reason ?? NO_REJECTION_REASON}
      </span>
    </span>
  );
}
