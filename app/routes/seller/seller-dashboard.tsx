import { Eye, FileText, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/seller-dashboard";
import { useActionToast, type ActionToast } from "#app/components/forms/use-action-toast.ts";
import { ListingForm } from "#app/components/listing/listing-form.tsx";
import { DeleteListingDialog } from "#app/components/seller/delete-listing-dialog.tsx";
import { RejectionReason } from "#app/components/seller/rejection-reason.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { detectDevice } from "#app/domain/listing/image-rules.ts";
import { SELLER_COMMISSION_NOTE } from "#app/domain/listing/commission.ts";
import { findRejectionReasons } from "#app/domain/listing/find-rejection-reasons.server.ts";
import { findSellerDashboard } from "#app/domain/listing/find-seller-listings.server.ts";
import { deleteOwnListing } from "#app/domain/listing/moderate-listing.server.ts";
import { ContactAdminSchema } from "#app/domain/notification/contact-admin-schema.ts";
import { contactAdmin } from "#app/domain/notification/contact-admin.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import { formatAdminDate, formatPrice, formatShortDate } from "#app/lib/format.ts";
import { requireRole } from "#app/lib/guards.server.ts";
import { orError } from "#app/lib/respond.server.ts";
import { getRuntime } from "#app/lib/runtime.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { cn } from "#app/lib/utils.ts";
import { pageTitle } from "#app/lib/brand.ts";
import type { Intent } from "./seller-dashboard.intents.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Seller Dashboard") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireRole(request, "seller");
  const { db } = await getRuntime();
  const dashboard = await findSellerDashboard({ db, userId: viewer.userId });
  const rejected = dashboard.listings.filter((l) => l.badge === "Rejected").map((l) => l.id);
  const reasons = await findRejectionReasons({ db, listingIds: rejected });
  return {
    fullName: viewer.fullName ?? viewer.name,
    ...dashboard,
    listings: dashboard.listings.map((l) => ({ ...l, rejectionReason: reasons.get(l.id) ?? null })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireRole(request, "seller");
  const runtime = await getRuntime();
  const form = await readForm(request);
  const intent = form.get("intent") as Intent | null;
  return orError(async () => {
    if (intent === "delete") {
      try {
        const { title } = await deleteOwnListing({ runtime, viewer, listingId: String(form.get("listingId") ?? "") });
        return {
          toast: { type: "success", title: "Listing Deleted", description: `"${title}" was deleted.` } as ActionToast,
        };
      } catch (error) {
        if (error instanceof AppError) throw new AppError(error.code, "Error", "Failed to delete listing");
        throw error;
      }
    }
    if (intent === "contact-admin") {
      const parsed = ContactAdminSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw new AppError("BAD_REQUEST", "Message Required", parsed.error.issues[0]!.message);
      await contactAdmin({ db: runtime.db, viewer, input: parsed.data });
      return { toast: { type: "success", title: "Message Sent Successfully!" } as ActionToast };
    }
    throw new AppError("BAD_REQUEST", "Error", "Unknown action.");
  });
}

const BADGE_VARIANT: Record<string, "bargain" | "urgent" | "secondary" | "outline" | "default"> = {
  Active: "bargain",
  Rejected: "urgent",
  Pending: "default",
  Sold: "outline",
  Expired: "secondary",
  Draft: "secondary",
};

export default function SellerDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { fullName, listings, stats, mandates } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  useActionToast(actionData?.toast);
  const [createOpen, setCreateOpen] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const [mobile, setMobile] = useState(false);
  useEffect(() => setMobile(detectDevice(navigator.userAgent) !== "desktop"), []);
  useEffect(() => {
    if (actionData?.toast?.title === "Message Sent Successfully!") setContactOpen(false);
  }, [actionData]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">Welcome, {fullName}</h1>
          <p className="mt-1 text-gray-600">Manage your machinery listings.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setContactOpen(true)}>
            Contact Admin
          </Button>
          <Button asChild>
            <Link
              to="/seller/create"
              onClick={(e) => {
                // Desktop: a dialog; Android and Samsung: the full-screen page (spec §2).
                if (!mobile) {
                  e.preventDefault();
                  setCreateOpen(true);
                }
              }}
            >
              <Plus /> Create Listing
            </Link>
          </Button>
        </div>
      </div>

      <p className="mt-4 rounded-md bg-brand-50 p-3 text-sm text-brand-700">
        On a phone? Use the{" "}
        <Link to="/seller/create" className="font-medium underline">
          full-screen uploader
        </Link>{" "}
        — it works best with Android and Samsung cameras.
      </p>
      <p className="mt-2 text-sm text-gray-600">{SELLER_COMMISSION_NOTE}</p>

      <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-3">
        <StatCard
          label="Total Views"
          value={stats.totalViews}
          hint={
            stats.viewsChangePercent === null
              ? undefined
              : `${stats.viewsChangePercent >= 0 ? "+" : ""}${stats.viewsChangePercent}% from last week`
          }
        />
        <StatCard label="Active Listings" value={stats.active} />
        <StatCard label="Pending Review" value={stats.pending} />
      </div>

      <Card className="mt-8">
        <CardHeader>
          <CardTitle>Your Listings</CardTitle>
        </CardHeader>
        <CardContent>
          {listings.length === 0 ? (
            <div className="py-10 text-center">
              <p className="text-gray-600">You have no listings yet.</p>
              <Button asChild className="mt-4">
                <Link to="/seller/create">Create Your First Listing</Link>
              </Button>
            </div>
          ) : (
            <>
              <table className="hidden w-full text-left text-sm sm:table">
                <thead>
                  <tr className="border-b text-gray-600">
                    <th className="py-2 pr-4">Title</th>
                    <th className="py-2 pr-4">Price</th>
                    <th className="py-2 pr-4">Status</th>
                    <th className="hidden py-2 pr-4 md:table-cell">Created</th>
                    <th className="hidden py-2 pr-4 md:table-cell">Views</th>
                    <th className="py-2 pr-4">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {listings.map((l) => (
                    <tr key={l.id} className="border-b align-top last:border-0">
                      <td className="py-2 pr-4 font-medium wrap-anywhere">
                        {l.title}
                        {/* Between sm and md the date and views sit here, leaving the title room. */}
                        <span className="block text-xs font-normal text-gray-600 md:hidden">
                          Created {formatShortDate(l.createdOn)} · {l.views} {l.views === 1 ? "view" : "views"}
                        </span>
                        {l.badge === "Rejected" ? (
                          <RejectionReason reason={l.rejectionReason} className="mt-1 font-normal" />
                        ) : null}
                      </td>
                      <td className="py-2 pr-4 whitespace-nowrap">{formatPrice(l.price)}</td>
                      <td className="py-2 pr-4">
                        <Badge variant={BADGE_VARIANT[l.badge] ?? "secondary"}>{l.badge}</Badge>
                        {l.badge === "Pending" && !l.mandateSigned ? <MandateNotSigned listingId={l.id} /> : null}
                      </td>
                      <td className="hidden py-2 pr-4 whitespace-nowrap md:table-cell">
                        {formatShortDate(l.createdOn)}
                      </td>
                      <td className="hidden py-2 pr-4 md:table-cell">{l.views}</td>
                      <td className="py-2 pr-4">
                        <ListingActions listing={l} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {/* A phone gets one card per listing instead of the table (after it, so the table's text comes first). */}
              <ul aria-label="Your listings" className="space-y-3 sm:hidden">
                {listings.map((l) => (
                  <li key={l.id} aria-label={l.title} className="rounded-lg border p-3">
                    <p className="font-medium wrap-anywhere">{l.title}</p>
                    <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
                      <p className="text-lg font-semibold">{formatPrice(l.price)}</p>
                      <Badge variant={BADGE_VARIANT[l.badge] ?? "secondary"}>{l.badge}</Badge>
                    </div>
                    <p className="mt-1 text-xs text-gray-600">
                      Created {formatShortDate(l.createdOn)} · {l.views} {l.views === 1 ? "view" : "views"}
                    </p>
                    <ListingNotes listing={l} />
                    <ListingActions listing={l} withLabels className="mt-3" />
                  </li>
                ))}
              </ul>
            </>
          )}
        </CardContent>
      </Card>

      <Card className="mt-8">
        <CardHeader>
          <CardTitle>Legal Agreements</CardTitle>
        </CardHeader>
        <CardContent>
          {mandates.length === 0 ? (
            <p className="text-sm text-gray-600">
              No signed mandates yet. Each listing needs one before it is reviewed.
            </p>
          ) : (
            <ul className="divide-y text-sm">
              {mandates.map((m) => (
                <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>
                    <strong>{m.listingTitle}</strong> — exclusive sales mandate,{" "}
                    {m.signatureMethod === "checkbox" ? "signed electronically" : "signed PDF"}
                    {m.signedAt ? ` on ${formatAdminDate(m.signedAt)}` : ""}
                  </span>
                  {m.hasPdf ? (
                    <a href={`/mandates/${m.id}/pdf`} className="font-medium text-brand-700 underline">
                      Download PDF
                    </a>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Dialog open={createOpen} onOpenChange={setCreateOpen}>
        <DialogContent
          onInteractOutside={(e) => mobile && e.preventDefault()}
          onEscapeKeyDown={(e) => mobile && e.preventDefault()}
        >
          <DialogHeader>
            <DialogTitle>Create Listing</DialogTitle>
            <DialogDescription>Your listing is reviewed by our team before it is public.</DialogDescription>
          </DialogHeader>
          <ListingForm
            onCreated={(id) => {
              setCreateOpen(false);
              navigate(`/seller/mandate/${id}`);
            }}
          />
        </DialogContent>
      </Dialog>

      <Dialog open={contactOpen} onOpenChange={setContactOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Contact Admin</DialogTitle>
            <DialogDescription>Our team reads every message.</DialogDescription>
          </DialogHeader>
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="contact-admin" />
            {actionData?.toast?.title === "Message Required" ? (
              <p role="alert" className="text-sm text-red-600">
                {actionData.toast.description}
              </p>
            ) : null}
            <div className="space-y-1.5">
              <Label htmlFor="contact-subject">Subject (optional)</Label>
              <Input id="contact-subject" name="subject" maxLength={150} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="contact-message">Message</Label>
              <Textarea id="contact-message" name="message" maxLength={5000} />
            </div>
            <Button type="submit" disabled={navigation.state !== "idle"}>
              Send Message
            </Button>
          </Form>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function StatCard({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-sm font-medium text-gray-600">{label}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-3xl font-bold">{value}</p>
        {hint ? <p className="mt-1 text-xs text-gray-500">{hint}</p> : null}
      </CardContent>
    </Card>
  );
}

function MandateNotSigned({ listingId }: { listingId: string }) {
  return (
    <Link
      to={`/seller/mandate/${listingId}`}
      className="mt-1 block text-xs font-medium whitespace-nowrap text-red-700 underline"
    >
      Mandate not signed
    </Link>
  );
}

/** On a card: the unsigned mandate and the rejection reason, under the title. */
function ListingNotes({
  listing: l,
}: {
  listing: { id: string; badge: string; mandateSigned: boolean; rejectionReason: string | null };
}) {
  if (l.badge === "Rejected") return <RejectionReason reason={l.rejectionReason} className="mt-2" />;
  if (l.badge === "Pending" && !l.mandateSigned) return <MandateNotSigned listingId={l.id} />;
  return null;
}

/**
 * View details, the listing's mandate, and delete (confirmed in a dialog): icons in the table, three
 * equal buttons with words on a phone's card.
 */
function ListingActions({
  listing: l,
  withLabels = false,
  className,
}: {
  listing: { id: string; title: string };
  withLabels?: boolean;
  className?: string;
}) {
  const button = withLabels ? "w-full px-2" : undefined;
  return (
    <div className={cn(withLabels ? "grid grid-cols-3 gap-2" : "flex flex-wrap gap-2 lg:flex-nowrap", className)}>
      <Button
        asChild
        size="sm"
        variant="outline"
        className={button}
        aria-label={`View ${l.title}`}
        title="View details"
      >
        <Link to={`/listing/${l.id}`}>{withLabels ? "View" : <Eye aria-hidden />}</Link>
      </Button>
      <Button
        asChild
        size="sm"
        variant="outline"
        className={button}
        aria-label={`Mandate for ${l.title}`}
        title="Exclusive sales mandate"
      >
        <Link to={`/seller/mandate/${l.id}`}>{withLabels ? "Mandate" : <FileText aria-hidden />}</Link>
      </Button>
      <DeleteListingDialog listing={l} wordOnly={withLabels} className={button} />
    </div>
  );
}
