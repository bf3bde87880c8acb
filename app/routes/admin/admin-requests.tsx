import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin-requests";
import { Pager, pageParam } from "#app/components/pager.tsx";
import { useActionToast, type ActionToast } from "#app/components/forms/use-action-toast.ts";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { RequestHistory } from "#app/components/requests/request-history.tsx";
import { RequestStatusBadge } from "#app/components/requests/request-status-badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { findBuyerRequests, type BuyerRequest } from "#app/domain/request/find-buyer-requests.server.ts";
import { formatOfferAmount, formatPreferredDate, QUOTE_TYPE_LABELS } from "#app/domain/request/request-schemas.ts";
import {
  BUYER_REQUEST_KIND_LABEL,
  isDeal,
  REQUEST_STATUS_ACTION,
  requestStatusLabel,
} from "#app/domain/request/request-state.ts";
import { updateRequestStatus } from "#app/domain/request/update-request-status.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import { formatAdminDate, formatPrice } from "#app/lib/format.ts";
import { requireAdmin } from "#app/server/guards.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { orError } from "#app/lib/respond.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { cn } from "#app/lib/utils.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { pageTitle } from "#app/lib/brand.ts";
import type { Intent } from "./admin-requests.intents.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Buyer Requests | Admin Panel") },
  { name: "robots", content: "noindex" },
];

const LOAD_FAILED = "Failed to load buyer requests.";

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request);
  const { db } = await getRuntime();
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  try {
    const result = await findBuyerRequests({ db, viewer, page });
    return { ...result, loadError: null };
  } catch (error) {
    // The tab still renders, with the failure said once (docs/product.md#messages).
    logger.error({ err: error }, "buyer requests could not be loaded");
    return {
      page,
      requests: [] as BuyerRequest[],
      deals: [] as BuyerRequest[],
      hasNext: false,
      loadError: LOAD_FAILED,
    };
  }
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const runtime = await getRuntime();
  const form = await readForm(request);
  const field = (name: string) => String(form.get(name) ?? "");
  return orError(async () => {
    if ((field("intent") as Intent) !== "set-status") throw new AppError("BAD_REQUEST", "Error", "Unknown action.");
    const moved = await updateRequestStatus({
      db: runtime.db,
      admin,
      kind: field("kind"),
      requestId: field("requestId"),
      status: field("status"),
      mailer: { queueEmail: runtime.queueEmail, publicUrl: runtime.env.PUBLIC_URL },
    });
    const what = `${BUYER_REQUEST_KIND_LABEL[moved.kind]} request${moved.listingTitle ? ` for "${moved.listingTitle}"` : ""}`;
    return {
      toast: {
        type: "success",
        title: "Request Updated",
        description: `${what} is now ${requestStatusLabel(moved.kind, moved.status)}. The buyer has been notified.`,
      } as ActionToast,
    };
  });
}

export default function AdminRequests({ loaderData, actionData }: Route.ComponentProps) {
  const { page, requests, deals, hasNext, loadError } = loaderData;
  useActionToast(actionData?.toast);
  return (
    <section className="mt-6" aria-label="Buyer requests">
      {actionData?.toast?.type === "error" ? (
        <Alert variant="destructive" className="mb-4">
          <AlertTitle>{actionData.toast.title}</AlertTitle>
          <AlertDescription>{actionData.toast.description}</AlertDescription>
        </Alert>
      ) : null}
      {deals.length > 0 ? (
        <section aria-labelledby="deals-heading" className="mb-8 rounded-lg border-2 border-green-600 p-3 sm:p-4">
          <h2 id="deals-heading" className="text-lg font-semibold">
            Deals to broker ({deals.length})
          </h2>
          <p className="text-sm text-gray-600">
            Offers and purchase requests the seller and the buyer agreed on, oldest first. Closing one as sold marks the
            listing sold.
          </p>
          <ul className="mt-4 space-y-4" aria-label="Deals">
            {deals.map((r) => (
              <RequestItem key={`deal:${r.kind}:${r.id}`} request={r} />
            ))}
          </ul>
        </section>
      ) : null}
      <p className="text-sm text-gray-600">
        Offers, viewing requests, quote requests and purchase requests, newest first. Moving a request tells the buyer.
      </p>
      {loadError ? (
        <Alert variant="destructive" className="mt-6">
          <AlertTitle>Error</AlertTitle>
          <AlertDescription>{loadError}</AlertDescription>
        </Alert>
      ) : requests.length === 0 ? (
        <p className="mt-10 text-center text-gray-500">{page > 1 ? "No more requests." : "No buyer requests yet."}</p>
      ) : (
        <ul className="mt-6 space-y-4">
          {requests.map((r) => (
            <RequestItem key={`${r.kind}:${r.id}`} request={r} />
          ))}
        </ul>
      )}
      <Pager page={page} hasNext={hasNext} href={(p) => (p > 1 ? `/admin/requests?page=${p}` : "/admin/requests")} />
    </section>
  );
}

function RequestItem({ request: r }: { request: BuyerRequest }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("requestId") === r.id;
  const kind = isDeal(r.kind, r.status)
    ? `Deal (${BUYER_REQUEST_KIND_LABEL[r.kind].toLowerCase()})`
    : BUYER_REQUEST_KIND_LABEL[r.kind];
  return (
    <li
      aria-label={`${kind} request from ${r.buyerName}`}
      className={cn(
        "rounded-lg border p-4",
        r.status === "closed" ? "border-gray-200 bg-gray-50 text-gray-600" : "bg-white",
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold">{kind}</h2>
        <RequestStatusBadge kind={r.kind} status={r.status} data-testid="request-status" />
        <span className="ml-auto text-xs text-gray-500">{formatAdminDate(r.createdAt)}</span>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
        <dt className="font-medium">Listing</dt>
        <dd>
          {r.listingId && r.listingTitle ? (
            <>
              <Link to={`/listing/${r.listingId}`} className="text-brand-700 underline">
                {r.listingTitle}
              </Link>
              {r.listingPrice !== null ? <span className="text-gray-600"> · {formatPrice(r.listingPrice)}</span> : null}
            </>
          ) : (
            "General"
          )}
        </dd>
        <dt className="font-medium">Buyer</dt>
        <dd>
          {r.buyerName} ·{" "}
          <a href={`mailto:${r.buyerEmail}`} className="text-brand-700 underline">
            {r.buyerEmail}
          </a>
        </dd>
        <RequestDetails request={r} />
        {r.message ? (
          <>
            <dt className="font-medium">Message</dt>
            <dd className="whitespace-pre-wrap break-words">{r.message}</dd>
          </>
        ) : null}
      </dl>
      <RequestHistory kind={r.kind} history={r.history} />
      {r.next.length > 0 ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {r.next.map((status) => {
            const form = (label: string) => (
              <Form method="post" key={status} className={status === "sold" ? "mt-2 space-y-2" : undefined}>
                <input type="hidden" name="intent" value="set-status" />
                <input type="hidden" name="kind" value={r.kind} />
                <input type="hidden" name="requestId" value={r.id} />
                <input type="hidden" name="status" value={status} />
                {status === "sold" ? (
                  <p className="text-xs text-gray-600">
                    The listing is marked sold and the seller is told. This cannot be undone.
                  </p>
                ) : null}
                <Button type="submit" size="sm" variant={status === "closed" ? "outline" : "default"} disabled={busy}>
                  {label}
                </Button>
              </Form>
            );
            // Closing a deal as sold is final: it asks once more, in a disclosure (works without JavaScript).
            return status === "sold" ? (
              <details key={status}>
                <summary className="inline-flex h-8 cursor-pointer list-none items-center rounded-md bg-brand-700 px-3 text-sm font-medium text-white hover:bg-brand-800 [&::-webkit-details-marker]:hidden">
                  {REQUEST_STATUS_ACTION[status]}
                </summary>
                {form("Yes, close as sold")}
              </details>
            ) : (
              form(REQUEST_STATUS_ACTION[status])
            );
          })}
        </div>
      ) : null}
    </li>
  );
}

function RequestDetails({ request: r }: { request: BuyerRequest }) {
  if (r.kind === "offer" || r.kind === "purchase") {
    return r.amount ? (
      <>
        <dt className="font-medium">{isDeal(r.kind, r.status) ? "Agreed" : r.kind === "offer" ? "Offer" : "Amount"}</dt>
        <dd className="font-semibold">{formatOfferAmount(r.amount)}</dd>
      </>
    ) : null;
  }
  if (r.kind === "viewing") {
    return (
      <>
        <dt className="font-medium">Preferred</dt>
        <dd>{r.preferredDate ? `${formatPreferredDate(r.preferredDate)} at ${r.preferredTime ?? ""}` : "Not given"}</dd>
      </>
    );
  }
  const quoteType = r.quoteType
    ? (QUOTE_TYPE_LABELS[r.quoteType as keyof typeof QUOTE_TYPE_LABELS] ?? r.quoteType)
    : "Not given";
  return (
    <>
      <dt className="font-medium">Quote type</dt>
      <dd>{quoteType}</dd>
      <dt className="font-medium">Details</dt>
      <dd className="whitespace-pre-wrap break-words">{r.details ?? ""}</dd>
    </>
  );
}
