/**
 * The listing form, to create a listing or edit one (docs/product.md#forms, #limits). Without
 * JavaScript it is a plain multipart form posting to /seller/create (or the edit page). With
 * JavaScript the photos are checked, compressed and previewed in the browser
 * (`use-listing-photos.ts`), a new listing's draft is kept (`use-listing-draft.ts`), and the
 * upload shows real progress (`use-submit-listing.ts`).
 */
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "#app/components/ui/toast.ts";
import { missingForUpload, uploadHint } from "#app/components/seller/missing-for-upload.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Progress } from "#app/components/ui/progress.tsx";
import { detectDevice, type Device } from "#app/domain/listing/image-rules.ts";
import { EditPhotoField, photoFormData, useEditPhotoOrder, type StoredPhoto } from "./edit-photo-field.tsx";
import {
  CategoryConditionFields,
  ListingTypeFields,
  PriceLocationFields,
  TitleDescriptionFields,
  type ListingFieldDefaults,
} from "./listing-fields.tsx";
import { ListingPhotoField } from "./listing-photo-field.tsx";
import { MachineDetailsFields, storedMakeChoice } from "./machine-details-fields.tsx";
import type { MachineSpecs } from "#app/domain/listing/machine-specs.ts";
import { suggestedTitle } from "#app/domain/listing/machine-specs.ts";
import { normaliseMake, OTHER_MAKE } from "#app/domain/listing/makes.ts";
import { nearestCity } from "./nearest-city.ts";
import { useListingDraft } from "./use-listing-draft.ts";
import { useListingPhotos } from "./use-listing-photos.ts";
import { useSubmitListing } from "./use-submit-listing.ts";

function locationField(form: HTMLFormElement | null) {
  return form?.elements.namedItem("location") as HTMLInputElement | null;
}

/** A listing to edit: its values and photos, and what to do once it is saved. */
export type ListingEdit = {
  listingId: string;
  defaults: ListingFieldDefaults & MachineSpecs;
  photos: StoredPhoto[];
  onSaved: (message: string) => void;
};

export function ListingForm({
  onCreated,
  saveDraft = false,
  edit,
}: {
  onCreated?: (listingId: string) => void;
  saveDraft?: boolean;
  edit?: ListingEdit;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const [hydrated, setHydrated] = useState(false);
  const [device, setDevice] = useState<Device>("desktop");
  // What the form's rules still miss (photos aside), and the chosen condition, read from the form itself.
  const [missingFields, setMissingFields] = useState<string[]>([]);
  const [condition, setCondition] = useState(edit?.defaults.condition ?? "");
  const [details, setDetails] = useState({
    category: edit?.defaults.category ?? "",
    make: edit ? storedMakeChoice(edit.defaults) : "",
    suggestion: "",
  });

  function readForm() {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    data.delete("images");
    setMissingFields(missingForUpload(Object.fromEntries(data), 1).fields);
    setCondition(String(data.get("condition") ?? ""));
    const text = (name: string) => String(data.get(name) ?? "");
    const make = text("make");
    setDetails({
      category: text("category"),
      make,
      suggestion: text("title").trim()
        ? ""
        : suggestedTitle({
            year: text("year"),
            make: make === OTHER_MAKE ? normaliseMake(text("makeOther")) : normaliseMake(make),
            model: text("model"),
          }),
    });
  }

  useEffect(() => {
    setHydrated(true);
    setDevice(detectDevice(navigator.userAgent));
    readForm();
  }, []);

  const draft = useListingDraft({ formRef, enabled: saveDraft && !edit, onRestored: readForm });
  const photoOrder = useEditPhotoOrder(edit?.photos ?? []);
  const keptStored = photoOrder.order.filter((k) => !k.startsWith("n:")).length;
  const { photos, processing, addFiles, removePhoto, clearPhotos } = useListingPhotos(device, edit ? keptStored : 0);
  useEffect(() => {
    if (edit) photoOrder.sync(photos);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [photos]);
  const { progress, errors, onSubmit } = useSubmitListing({
    hydrated,
    photos,
    edit: edit
      ? {
          url: `/api/listings/${edit.listingId}`,
          photoCount: photoOrder.order.length,
          writePhotos: (data) => photoFormData(data, photoOrder.order, photos),
        }
      : undefined,
    onCreated(form, body) {
      if (edit) {
        clearPhotos();
        edit.onSaved(body.message ?? "Saved.");
        return;
      }
      const listingId = body.listingId!;
      // Reset everything but the location (docs/product.md#interface).
      const location = locationField(form)!.value;
      form.reset();
      locationField(form)!.value = location;
      readForm();
      clearPhotos();
      draft.clearDraft();
      if (onCreated) onCreated(listingId);
      else navigate(`/seller/mandate/${listingId}`);
    },
  });

  function useMyLocation() {
    if (!("geolocation" in navigator)) {
      toast.error("Location unavailable", { description: "Your browser cannot share its location." });
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        const el = locationField(formRef.current);
        if (el) el.value = nearestCity(pos.coords.latitude, pos.coords.longitude);
        draft.scheduleSave();
      },
      () => toast.error("Location unavailable", { description: "We could not get your location. Please type it." }),
      { timeout: 10_000, enableHighAccuracy: false },
    );
  }

  const busy = progress !== null && progress < 100;
  const photoCount = edit ? photoOrder.order.length : photos.length;
  const hint = hydrated ? uploadHint({ photo: photoCount === 0, fields: missingFields }) : null;
  return (
    <form
      ref={formRef}
      method="post"
      action={edit ? `/seller/listings/${edit.listingId}/edit` : "/seller/create"}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      onInput={() => {
        draft.scheduleSave();
        readForm();
      }}
      onChange={readForm}
      className="space-y-4"
      noValidate={hydrated}
      aria-label={edit ? "Edit listing" : "Create listing"}
    >
      {errors.length ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {errors.map((e) => (
            <p key={e}>{e}</p>
          ))}
        </div>
      ) : null}
      <TitleDescriptionFields suggestion={details.suggestion} defaults={edit?.defaults} />
      <CategoryConditionFields condition={condition} defaults={edit?.defaults} />
      <MachineDetailsFields
        category={details.category}
        make={details.make}
        hydrated={hydrated}
        defaults={edit?.defaults}
      />
      <PriceLocationFields onUseMyLocation={hydrated ? useMyLocation : undefined} defaults={edit?.defaults} />
      {edit ? (
        <EditPhotoField
          hydrated={hydrated}
          stored={edit.photos}
          photos={photos}
          order={photoOrder.order}
          processing={processing}
          onAdd={(files) => void addFiles(files)}
          onRemove={(key) => {
            if (key.startsWith("n:")) removePhoto(key.slice(2));
            else photoOrder.remove(key);
          }}
          onMove={photoOrder.move}
          onCover={photoOrder.makeCover}
        />
      ) : (
        <ListingPhotoField
          hydrated={hydrated}
          photos={photos}
          processing={processing}
          onAdd={(files) => void addFiles(files)}
          onRemove={removePhoto}
        />
      )}
      <ListingTypeFields defaults={edit?.defaults} />
      {progress !== null ? <Progress value={progress} label="Upload progress" /> : null}
      <Button
        type="submit"
        className="w-full"
        disabled={busy || processing || (hydrated && photoCount === 0)}
        aria-describedby={hint ? "upload-hint" : undefined}
      >
        {busy ? `Uploading… ${progress}%` : edit ? "Save changes" : "Upload Machinery"}
      </Button>
      {hint ? (
        <p id="upload-hint" className="text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
    </form>
  );
}
