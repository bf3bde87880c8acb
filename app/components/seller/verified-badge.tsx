import { BadgeCheck } from "lucide-react";
import { cn } from "#app/lib/utils.ts";
import { VERIFICATION_STATUS_LABELS } from "#db/vocabulary.ts";

/**
 * "Verified seller": our team has checked the seller's documents (`sellers.is_verified`). On catalogue cards,
 * the listing page and the seller's page, for verified sellers only (callers decide). The words are the
 * badge: the icon is decoration, so a screen reader reads "Verified seller" once.
 */
export function VerifiedBadge({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-full bg-blue-50 px-2 py-0.5 text-xs font-semibold text-blue-800 ring-1 ring-inset ring-blue-200",
        className,
      )}
      data-verified-seller
    >
      <BadgeCheck className="size-3.5" aria-hidden />
      {VERIFICATION_STATUS_LABELS.verified}
    </span>
  );
}
