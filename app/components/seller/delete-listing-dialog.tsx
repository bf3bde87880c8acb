/**
 * Deleting one of the seller's listings, confirmed in an alert dialog (focus
 * starts on Cancel; Escape and Cancel close it). The server checks ownership
 * whatever the page sends. Before JavaScript loads, the same confirmation is
 * a plain disclosure with the form inside.
 */
import { Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "#app/components/ui/alert-dialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cn } from "#app/lib/utils.ts";

const CONSEQUENCES =
  "This cannot be undone: the listing and its photos are removed. A signed mandate stays in your Legal Agreements.";

function DeleteFields({ listingId }: { listingId: string }) {
  return (
    <>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="listingId" value={listingId} />
    </>
  );
}

export function DeleteListingDialog({
  listing,
  wordOnly = false,
  className,
}: {
  listing: { id: string; title: string };
  /** The trigger without its icon (a phone's card, where three buttons share one row). */
  wordOnly?: boolean;
  className?: string;
}) {
  const navigation = useNavigation();
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => setHydrated(true), []);
  const deleting =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "delete" &&
    navigation.formData.get("listingId") === listing.id;
  // A refused delete (already gone, not theirs) answers with a toast: the dialog closes once the answer is in.
  const [submitted, setSubmitted] = useState(false);
  useEffect(() => {
    if (submitted && navigation.state === "idle") {
      setSubmitted(false);
      setOpen(false);
    }
  }, [submitted, navigation.state]);

  if (!hydrated) {
    return (
      <details className="relative">
        <summary
          className={cn(
            "inline-flex h-9 cursor-pointer list-none items-center justify-center gap-2 rounded-md bg-red-600 px-3 text-sm font-medium text-white [&::-webkit-details-marker]:hidden",
            className,
          )}
        >
          {wordOnly ? null : <Trash2 className="size-4" aria-hidden />} Delete
        </summary>
        <Form
          method="post"
          className="absolute right-0 z-10 mt-2 w-64 max-w-[calc(100vw-3rem)] space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm shadow-lg"
        >
          <DeleteFields listingId={listing.id} />
          <p className="text-red-800">{CONSEQUENCES}</p>
          <Button type="submit" size="sm" variant="destructive">
            Delete Listing
          </Button>
        </Form>
      </details>
    );
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !deleting && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          size="sm"
          variant="destructive"
          className={className}
          aria-label={`Delete ${listing.title}`}
        >
          {wordOnly ? null : <Trash2 aria-hidden />} Delete
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <Form method="post" onSubmit={() => setSubmitted(true)}>
          <DeleteFields listingId={listing.id} />
          <AlertDialogHeader>
            <AlertDialogTitle className="break-words">Delete “{listing.title}”?</AlertDialogTitle>
            <AlertDialogDescription>{CONSEQUENCES}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={deleting}>
              Cancel
            </AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={deleting}>
              {deleting ? "Deleting…" : "Delete Listing"}
            </Button>
          </AlertDialogFooter>
        </Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
