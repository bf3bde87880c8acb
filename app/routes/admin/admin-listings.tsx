import { BadgeCheck, TriangleAlert } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin-listings";
import { useActionToast, type ActionToast } from "#app/components/forms/use-action-toast.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { findPendingRevisions } from "#app/domain/listing/decide-listing-revision.server.ts";
import { ADMIN_FILTERS, findAdminListings, type AdminFilter } from "#app/domain/listing/find-admin-listings.server.ts";
import { REJECTION_REASON_MAX, type ModerationAction } from "#app/domain/listing/listing-state.ts";
import { deleteListingAsAdmin, moderateListing } from "#app/domain/listing/moderate-listing.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import { ADMIN_STATUS_LABELS, ADMIN_STATUSES } from "#db/vocabulary.ts";
import { categoryLabel, formatAdminDate, formatPrice } from "#app/lib/format.ts";
import { requireAdmin } from "#app/server/guards.server.ts";
import { orError } from "#app/lib/respond.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { shortened } from "#app/lib/text-limits.ts";
import { cn } from "#app/lib/utils.ts";
import { pageTitle } from "#app/lib/brand.ts";
import type { Intent } from "./admin-listings.intents.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Listings | Admin Panel") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const { db, storage } = await getRuntime();
  const url = new URL(request.url);
  const status = (ADMIN_FILTERS as readonly string[]).includes(url.searchParams.get("status") ?? "")
    ? (url.searchParams.get("status") as AdminFilter)
    : "pending";
  const cursor = url.searchParams.get("cursor") ?? undefined;
  const page = await findAdminListings({ db, storage, filter: status, cursor });
  const revisions = await findPendingRevisions({ db, admin });
  return { status, listings: page.listings, nextCursor: page.nextCursor, paged: Boolean(cursor), revisions };
}

const SUCCESS: Record<ModerationAction, (title: string) => ActionToast> = {
  approve: () => ({ type: "success", title: "Listing approved successfully." }),
  reject: () => ({ type: "success", title: "Listing rejected successfully." }),
  "mark-sold": () => ({ type: "success", title: "Marked as Sold" }),
};

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const runtime = await getRuntime();
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "") as Intent;
  const listingId = String(form.get("listingId") ?? "");
  return orError(async () => {
    if (intent === "delete") {
      const { title } = await deleteListingAsAdmin({ runtime, admin, listingId });
      return {
        toast: { type: "success", title: "Item Deleted", description: `"${title}" was deleted.` } as ActionToast,
      };
    }
    if (intent === "approve" || intent === "reject" || intent === "mark-sold") {
      const reason = intent === "reject" ? String(form.get("reason") ?? "") : undefined;
      const { title } = await moderateListing({ runtime, admin, listingId, action: intent, reason });
      return { toast: { ...SUCCESS[intent](title), description: title } as ActionToast };
    }
    throw new AppError("BAD_REQUEST", "Error", "Unknown action.");
  });
}

export default function AdminListings({ loaderData, actionData }: Route.ComponentProps) {
  const { status, listings, nextCursor, paged, revisions } = loaderData;
  const navigation = useNavigation();
  useActionToast(actionData?.toast);
  return (
    <>
      {actionData?.toast?.type === "error" ? (
        <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {actionData.toast.description}
        </div>
      ) : null}
      {revisions.length ? (
        <section
          className="mt-6 rounded-lg border border-amber-300 bg-amber-50 p-4"
          aria-labelledby="revisions-heading"
        >
          <h2 id="revisions-heading" className="font-semibold">
            Changes to review ({revisions.length})
          </h2>
          <p className="text-sm text-gray-700">
            Sellers edited these live listings; buyers see the approved version until you decide.
          </p>
          <ul className="mt-2 divide-y divide-amber-200">
            {revisions.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="min-w-0 text-sm wrap-anywhere">
                  <strong>{r.title}</strong> · {r.sellerName ?? "Seller"} · {formatAdminDate(r.submittedAt)}
                </span>
                <Button asChild size="sm" variant="outline">
                  <Link to={`/admin/revisions/${r.id}`} aria-label={`Review changes to ${r.title}`}>
                    Review changes
                  </Link>
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="mt-6" aria-label="Listings">
        <div className="flex flex-wrap gap-2" role="group" aria-label="Filter by status">
          {ADMIN_FILTER_LABELS.map(([id, label]) => (
            <Button key={id} asChild size="sm" variant={status === id ? "default" : "outline"}>
              <Link to={`/admin?status=${id}`}>{label}</Link>
            </Button>
          ))}
        </div>
        {listings.length === 0 ? (
          <p className="mt-10 text-center text-gray-500">No listings here.</p>
        ) : (
          <ul className="mt-6 space-y-4">
            {listings.map((l) => (
              <li
                key={l.id}
                className="flex flex-col gap-4 rounded-lg border bg-white p-4 sm:flex-row"
                aria-label={l.title}
              >
                <img
                  src={l.imageUrl ?? "/placeholder.svg"}
                  alt=""
                  className="aspect-[4/3] w-full shrink-0 self-start rounded object-cover sm:w-48"
                  loading="lazy"
                />
                <div className="min-w-0 flex-1 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h2 className="text-lg font-semibold">{l.title}</h2>
                    {l.isUrgent ? <Badge variant="urgent">Urgent</Badge> : null}
                    {l.isBargain ? <Badge variant="bargain">Bargain</Badge> : null}
                    <Badge variant="secondary">{ADMIN_STATUS_LABELS[l.adminStatus]}</Badge>
                    {l.status === "sold" ? <Badge variant="outline">Sold</Badge> : null}
                    {l.mandateSigned ? (
                      <Badge variant="outline">Mandate signed</Badge>
                    ) : (
                      <Badge variant="outline" className="border-amber-300! bg-amber-50 text-amber-900!">
                        Mandate not signed
                      </Badge>
                    )}
                  </div>
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-600">
                    <span className="min-w-0 wrap-anywhere">
                      {l.sellerName ?? "Seller"} · {l.sellerEmail}
                    </span>
                    {l.sellerVerified ? (
                      <Badge variant="success">
                        <BadgeCheck aria-hidden /> Verified seller
                      </Badge>
                    ) : (
                      <Badge variant="outline" className="border-amber-300! bg-amber-50 text-amber-900!">
                        <TriangleAlert aria-hidden /> Seller not verified
                      </Badge>
                    )}
                  </p>
                  <p className="text-sm text-gray-700">{shortened(l.description, 150)}</p>
                  <p className="font-bold text-brand-700">
                    {formatPrice(l.price)}{" "}
                    <span className="text-sm font-normal text-gray-500">· {categoryLabel(l.category)}</span>
                  </p>
                  <p className="text-xs text-gray-500">Created {formatAdminDate(l.createdOn)}</p>
                </div>
                <div className="flex flex-row flex-wrap gap-2 sm:w-40 sm:flex-col">
                  {l.actions.includes("approve") ? (
                    <ActionButton id={l.id} intent="approve" label="Approve" busy={navigation.state !== "idle"} />
                  ) : null}
                  {l.adminStatus === "pending" && !l.mandateSigned ? (
                    <p className="text-xs text-amber-900">Approval waits for the seller to sign the mandate.</p>
                  ) : null}
                  {l.actions.includes("reject") ? (
                    <RejectControl id={l.id} title={l.title} busy={navigation.state !== "idle"} />
                  ) : null}
                  {l.actions.includes("mark-sold") ? (
                    <ActionButton
                      id={l.id}
                      intent="mark-sold"
                      label="Mark as Sold"
                      variant="secondary"
                      busy={navigation.state !== "idle"}
                    />
                  ) : null}
                  <Button asChild size="sm" variant="outline">
                    <Link to={`/admin/listings/${l.id}/edit`}>Edit</Link>
                  </Button>
                  <ActionButton
                    id={l.id}
                    intent="delete"
                    label="Delete"
                    variant="destructive"
                    busy={navigation.state !== "idle"}
                    confirm={`Delete "${l.title}" permanently? This cannot be undone.`}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
        {nextCursor || paged ? (
          <nav aria-label="Pages" className="mt-6 flex flex-wrap justify-center gap-2">
            {paged ? (
              <Button asChild size="sm" variant="outline">
                <Link to={`/admin?status=${status}`}>Newest listings</Link>
              </Button>
            ) : null}
            {nextCursor ? (
              <Button asChild size="sm" variant="outline">
                <Link to={`/admin?status=${status}&cursor=${nextCursor}`}>Older listings</Link>
              </Button>
            ) : null}
          </nav>
        ) : null}
      </section>
    </>
  );
}

const ADMIN_FILTER_LABELS: [string, string][] = [
  ...ADMIN_STATUSES.map((status): [string, string] => [status, ADMIN_STATUS_LABELS[status]]),
  ["sold", "Sold"],
  ["all", "All"],
];

/**
 * Reject in two steps, so a slip of the mouse does not reject: "Reject" opens a short form (it works
 * without JavaScript, as a disclosure) with an optional reason for the seller, then "Reject Listing".
 */
function RejectControl({ id, title, busy }: { id: string; title: string; busy: boolean }) {
  const reasonId = `reject-reason-${id}`;
  return (
    <details className="group w-full">
      <summary
        className={cn(
          buttonVariants({ variant: "outline", size: "sm" }),
          "w-full cursor-pointer list-none group-open:bg-gray-100 [&::-webkit-details-marker]:hidden",
        )}
      >
        Reject
      </summary>
      <Form method="post" className="mt-2 space-y-2 rounded-md border bg-gray-50 p-2" aria-label={`Reject ${title}`}>
        <input type="hidden" name="listingId" value={id} />
        <input type="hidden" name="intent" value="reject" />
        <Label htmlFor={reasonId} className="text-xs leading-4!">
          Reason for the seller (optional)
        </Label>
        <Textarea id={reasonId} name="reason" rows={3} maxLength={REJECTION_REASON_MAX} className="text-sm" />
        <Button type="submit" size="sm" variant="destructive" disabled={busy} className="w-full">
          Reject Listing
        </Button>
      </Form>
    </details>
  );
}

function ActionButton(props: {
  id: string;
  intent: string;
  label: string;
  variant?: "default" | "outline" | "secondary" | "destructive";
  busy: boolean;
  confirm?: string;
}) {
  return (
    <Form
      method="post"
      onSubmit={(e) => {
        if (props.confirm && !window.confirm(props.confirm)) e.preventDefault();
      }}
    >
      <input type="hidden" name="listingId" value={props.id} />
      <input type="hidden" name="intent" value={props.intent} />
      <Button type="submit" size="sm" variant={props.variant ?? "default"} disabled={props.busy} className="w-full">
        {props.label}
      </Button>
    </Form>
  );
}
