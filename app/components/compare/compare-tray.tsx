import { toast } from "#app/components/ui/toast.ts";
import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { compareHref, MAX_COMPARED } from "#app/domain/listing/compare-selection.ts";
import { clearCompared, useComparedIds } from "./compare-store.ts";

/**
 * The bar at the foot of the catalog and the listing page while machines are
 * picked: how many, "Compare (n)" and "Clear". It sticks to the bottom of the
 * screen while the page scrolls and rests after the page's content at its end,
 * so it never covers the last controls.
 */
export function CompareTray() {
  const ids = useComparedIds();
  if (!ids.length) return null;
  return (
    <section
      aria-label="Machines to compare"
      className="sticky bottom-0 z-30 -mx-4 mt-6 border-t border-gray-200 bg-white/95 px-4 py-3 shadow-[0_-2px_8px_rgba(0,0,0,0.06)] backdrop-blur print:hidden"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p className="text-sm text-gray-700" aria-live="polite">
          <strong>{ids.length}</strong> of {MAX_COMPARED} machines picked to compare
        </p>
        <div className="flex items-center gap-2">
          <Button type="button" variant="ghost" size="sm" onClick={clearCompared}>
            Clear
          </Button>
          <Button asChild size="sm">
            {/* The "up to three" warning is about this page's ticks: it does not follow to the comparison. */}
            <Link to={compareHref(ids)} onClick={() => toast.dismiss("compare-limit")}>
              Compare ({ids.length})
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
