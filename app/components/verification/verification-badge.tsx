import { BadgeCheck } from "lucide-react";
import { Badge } from "#app/components/ui/badge.tsx";
import { VERIFICATION_STATUS_LABELS, type VerificationStatus } from "#db/vocabulary.ts";

const VARIANT = {
  unverified: "secondary",
  pending: "warning",
  verified: "success",
  rejected: "destructive",
} as const satisfies Record<VerificationStatus, "secondary" | "warning" | "success" | "destructive">;

/** A seller's verification status as a badge, with its label. */
export function VerificationStatusBadge({ status }: { status: VerificationStatus }) {
  return (
    <Badge variant={VARIANT[status]}>
      {status === "verified" ? <BadgeCheck aria-hidden /> : null}
      {VERIFICATION_STATUS_LABELS[status]}
    </Badge>
  );
}
