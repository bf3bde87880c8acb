/** A request's status as a badge, in the request's own words ("Confirmed" for a viewing). */
import { Badge } from "#app/components/ui/badge.tsx";
import { requestStatusLabel, type BuyerRequestKind, type RequestStatus } from "#app/domain/request/request-state.ts";

const STATUS_VARIANT: Record<RequestStatus, "default" | "warning" | "secondary" | "success" | "outline"> = {
  new: "default",
  contacted: "warning",
  countered: "warning",
  reoffered: "default",
  accepted: "success",
  declined: "secondary",
  withdrawn: "secondary",
  sold: "outline",
  closed: "secondary",
};

export function RequestStatusBadge({
  kind,
  status,
  ...props
}: { kind: BuyerRequestKind; status: RequestStatus } & React.ComponentProps<"span">) {
  return (
    <Badge variant={STATUS_VARIANT[status]} {...props}>
      {requestStatusLabel(kind, status)}
    </Badge>
  );
}
