import { BadgeCheck, Plus, ShieldAlert, ShieldQuestion, Store } from "lucide-react";
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ContactAdminForm } from "#app/components/contact/contact-admin-form.tsx";
import { ListingForm } from "#app/components/listing/listing-form.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { detectDevice } from "#app/domain/listing/image-rules.ts";
import { verificationLinkLabel } from "#app/domain/verification/verification-state.ts";
import { cn } from "#app/lib/utils.ts";
import type { VerificationStatus } from "#db/vocabulary.ts";

/**
 * The dashboard's greeting with its two actions: Contact Admin (a dialog,
 * closed once the message is sent) and Create Listing (a dialog on a desktop;
 * on Android and Samsung the full-screen page); under the greeting, the link to
 * the seller's verification with where it stands.
 */
export function SellerDashboardHeader({
  fullName,
  contact,
  verification,
  sellerPage,
}: {
  fullName: string;
  /** The address of the seller's public page, as buyers see it. */
  sellerPage?: string | null;
  /** The action's answer to the Contact Admin form, if that was the form sent. */
  contact?: { result?: SubmissionResult<string[]>; sent: boolean };
  /** The seller's verification status (the link's words); without it the link reads "Seller verification". */
  verification?: VerificationStatus | null;
}) {
  const navigate = useNavigate();
  const [createOpen, setCreateOpen] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const [mobile, setMobile] = useState(false);
  useEffect(() => setMobile(detectDevice(navigator.userAgent) !== "desktop"), []);
  useEffect(() => {
    if (contact?.sent) setContactOpen(false);
  }, [contact]);

  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold">Welcome, {fullName}</h1>
          <p className="mt-1 text-gray-600">Manage your machinery listings.</p>
          <div className="flex flex-wrap items-center gap-x-3">
            <VerificationLink status={verification ?? null} />
            {sellerPage ? (
              <Link
                to={sellerPage}
                className="mt-2 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                <Store className="size-4" aria-hidden />
                My public seller page
              </Link>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setContactOpen(true)}>
            Contact Admin
          </Button>
          <Button asChild>
            <Link
              to="/seller/create"
              onClick={(e) => {
                // Desktop: a dialog; Android and Samsung: the full-screen page.
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
          <ContactAdminForm lastResult={contact?.result} />
        </DialogContent>
      </Dialog>
    </>
  );
}

const LINK_STYLE: Record<VerificationStatus, string> = {
  unverified: "border-brand-200 bg-brand-50 text-brand-800",
  pending: "border-amber-200 bg-amber-50 text-amber-900",
  verified: "border-green-200 bg-green-50 text-green-800",
  rejected: "border-red-200 bg-red-50 text-red-800",
};

/** "Get verified", "Verification pending", "Verified seller" or "Verification not accepted": to /account/verification. */
function VerificationLink({ status }: { status: VerificationStatus | null }) {
  const Icon = status === "verified" ? BadgeCheck : status === "rejected" ? ShieldAlert : ShieldQuestion;
  return (
    <Link
      to="/account/verification"
      className={cn(
        "mt-2 inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-medium hover:underline",
        status ? LINK_STYLE[status] : "border-gray-200 bg-gray-50 text-gray-800",
      )}
    >
      <Icon className="size-4" aria-hidden />
      {status ? verificationLinkLabel(status) : "Seller verification"}
    </Link>
  );
}
