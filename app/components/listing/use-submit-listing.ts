/**
 * Sending a listing with JavaScript (a new one, or an edit): the form is
 * checked against the shared schema, the photos appended, and the upload
 * shows real progress (to 90% while sending, 100% once stored). Before
 * JavaScript loads the form posts itself.
 */
import { useState } from "react";
import { clearActionToast, showActionToast } from "#app/components/forms/use-action-toast.ts";
import { IMAGE_MESSAGES } from "#app/domain/listing/image-rules.ts";
import { CreateListingSchema, LISTING_TITLES } from "#app/domain/listing/listing-schemas.ts";
import { uploadWithProgress } from "./compress-image.ts";
import type { Photo } from "./use-listing-photos.ts";

type Upload = { status: number; body: { listingId?: string; outcome?: string; title?: string; message?: string } | null };

/** The toast for an upload the server refused, or null when the listing was stored. */
function refusal({ status, body }: Upload, editing: boolean) {
  if (status === 401) {
    return { title: "Authentication Error", description: "Please sign out and sign back in, then try again." };
  }
  const stored = editing ? status === 200 && body?.outcome : status === 201 && body?.listingId;
  if (!stored) {
    return {
      title: body?.title ?? "Error",
      description: body?.message ?? (editing ? "Failed to save the listing. Please try again." : "Failed to create listing. Please try again."),
    };
  }
  return null;
}

export function useSubmitListing(options: {
  hydrated: boolean;
  photos: Photo[];
  /** Editing a listing: where it is sent, and how the photos go into the form data (order, new files). */
  edit?: { url: string; photoCount: number; writePhotos: (data: FormData) => void };
  /** After the listing is stored and the bar is full: reset the form and move on. */
  onCreated: (form: HTMLFormElement, body: { listingId?: string; message?: string }) => void;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[]>([]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!options.hydrated) return; // plain form post before JavaScript loads
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    data.delete("images");
    const parsed = CreateListingSchema.safeParse(Object.fromEntries(data));
    if (!parsed.success) {
      const messages = [...new Set(parsed.error.issues.map((i) => i.message))];
      setErrors(messages);
      showActionToast({ type: "error", title: LISTING_TITLES[messages[0]!] ?? "Error", description: messages[0] });
      return;
    }
    if ((options.edit?.photoCount ?? options.photos.length) === 0) {
      showActionToast({ type: "error", title: "No file selected", description: IMAGE_MESSAGES.none });
      return;
    }
    setErrors([]);
    if (options.edit) options.edit.writePhotos(data);
    else for (const p of options.photos) data.append("images", p.file, p.file.name);
    setProgress(0);
    try {
      const res = await uploadWithProgress(options.edit?.url ?? "/api/listings", data, setProgress);
      const upload: Upload = { status: res.status, body: res.json as Upload["body"] };
      const refused = refusal(upload, Boolean(options.edit));
      if (refused) {
        showActionToast({ type: "error", ...refused });
        setProgress(null);
        return;
      }
      setProgress(100);
      clearActionToast();
      // Let the seller see the finished bar before the mandate opens.
      await new Promise((r) => setTimeout(r, 400));
      options.onCreated(form, upload.body!);
    } catch {
      showActionToast({
        type: "error",
        title: "Error",
        description: "Network error while uploading images. Please check your connection and try again.",
      });
      setProgress(null);
    }
  }

  return { progress, errors, onSubmit };
}
