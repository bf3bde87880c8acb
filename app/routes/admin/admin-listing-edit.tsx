import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin-listing-edit";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { MachineDetailsFields, storedMakeChoice } from "#app/components/listing/machine-details-fields.tsx";
import { getListingForEdit } from "#app/domain/listing/find-admin-listings.server.ts";
import { AdminEditListingSchema } from "#app/domain/listing/listing-schemas.ts";
import { editListing } from "#app/domain/listing/moderate-listing.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import { categoryLabel } from "#app/lib/format.ts";
import { requireAdmin } from "#app/server/guards.server.ts";
import { orError } from "#app/lib/respond.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { CATEGORIES } from "#db/vocabulary.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { pageTitle } from "#app/lib/brand.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Edit Listing | Admin Panel") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { db } = await getRuntime();
  const listing = await getListingForEdit({ db, id: params.id });
  if (!listing) throw new Response("Not Found", { status: 404 });
  return { listing: { ...listing, price: Number(listing.price) }, categories: [...CATEGORIES] };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const runtime = await getRuntime();
  const form = Object.fromEntries(await readForm(request));
  return orError(async () => {
    const parsed = AdminEditListingSchema.safeParse(form);
    if (!parsed.success) {
      throw new AppError(
        "BAD_REQUEST",
        "Failed to save listing",
        `Failed to save listing: ${parsed.error.issues[0]!.message}`,
      );
    }
    await editListing({ runtime, admin, listingId: params.id, input: parsed.data });
    return redirectWithToast("/admin?status=all", { type: "success", title: "Listing Updated" });
  });
}

export default function AdminListingEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, categories } = loaderData;
  const navigation = useNavigation();
  // The make list and the meter field follow the category chosen, as on the create form (once the page's
  // script runs; before that every make and the typed-make field are offered).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [chosen, setChosen] = useState({ category: listing.category as string, make: storedMakeChoice(listing) });
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <Link to="/admin" className="text-sm text-brand-700 hover:underline">
        ← Back to Admin Panel
      </Link>
      <Card className="mt-4">
        <CardHeader>
          <CardTitle>
            <h1 className="text-xl font-semibold">Edit listing</h1>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {actionData?.toast ? (
            <div role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
              {actionData.toast.description}
            </div>
          ) : null}
          <Form
            method="post"
            className="space-y-4"
            onChange={(e) => {
              const data = new FormData(e.currentTarget);
              setChosen({ category: String(data.get("category") ?? ""), make: String(data.get("make") ?? "") });
            }}
          >
            <div className="space-y-1.5">
              <Label htmlFor="title">Title</Label>
              <Input id="title" name="title" defaultValue={listing.title} required maxLength={120} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="description">Description</Label>
              <Textarea id="description" name="description" defaultValue={listing.description} maxLength={5000} />
            </div>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <div className="space-y-1.5">
                <Label htmlFor="price">Price (R)</Label>
                <Input
                  id="price"
                  name="price"
                  type="number"
                  min={0}
                  step="0.01"
                  defaultValue={listing.price}
                  required
                />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="category">Category</Label>
                <NativeSelect id="category" name="category" defaultValue={listing.category}>
                  {categories.map((c) => (
                    <option key={c} value={c}>
                      {categoryLabel(c)}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            </div>
            <MachineDetailsFields
              category={chosen.category}
              make={chosen.make}
              hydrated={hydrated}
              defaults={listing}
            />
            <div className="flex gap-6">
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="isUrgent" defaultChecked={listing.isUrgent} className="size-4" /> Urgent
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="isBargain" defaultChecked={listing.isBargain} className="size-4" /> Bargain
              </label>
            </div>
            <Button type="submit" disabled={navigation.state === "submitting"}>
              Save changes
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
