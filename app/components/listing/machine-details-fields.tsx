/**
 * The machine's details in the listing forms (create and the admin's edit): make (from the
 * category's list, or "Other" and typed), model, year, hours or kilometres as the category's meter
 * counts, serial, weight, power, attachments and VAT. All optional; the shared schema checks them.
 * Without JavaScript every make is offered and the typed-make field is always shown.
 */
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import {
  ATTACHMENT_MAX_LENGTH,
  EARLIEST_YEAR,
  latestYear,
  MAX_ATTACHMENTS,
  USAGE_LABELS,
  usageMeter,
  VAT_LABELS,
  VAT_MODES,
} from "#app/domain/listing/machine-specs.ts";
import { makesFor, OTHER_MAKE } from "#app/domain/listing/makes.ts";
import type { MachineSpecs } from "#app/domain/listing/listing-schemas.ts";

/** What the make select starts on for stored details: the make when its category lists it, else "Other". */
export function storedMakeChoice(stored: { category: string; make?: string | null }) {
  if (!stored.make) return "";
  return makesFor(stored.category).includes(stored.make) ? stored.make : OTHER_MAKE;
}

export function MachineDetailsFields({
  category,
  make,
  hydrated,
  defaults,
}: {
  /** The category chosen (the make list and the meter follow it); "" when none yet. */
  category: string;
  /** The make select's current value, to show the typed-make field for "Other". */
  make: string;
  hydrated: boolean;
  /** The stored details, for the edit form. */
  defaults?: Partial<MachineSpecs>;
}) {
  // The make chosen stays offered when the category changes to one that does not list it.
  const makes =
    make && make !== OTHER_MAKE && !makesFor(category).includes(make)
      ? [...makesFor(category), make].sort((a, b) => a.localeCompare(b, "en"))
      : makesFor(category);
  const storedMake = defaults?.make ?? "";
  // A stored make that is not in the category's list is shown as "Other" with its name typed.
  const makeDefault = storedMake ? storedMakeChoice({ category, make: storedMake }) : "";
  const storedIsListed = makeDefault !== OTHER_MAKE;
  const showOther = !hydrated || make === OTHER_MAKE;
  const meter = usageMeter(category);
  const usageLabel = !category
    ? "Hours on the meter (kilometres for dump trucks)"
    : meter === "none"
      ? null
      : USAGE_LABELS[meter].field;
  return (
    <fieldset className="space-y-4 rounded-lg border border-gray-200 p-3 sm:p-4">
      <legend className="px-1 text-sm font-semibold">Machine details (optional, but buyers filter by them)</legend>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="listing-make">Make</Label>
          <NativeSelect id="listing-make" name="make" defaultValue={makeDefault}>
            <option value="">Select the make</option>
            {makes.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
            <option value={OTHER_MAKE}>Other (type it)</option>
          </NativeSelect>
        </div>
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="listing-model">Model</Label>
          <Input
            id="listing-model"
            name="model"
            maxLength={60}
            defaultValue={defaults?.model ?? ""}
            placeholder="e.g. 320D"
          />
        </div>
        {showOther ? (
          <div className="min-w-0 space-y-1.5 sm:col-span-2">
            <Label htmlFor="listing-make-other">{hydrated ? "Make (typed)" : "Make, if it is not in the list"}</Label>
            <Input
              id="listing-make-other"
              name="makeOther"
              maxLength={40}
              defaultValue={storedIsListed ? "" : storedMake}
              placeholder="e.g. Sany"
            />
          </div>
        ) : null}
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="listing-year">Year of manufacture</Label>
          <Input
            id="listing-year"
            name="year"
            inputMode="numeric"
            maxLength={4}
            defaultValue={defaults?.year ?? ""}
            placeholder={`${EARLIEST_YEAR}–${latestYear()}`}
          />
        </div>
        {usageLabel ? (
          <div className="min-w-0 space-y-1.5">
            <Label htmlFor="listing-usage">{usageLabel}</Label>
            <Input
              id="listing-usage"
              name="usage"
              inputMode="numeric"
              maxLength={11}
              defaultValue={defaults?.usage ?? ""}
              placeholder={meter === "km" ? "e.g. 184000" : "e.g. 6200"}
            />
          </div>
        ) : null}
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="listing-weight">Operating weight (kg)</Label>
          <Input
            id="listing-weight"
            name="weightKg"
            inputMode="numeric"
            maxLength={9}
            defaultValue={defaults?.weightKg ?? ""}
          />
        </div>
        <div className="min-w-0 space-y-1.5">
          <Label htmlFor="listing-power">Power (kW)</Label>
          <Input
            id="listing-power"
            name="powerKw"
            inputMode="numeric"
            maxLength={6}
            defaultValue={defaults?.powerKw ?? ""}
          />
        </div>
        <div className="min-w-0 space-y-1.5 sm:col-span-2">
          <Label htmlFor="listing-serial">Serial number / PIN / VIN</Label>
          <Input
            id="listing-serial"
            name="serial"
            maxLength={40}
            autoCapitalize="characters"
            defaultValue={defaults?.serial ?? ""}
            aria-describedby="listing-serial-note"
          />
          <p id="listing-serial-note" className="text-xs text-gray-600">
            Buyers see only its last four characters, to check it on a viewing.
          </p>
        </div>
        <div className="min-w-0 space-y-1.5 sm:col-span-2">
          <Label htmlFor="listing-attachments">Attachments and extras</Label>
          <Textarea
            id="listing-attachments"
            name="attachments"
            rows={3}
            defaultValue={defaults?.attachments?.join("\n") ?? ""}
            placeholder={"One per line, e.g.\nQuick coupler\nGP bucket 1.2 m³"}
            aria-describedby="listing-attachments-note"
          />
          <p id="listing-attachments-note" className="text-xs text-gray-600">
            At most {MAX_ATTACHMENTS}, each up to {ATTACHMENT_MAX_LENGTH} characters.
          </p>
        </div>
        <div className="min-w-0 space-y-1.5 sm:col-span-2">
          <Label htmlFor="listing-vat">VAT</Label>
          <NativeSelect id="listing-vat" name="vat" defaultValue={defaults?.vat ?? ""}>
            <option value="">Not specified</option>
            {VAT_MODES.map((v) => (
              <option key={v} value={v}>
                {VAT_LABELS[v]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
    </fieldset>
  );
}
