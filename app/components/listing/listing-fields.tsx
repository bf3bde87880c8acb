/** The field groups of the listing form: what it is, how it is sold, where it is, and the listing type. */
import { LocateFixed } from "lucide-react";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { categoryLabel } from "#app/lib/format.ts";
import { CATEGORIES, CONDITION_LABELS, CONDITIONS, type Condition } from "#db/vocabulary.ts";
import { MACHINERY_SUGGESTIONS } from "./nearest-city.ts";

/** The stored values, for the edit form (the create form starts empty). */
export type ListingFieldDefaults = {
  title: string;
  description: string;
  category: string;
  condition: string;
  price: number;
  location: string;
  isUrgent: boolean;
  isBargain: boolean;
};

/** `suggestion`: the title the machine details make ("2019 Caterpillar 320D"), used when the field is left empty. */
export function TitleDescriptionFields({ suggestion = "", defaults }: { suggestion?: string; defaults?: ListingFieldDefaults }) {
  return (
    <>
      <div className="space-y-1.5">
        <Label htmlFor="listing-title">Title *</Label>
        <Input
          id="listing-title"
          name="title"
          list="machinery-suggestions"
          required={!suggestion}
          maxLength={120}
          defaultValue={defaults?.title}
          placeholder={suggestion ? suggestion : "e.g. 2019 CAT 320D Excavator"}
          aria-describedby={suggestion ? "listing-title-suggestion" : undefined}
        />
        {suggestion ? (
          <p id="listing-title-suggestion" className="text-xs text-gray-600">
            Left empty, the title will be “{suggestion}”.
          </p>
        ) : null}
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
          defaultValue={defaults?.description}
          placeholder="Hours, service history, attachments, condition…"
        />
      </div>
    </>
  );
}

function conditionMeaning(c: Condition) {
  return `${CONDITION_LABELS[c].label}: ${CONDITION_LABELS[c].meaning}.`;
}

/** A required select that starts on a disabled prompt. */
function RequiredSelect({
  id,
  name,
  prompt,
  choices,
  describedBy,
  defaultValue = "",
}: {
  id: string;
  name: string;
  prompt: string;
  choices: readonly (readonly [value: string, label: string])[];
  describedBy?: string;
  defaultValue?: string;
}) {
  return (
    <NativeSelect id={id} name={name} required defaultValue={defaultValue} aria-describedby={describedBy}>
      <option value="" disabled>
        {prompt}
      </option>
      {choices.map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </NativeSelect>
  );
}

const CATEGORY_CHOICES = CATEGORIES.map((c) => [c, categoryLabel(c)] as const);
const CONDITION_CHOICES = CONDITIONS.map((c) => [c, CONDITION_LABELS[c].label] as const);

/** Short condition names in the select (a phone's narrow field shows them whole); what each means below it. */
export function CategoryConditionFields({ condition, defaults }: { condition: string; defaults?: ListingFieldDefaults }) {
  const chosen = CONDITIONS.find((c) => c === condition);
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <div className="min-w-0 space-y-1.5">
        <Label htmlFor="listing-category">Category *</Label>
        <RequiredSelect
          id="listing-category"
          name="category"
          prompt="Select a category"
          choices={CATEGORY_CHOICES}
          defaultValue={defaults?.category}
        />
      </div>
      <div className="min-w-0 space-y-1.5">
        <Label htmlFor="listing-condition">Condition *</Label>
        <RequiredSelect
          id="listing-condition"
          name="condition"
          prompt="Select the condition"
          choices={CONDITION_CHOICES}
          describedBy="listing-condition-meaning"
          defaultValue={defaults?.condition}
        />
        <p id="listing-condition-meaning" className="text-xs text-gray-600">
          {chosen ? conditionMeaning(chosen) : CONDITIONS.map(conditionMeaning).join(" ")}
        </p>
      </div>
    </div>
  );
}

export function PriceLocationFields({
  onUseMyLocation,
  defaults,
}: {
  onUseMyLocation?: () => void;
  defaults?: ListingFieldDefaults;
}) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <div className="min-w-0 space-y-1.5">
        <Label htmlFor="listing-price">Price (R) *</Label>
        <Input
          id="listing-price"
          name="price"
          inputMode="decimal"
          required
          placeholder="e.g. 1450000"
          defaultValue={defaults ? String(defaults.price) : undefined}
        />
      </div>
      <div className="min-w-0 space-y-1.5">
        <Label htmlFor="listing-location">Location</Label>
        <div className="flex gap-2">
          <Input
            id="listing-location"
            name="location"
            maxLength={120}
            placeholder="e.g. Johannesburg, Gauteng"
            defaultValue={defaults?.location}
          />
          {onUseMyLocation ? (
            <Button
              type="button"
              variant="outline"
              size="icon"
              onClick={onUseMyLocation}
              aria-label="Use my location"
              title="Use my location"
            >
              <LocateFixed />
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

export function ListingTypeFields({ defaults }: { defaults?: ListingFieldDefaults }) {
  return (
    <fieldset className="flex flex-wrap gap-6">
      <legend className="mb-2 text-sm font-medium">Listing type * (at least one)</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="isUrgent" defaultChecked={defaults?.isUrgent} className="size-4 accent-red-600" /> Urgent
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="isBargain" defaultChecked={defaults?.isBargain} className="size-4 accent-green-600" />{" "}
        Bargain
      </label>
    </fieldset>
  );
}
