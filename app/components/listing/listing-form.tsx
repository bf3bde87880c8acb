/**
 * The create-listing form (spec §2, §5, §9). Without JavaScript it is a plain
 * multipart form posting to /seller/create. With JavaScript the photos are
 * checked, compressed and previewed in the browser, and the upload shows real
 * progress (to 90% while sending, 100% once created).
 */
import { ImagePlus, LocateFixed, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { clearActionToast, showActionToast } from "#app/components/forms/use-action-toast.ts";
import { missingForUpload, uploadHint } from "#app/components/seller/missing-for-upload.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Progress } from "#app/components/ui/progress.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import {
  checkSelectedImage,
  detectDevice,
  fitImages,
  IMAGE_MESSAGES,
  MAX_IMAGES,
  MAX_UPLOAD_BYTES,
  megabytes,
  type Device,
} from "#app/domain/listing/image-rules.ts";
import { CreateListingSchema, LISTING_TITLES } from "#app/domain/listing/listing-schemas.ts";
import { categoryLabel } from "#app/lib/format.ts";
import { compressImage, uploadWithProgress } from "./compress-image.ts";
import { MACHINERY_SUGGESTIONS, nearestCity } from "./nearest-city.ts";

const CATEGORY_VALUES = [
  "excavators",
  "cranes",
  "bulldozers",
  "loaders",
  "dump_trucks",
  "generators",
  "compressors",
  "welding_equipment",
  "other",
];
/** Short names in the select (a phone's narrow field shows them whole); what each means below it. */
const CONDITIONS = [
  { value: "new", label: "New", meaning: "brand new, never used" },
  { value: "used", label: "Used", meaning: "previously used, good condition" },
  { value: "refurbished", label: "Refurbished", meaning: "restored to like-new condition" },
];
const DRAFT_KEY = "listing-draft";
const DRAFT_MAX_AGE_MS = 60 * 60 * 1000;
const DRAFT_FIELDS = ["title", "description", "category", "condition", "price", "location"] as const;

type Photo = { id: string; file: File; preview: string };

export function ListingForm({
  onCreated,
  saveDraft = false,
}: {
  onCreated?: (listingId: string) => void;
  saveDraft?: boolean;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [processing, setProcessing] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const [device, setDevice] = useState<Device>("desktop");
  // What the form's rules still miss (photos aside), and the chosen condition, read from the form itself.
  const [missingFields, setMissingFields] = useState<string[]>([]);
  const [condition, setCondition] = useState("");

  function readForm() {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    data.delete("images");
    setMissingFields(missingForUpload(Object.fromEntries(data), 1).fields);
    setCondition(String(data.get("condition") ?? ""));
  }

  useEffect(() => {
    setHydrated(true);
    setDevice(detectDevice(navigator.userAgent));
    readForm();
  }, []);

  // The draft (spec §9): saved 1 s after the last change, restored if under an hour old.
  useEffect(() => {
    if (!saveDraft || !formRef.current) return;
    try {
      const raw = localStorage.getItem(DRAFT_KEY);
      if (raw) {
        const draft = JSON.parse(raw) as { savedAt: number; values: Record<string, string> };
        if (Date.now() - draft.savedAt < DRAFT_MAX_AGE_MS) {
          for (const name of DRAFT_FIELDS) {
            const el = formRef.current.elements.namedItem(name) as HTMLInputElement | null;
            if (el && draft.values[name]) el.value = draft.values[name];
          }
          readForm();
          toast.info("Draft restored", { description: "We restored the listing you were working on." });
        } else {
          localStorage.removeItem(DRAFT_KEY);
        }
      }
    } catch {
      localStorage.removeItem(DRAFT_KEY);
    }
  }, [saveDraft]);

  const draftTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  function scheduleDraftSave() {
    if (!saveDraft) return;
    clearTimeout(draftTimer.current);
    draftTimer.current = setTimeout(() => {
      const form = formRef.current;
      if (!form) return;
      const values: Record<string, string> = {};
      for (const name of DRAFT_FIELDS)
        values[name] = (form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? "";
      localStorage.setItem(DRAFT_KEY, JSON.stringify({ savedAt: Date.now(), values }));
    }, 1000);
  }

  async function addFiles(list: FileList | null) {
    if (!list || list.length === 0) {
      toast.error("No file selected", { description: IMAGE_MESSAGES.none });
      return;
    }
    const files = Array.from(list);
    const { accepted, cut, room } = fitImages(photos.length, files.length);
    if (cut > 0) toast.error(IMAGE_MESSAGES.tooManyTitle, { description: IMAGE_MESSAGES.tooMany(room) });
    setProcessing(true);
    const added: Photo[] = [];
    for (const file of files.slice(0, accepted)) {
      const problem = checkSelectedImage(file);
      if (problem) {
        toast.error("Image processing failed", { description: `${file.name}: ${problem}` });
        continue;
      }
      try {
        const compressed = await compressImage(file, device);
        if (compressed.size > MAX_UPLOAD_BYTES) {
          toast.error("Image processing failed", {
            description: IMAGE_MESSAGES.stillTooLarge(megabytes(compressed.size)),
          });
          continue;
        }
        added.push({ id: crypto.randomUUID(), file: compressed, preview: URL.createObjectURL(compressed) });
      } catch {
        toast.error("Processing failed", {
          description:
            device === "samsung"
              ? "Please try smaller photos or JPEG images — Samsung devices handle them best."
              : `${file.name} could not be processed. Please try a smaller or JPEG image.`,
        });
      }
      if (device !== "desktop") await new Promise((r) => setTimeout(r, 50));
    }
    setProcessing(false);
    if (added.length) {
      setPhotos((current) => [...current, ...added]);
      toast.success("Images processed", { description: `${added.length} photo(s) ready to upload.` });
    }
  }

  function removePhoto(id: string) {
    setPhotos((current) => {
      const photo = current.find((p) => p.id === id);
      if (photo) URL.revokeObjectURL(photo.preview);
      return current.filter((p) => p.id !== id);
    });
  }

  function useMyLocation() {
    if (!("geolocation" in navigator)) {
      toast.error("Location unavailable", { description: "Your browser cannot share its location." });
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        const el = formRef.current?.elements.namedItem("location") as HTMLInputElement | null;
        if (el) el.value = nearestCity(pos.coords.latitude, pos.coords.longitude);
        scheduleDraftSave();
      },
      () => toast.error("Location unavailable", { description: "We could not get your location. Please type it." }),
      { timeout: 10_000, enableHighAccuracy: false },
    );
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    if (!hydrated) return; // plain form post before JavaScript loads
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
    if (photos.length === 0) {
      showActionToast({ type: "error", title: "No file selected", description: IMAGE_MESSAGES.none });
      return;
    }
    setErrors([]);
    for (const p of photos) data.append("images", p.file, p.file.name);
    setProgress(0);
    try {
      const res = await uploadWithProgress("/api/listings", data, setProgress);
      const body = res.json as { listingId?: string; title?: string; message?: string } | null;
      if (res.status === 401) {
        showActionToast({
          type: "error",
          title: "Authentication Error",
          description: "Please sign out and sign back in, then try again.",
        });
        setProgress(null);
        return;
      }
      if (res.status !== 201 || !body?.listingId) {
        showActionToast({
          type: "error",
          title: body?.title ?? "Error",
          description: body?.message ?? "Failed to create listing. Please try again.",
        });
        setProgress(null);
        return;
      }
      setProgress(100);
      clearActionToast();
      // Let the seller see the finished bar before the mandate opens.
      await new Promise((r) => setTimeout(r, 400));
      // Reset everything but the location (spec §4).
      const location = (form.elements.namedItem("location") as HTMLInputElement).value;
      form.reset();
      (form.elements.namedItem("location") as HTMLInputElement).value = location;
      readForm();
      photos.forEach((p) => URL.revokeObjectURL(p.preview));
      setPhotos([]);
      if (saveDraft) localStorage.removeItem(DRAFT_KEY);
      if (onCreated) onCreated(body.listingId);
      else navigate(`/seller/mandate/${body.listingId}`);
    } catch {
      showActionToast({
        type: "error",
        title: "Error",
        description: "Network error while uploading images. Please check your connection and try again.",
      });
      setProgress(null);
    }
  }

  const busy = progress !== null && progress < 100;
  const hint = hydrated ? uploadHint({ photo: photos.length === 0, fields: missingFields }) : null;
  const chosenCondition = CONDITIONS.find((c) => c.value === condition);
  return (
    <form
      ref={formRef}
      method="post"
      action="/seller/create"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      onInput={() => {
        scheduleDraftSave();
        readForm();
      }}
      onChange={readForm}
      className="space-y-4"
      noValidate={hydrated}
      aria-label="Create listing"
    >
      {errors.length ? (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {errors.map((e) => (
            <p key={e}>{e}</p>
          ))}
        </div>
      ) : null}
      <div className="space-y-1.5">
        <Label htmlFor="listing-title">Title *</Label>
        <Input
          id="listing-title"
          name="title"
          list="machinery-suggestions"
          required
          maxLength={120}
          placeholder="e.g. 2019 CAT 320D Excavator"
        />
        <datalist id="machinery-suggestions">
          {MACHINERY_SUGGESTIONS.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="listing-description">Description *</Label>
        <Textarea
          id="listing-description"
          name="description"
          required
          maxLength={5000}
          placeholder="Hours, service history, attachments, condition…"
        />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="listing-category">Category *</Label>
          <NativeSelect id="listing-category" name="category" required defaultValue="">
            <option value="" disabled>
              Select a category
            </option>
            {CATEGORY_VALUES.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="listing-condition">Condition *</Label>
          <NativeSelect
            id="listing-condition"
            name="condition"
            required
            defaultValue=""
            aria-describedby="listing-condition-meaning"
          >
            <option value="" disabled>
              Select the condition
            </option>
            {CONDITIONS.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </NativeSelect>
          <p id="listing-condition-meaning" className="text-xs text-gray-600">
            {chosenCondition
              ? `${chosenCondition.label}: ${chosenCondition.meaning}.`
              : CONDITIONS.map((c) => `${c.label}: ${c.meaning}.`).join(" ")}
          </p>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="listing-price">Price (R) *</Label>
          <Input id="listing-price" name="price" inputMode="decimal" required placeholder="e.g. 1450000" />
        </div>
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="listing-location">Location</Label>
          <div className="flex gap-2">
            <Input id="listing-location" name="location" maxLength={120} placeholder="e.g. Johannesburg, Gauteng" />
            {hydrated ? (
              <Button
                type="button"
                variant="outline"
                size="icon"
                onClick={useMyLocation}
                aria-label="Use my location"
                title="Use my location"
              >
                <LocateFixed />
              </Button>
            ) : null}
          </div>
        </div>
      </div>
      <div className="relative space-y-1.5">
        <Label htmlFor="listing-images">Photos * (up to 5: JPEG, PNG or WebP)</Label>
        {/* With JavaScript the chosen photos live in the form's state (the field is emptied after each
            choice so the same photo can be added again): a button and a line saying what was chosen
            stand in for the browser's own "No file chosen". */}
        <Input
          id="listing-images"
          type="file"
          name="images"
          multiple
          accept=".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp"
          className={hydrated ? "peer sr-only h-px w-px" : undefined}
          aria-describedby={hydrated ? "listing-images-chosen" : undefined}
          onChange={(e) => {
            e.stopPropagation();
            if (!hydrated) return;
            void addFiles(e.currentTarget.files);
            e.currentTarget.value = "";
          }}
        />
        {hydrated ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <label
              htmlFor="listing-images"
              className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-gray-300 bg-white px-4 text-sm font-medium shadow-sm hover:bg-gray-50 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 peer-focus-visible:ring-offset-2"
            >
              <ImagePlus className="size-4" aria-hidden /> {photos.length ? "Add more photos" : "Choose photos"}
            </label>
            <p id="listing-images-chosen" className="min-w-0 text-sm text-gray-700 wrap-anywhere" aria-live="polite">
              {photos.length === 0
                ? "No photos chosen yet."
                : `${photos.length} of ${MAX_IMAGES} photos chosen: ${photos.map((p) => p.file.name).join(", ")}`}
            </p>
          </div>
        ) : null}
        {processing ? <p className="text-sm text-gray-600">Processing photos…</p> : null}
        {photos.length ? (
          <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Selected photos">
            {photos.map((p) => (
              <li key={p.id} className="relative">
                <img src={p.preview} alt={p.file.name} className="aspect-[4/3] w-full rounded object-cover" />
                <button
                  type="button"
                  onClick={() => removePhoto(p.id)}
                  aria-label={`Remove ${p.file.name}`}
                  className="absolute right-1 top-1 rounded-full bg-black/60 p-1 text-white"
                >
                  <X className="size-3" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <fieldset className="flex flex-wrap gap-6">
        <legend className="mb-2 text-sm font-medium">Listing type * (at least one)</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="isUrgent" className="size-4 accent-red-600" /> Urgent
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="isBargain" className="size-4 accent-green-600" /> Bargain
        </label>
      </fieldset>
      {progress !== null ? <Progress value={progress} label="Upload progress" /> : null}
      <Button
        type="submit"
        className="w-full"
        disabled={busy || processing || (hydrated && photos.length === 0)}
        aria-describedby={hint ? "upload-hint" : undefined}
      >
        {busy ? `Uploading… ${progress}%` : "Upload Machinery"}
      </Button>
      {hint ? (
        <p id="upload-hint" className="text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
    </form>
  );
}
