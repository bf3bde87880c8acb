import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import type { Route } from "./+types/compare";
import { clearCompared, setCompared, useComparedIds } from "#app/components/compare/compare-store.ts";
import { CompareTable } from "#app/components/compare/compare-table.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { compareHref, MAX_COMPARED } from "#app/domain/listing/compare-selection.ts";
import { findComparedListings } from "#app/domain/listing/find-compared-listings.server.ts";
import { getViewer } from "#app/server/get-viewer.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { pageTitle } from "#app/lib/brand.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Compare Machines") },
  // A comparison is a pick of listings, not a page of its own for search engines.
  { name: "robots", content: "noindex, follow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  // Public page: anyone may compare public listings; only public ones are shown, as on a public card.
  const viewer = await getViewer(request);
  const { db, storage } = await getRuntime();
  const params = new URL(request.url).searchParams;
  const machines = await findComparedListings({ db, storage, ids: params.getAll("ids") });
  return {
    machines,
    /** False for a bare /compare: the page then opens this browser's pick. */
    named: params.has("ids"),
    signedIn: Boolean(viewer),
  };
}

export default function Compare({ loaderData }: Route.ComponentProps) {
  const { machines, named, signedIn } = loaderData;
  const picked = useComparedIds();
  const navigate = useNavigate();
  const shown = machines.map((m) => m.id).join(",");

  // The address is the comparison: this browser's pick follows it (a shared link included). A bare
  // /compare opens the pick instead.
  useEffect(() => {
    if (named) setCompared(shown ? shown.split(",") : []);
  }, [named, shown]);
  useEffect(() => {
    if (!named && picked.length) void navigate(compareHref(picked), { replace: true });
  }, [named, picked, navigate]);

  // As on the catalog: a visitor's way to a listing goes through signing in.
  const detailsHref = (id: string) =>
    signedIn ? `/listing/${id}` : `/signin?redirectTo=${encodeURIComponent(`/listing/${id}`)}`;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Compare Machines</h1>
      <p className="mt-1 text-sm text-gray-600 sm:text-base">
        Up to {MAX_COMPARED} machines side by side. This page's address holds the comparison: share it to share these
        machines.
      </p>
      {machines.length ? (
        <>
          <div className="mt-4 flex flex-wrap items-center gap-2 print:hidden">
            {machines.length < MAX_COMPARED ? (
              <Button asChild variant="outline" size="sm">
                <Link to="/equipment">Add a machine</Link>
              </Button>
            ) : null}
            <Button asChild variant="ghost" size="sm">
              <Link to="/compare?ids=" onClick={clearCompared}>
                Clear comparison
              </Link>
            </Button>
          </div>
          {machines.length > 1 ? (
            <p className="mt-3 text-xs text-gray-600 sm:hidden print:hidden">
              Swipe the table sideways to see every machine; the row names stay on the left.
            </p>
          ) : null}
          <div className="mt-2 sm:mt-4">
            <CompareTable machines={machines} detailsHref={detailsHref} />
          </div>
        </>
      ) : (
        <div className="mt-8 rounded-lg border border-dashed border-gray-300 bg-white p-6 text-center">
          <h2 className="font-semibold">No machines to compare yet</h2>
          <p className="mt-1 text-sm text-gray-600">
            Tick “Compare” on up to {MAX_COMPARED} machines in the catalog, then open the comparison.
          </p>
          <Button asChild className="mt-4">
            <Link to="/equipment">Browse the catalog</Link>
          </Button>
        </div>
      )}
    </div>
  );
}
