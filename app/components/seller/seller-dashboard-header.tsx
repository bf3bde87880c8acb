import { Plus } from "lucide-react";
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { ContactAdminForm } from "#app/components/contact/contact-admin-form.tsx";
import { ListingForm } from "#app/components/listing/listing-form.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import { detectDevice } from "#app/domain/listing/image-rules.ts";

/**
 * The dashboard's greeting with its two actions: Contact Admin (a dialog,
 * closed once the message is sent) and Create Listing (a dialog on a desktop;
 * on Android and Samsung the full-screen page).
 */
export function SellerDashboardHeader({
  fullName,
  contact,
}: {
  fullName: string;
  /** The action's answer to the Contact Admin form, if that was the form sent. */
  contact?: { result?: SubmissionResult<string[]>; sent: boolean };
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
