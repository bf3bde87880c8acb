/**
 * A seller lists a machine: photos are checked and re-encoded first (files
 * under the listing's folder), then listing and images are written in one
 * transaction. Any failure removes the files: no orphan listing, no orphan file.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { listingImages, listings, sellers } from "#db/schema.ts";
import { AppError } from "#app/lib/app-error.ts";
import { storeListingImages, sniffImageType } from "#app/lib/images.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { IMAGE_MESSAGES, MAX_IMAGES, MAX_UPLOAD_BYTES, megabytes } from "./image-rules.ts";
import { filesOf } from "#app/lib/multipart.server.ts";
import {
  CreateListingSchema,
  LISTING_TITLES,
  machineSpecValues,
  type CreateListingInput,
  type MachineSpecs,
} from "./listing-schemas.ts";
import { MANDATE_DAYS } from "./listing-state.ts";

export type UploadedImage = { name: string; bytes: Buffer };

export function assertSeller(viewer: Viewer) {
  if (viewer.role !== "seller") {
    throw new AppError("FORBIDDEN", "Seller Access Required", "Only users with seller role can create listings.");
  }
}

export function checkUploadedImages(images: UploadedImage[]) {
  if (images.length === 0) throw new AppError("BAD_REQUEST", "No file selected", IMAGE_MESSAGES.none);
  if (images.length > MAX_IMAGES) {
    throw new AppError("BAD_REQUEST", IMAGE_MESSAGES.tooManyTitle, IMAGE_MESSAGES.tooMany(0));
  }
  for (const img of images) {
    if (img.bytes.length > MAX_UPLOAD_BYTES) {
      throw new AppError("BAD_REQUEST", "File too large", IMAGE_MESSAGES.stillTooLarge(megabytes(img.bytes.length)));
    }
    if (!sniffImageType(img.bytes)) {
      throw new AppError("BAD_REQUEST", "Invalid file", `${img.name}: ${IMAGE_MESSAGES.type}`);
    }
  }
}

/** The seller row, created on first use if the profile is a seller's. */
async function ensureSellerId(options: { runtime: Runtime; viewer: Viewer }) {
  const { runtime, viewer } = options;
  const [existing] = await runtime.db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, viewer.userId));
  if (existing) return existing.id;
  const [created] = await runtime.db
    .insert(sellers)
    .values({ userId: viewer.userId, fullName: viewer.fullName ?? viewer.name })
    .onConflictDoUpdate({ target: sellers.userId, set: { userId: viewer.userId } })
    .returning({ id: sellers.id });
  return created!.id;
}

export async function createListing(options: {
  runtime: Runtime;
  viewer: Viewer;
  /** The machine's details may be left out (they are all optional). */
  input: Omit<CreateListingInput, keyof MachineSpecs> & Partial<MachineSpecs>;
  images: UploadedImage[];
}) {
  const { runtime, viewer, input, images } = options;
  assertSeller(viewer);
  checkUploadedImages(images);
  const sellerId = await ensureSellerId({ runtime, viewer });
  const listingId = randomUUID();
  const stored = await storeListingImages({ storage: runtime.storage, listingId, images: images.map((i) => i.bytes) });
  try {
    const now = new Date();
    await runtime.db.transaction(async (tx) => {
      await tx.insert(listings).values({
        id: listingId,
        sellerId,
        title: input.title,
        description: input.description,
        price: input.price,
        category: input.category,
        condition: input.condition,
        location: input.location,
        isUrgent: input.isUrgent,
        isBargain: input.isBargain,
        ...machineSpecValues(input),
        status: "pending",
        adminStatus: "pending",
        createdOn: now,
        expiresOn: new Date(now.getTime() + MANDATE_DAYS * 86_400_000),
      });
      await tx.insert(listingImages).values(stored.map((s) => ({ listingId, ...s })));
    });
  } catch (error) {
    await runtime.storage.deletePrefix(`public/listings/${listingId}`);
    throw error;
  }
  return { listingId };
}

/** Parses the submitted form (shared schema) and creates the listing. */
export async function createListingFromForm(options: { runtime: Runtime; viewer: Viewer; form: FormData }) {
  const { form } = options;
  assertSeller(options.viewer);
  const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
  const parsed = CreateListingSchema.safeParse(fields);
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    throw new AppError("BAD_REQUEST", LISTING_TITLES[message] ?? "Error", message);
  }
  const images = (await filesOf(form, "images")).map((f) => ({ name: f.name, bytes: f.bytes }));
  return createListing({ ...options, input: parsed.data, images });
}
