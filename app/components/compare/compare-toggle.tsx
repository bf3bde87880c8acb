import { Check, Columns3 } from "lucide-react";
import { toast } from "#app/components/ui/toast.ts";
import { useHydrated } from "#app/components/forms/use-hydrated.ts";
import { Button } from "#app/components/ui/button.tsx";
import { COMPARE_LIMIT_MESSAGE } from "#app/domain/listing/compare-selection.ts";
import { cn } from "#app/lib/utils.ts";
import { toggleCompared, useComparedIds } from "./compare-store.ts";

/**
 * "Compare" on a catalog card and on the listing page: picks the machine for
 * /compare, or takes it out again. A fourth is refused with a message. It
 * needs JavaScript (the pick lives in this browser), so it stays disabled
 * until the page is running.
 */
export function CompareToggle({
  listingId,
  title,
  className,
}: {
  listingId: string;
  title: string;
  className?: string;
}) {
  const ids = useComparedIds();
  const hydrated = useHydrated();
  const on = ids.includes(listingId);
  return (
    <Button
      type="button"
      variant="outline"
      className={cn(
        className,
        on && "border-brand-600! bg-brand-50! text-brand-900! hover:bg-brand-100!",
        "print:hidden",
      )}
      aria-pressed={on}
      aria-label={`Compare ${title}`}
      disabled={!hydrated}
      onClick={() => {
        if (toggleCompared(listingId) === "full") {
          toast.error(COMPARE_LIMIT_MESSAGE, {
            id: "compare-limit",
            description: "Take one out of the comparison first.",
          });
        }
      }}
    >
      {on ? <Check aria-hidden /> : <Columns3 aria-hidden />}
      Compare
    </Button>
  );
}
