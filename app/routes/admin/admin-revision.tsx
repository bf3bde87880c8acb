import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin-revision";
import { useActionToast } from "#app/components/forms/use-action-toast.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { decideListingRevision, getRevisionForReview } from "#app/domain/listing/decide-listing-revision.server.ts";
import { REJECTION_REASON_MAX } from "#app/domain/listing/listing-state.ts";
import { revisionRows } from "#app/domain/listing/revision-rows.ts";
import { AppError } from "#app/lib/app-error.ts";
import { pageTitle } from "#app/lib/brand.ts";
import { formatAdminDate } from "#app/lib/format.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { orError } from "#app/lib/respond.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { cn } from "#app/lib/utils.ts";
import { requireAdmin } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import type { Intent } from "./admin-revision.intents.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Review changes | Admin Panel") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const { db, storage } = await getRuntime();
  const revision = await getRevisionForReview({ db, storage, admin, revisionId: params.id });
  if (!revision) throw new Response("Not Found", { status: 404 });
  return { revision, rows: revisionRows(revision.before, revision.after) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const runtime = await getRuntime();
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "") as Intent;
  return orError(async () => {
    if (intent !== "approve-revision" && intent !== "reject-revision") {
      throw new AppError("BAD_REQUEST", "Error", "Unknown action.");
    }
    const decision = intent === "approve-revision" ? "approve" : "reject";
    const { title } = await decideListingRevision({
      runtime,
      admin,
      revisionId: params.id,
      decision,
      reason: String(form.get("reason") ?? ""),
    });
    return redirectWithToast("/admin", {
      type: "success",
      title: decision === "approve" ? "Changes approved" : "Changes rejected",
      description: title,
    });
  });
}

export default function AdminRevision({ loaderData, actionData }: Route.ComponentProps) {
  const { revision, rows } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  useActionToast(actionData?.toast);
  const photosChanged = revision.photosBefore.join() !== revision.photosAfter.join();
  return (
    <section className="mt-6 space-y-6" aria-labelledby="revision-title">
      <Link to="/admin" className="text-sm text-brand-700 hover:underline">
        ← Back to listings
      </Link>
      <div className="space-y-1">
        <h2 id="revision-title" className="text-2xl font-semibold wrap-anywhere">
          Changes to “{revision.before.title}”
        </h2>
        <p className="text-sm text-gray-600">
          {revision.sellerName ?? "Seller"} · sent {formatAdminDate(revision.submittedAt)} ·{" "}
          <Link to={`/listing/${revision.listingId}`} className="text-brand-700 underline">
            the approved listing
          </Link>
        </p>
        {revision.status !== "pending" ? <Badge variant="secondary">Already {revision.status}</Badge> : null}
      </div>
      {actionData?.toast?.type === "error" ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {actionData.toast.description}
        </div>
      ) : null}
      <p className="text-sm text-gray-700">
        Buyers see the approved version until you approve. Price, listing type and location changes are already live.
      </p>

      <div>
        <h3 className="text-lg font-semibold">Details</h3>
        {/* A card per field on a phone, a table from the sm width. */}
        <ul className="mt-2 space-y-2 sm:hidden">
          {rows.map((r) => (
            <li
              key={r.label}
              className={cn("rounded-md border p-3 text-sm", r.changed && "border-amber-300 bg-amber-50")}
            >
              <p className="font-medium">
                {r.label} {r.changed ? <Badge variant="outline">Changed</Badge> : null}
              </p>
              <p className="mt-1 text-gray-600 wrap-anywhere">Now: {r.before}</p>
              {r.changed ? <p className="mt-1 wrap-anywhere">Proposed: {r.after}</p> : null}
            </li>
          ))}
        </ul>
        <table className="mt-2 hidden w-full table-fixed border-collapse text-sm sm:table">
          <thead>
            <tr className="border-b text-left">
              <th scope="col" className="w-40 py-2 pr-3">
                Field
              </th>
              <th scope="col" className="py-2 pr-3">
                Approved (public now)
              </th>
              <th scope="col" className="py-2">
                Proposed
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label} className={cn("border-b align-top", r.changed && "bg-amber-50")}>
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  {r.label}
                  {r.changed ? <span className="block text-xs font-normal text-amber-900">Changed</span> : null}
                </th>
                <td className="whitespace-pre-line py-2 pr-3 text-gray-600 wrap-anywhere">{r.before}</td>
                <td className="whitespace-pre-line py-2 wrap-anywhere">{r.changed ? r.after : "Same"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="grid gap-6 sm:grid-cols-2">
        <PhotoList label="Photos now" urls={revision.photosBefore} />
        <PhotoList label={photosChanged ? "Proposed photos" : "Proposed photos (same)"} urls={revision.photosAfter} />
      </div>

      {revision.status === "pending" && !revision.own ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Form method="post">
            <input type="hidden" name="intent" value="approve-revision" />
            <Button type="submit" disabled={busy} className="w-full sm:w-auto">
              Approve changes
            </Button>
          </Form>
          <details className="group w-full sm:w-96">
            <summary
              className={cn(
                buttonVariants({ variant: "outline" }),
                "w-full cursor-pointer list-none group-open:bg-gray-100 [&::-webkit-details-marker]:hidden",
              )}
            >
              Reject changes
            </summary>
            <Form method="post" className="mt-2 space-y-2">
              <input type="hidden" name="intent" value="reject-revision" />
              <Label htmlFor="revision-reason">Reason for the seller (optional)</Label>
              <Textarea id="revision-reason" name="reason" maxLength={REJECTION_REASON_MAX} rows={3} />
              <Button type="submit" variant="destructive" disabled={busy} className="w-full">
                Reject changes
              </Button>
            </Form>
          </details>
        </div>
      ) : revision.own ? (
        <p className="text-sm text-gray-700">Another admin reviews changes to your own listing.</p>
      ) : null}
    </section>
  );
}

function PhotoList({ label, urls }: { label: string; urls: string[] }) {
  return (
    <div>
      <h3 className="text-lg font-semibold">{label}</h3>
      <ol className="mt-2 grid grid-cols-3 gap-2" aria-label={label}>
        {urls.map((url, i) => (
          <li key={url} className="relative">
            <img
              src={url}
              alt={i === 0 ? "Cover photo" : `Photo ${i + 1}`}
              className="aspect-[4/3] w-full rounded object-cover"
            />
            {i === 0 ? (
              <span className="absolute left-1 top-1 rounded bg-black/60 px-1.5 text-xs text-white">Cover</span>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
