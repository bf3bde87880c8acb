/**
 * What the create-listing form still needs before "Upload Machinery" can
 * succeed, read from the form's own rules: the shared schema
 * (CreateListingSchema) and at least one photo. The order is the form's.
 */
import { CreateListingSchema } from "#app/domain/listing/listing-schemas.ts";
import { EARLIEST_YEAR, latestYear } from "#app/domain/listing/machine-specs.ts";

const FIELD_NAMES: Record<string, string> = {
  title: "title",
  description: "description",
  category: "category",
  condition: "condition",
  price: "price (a number above 0)",
  location: "location (at most 120 characters)",
  isUrgent: "listing type (Urgent or Bargain)",
  make: "make (at most 40 characters)",
  makeOther: "make (typed, for Other)",
  model: "model (at most 60 characters)",
  year: `year of manufacture (${EARLIEST_YEAR} to ${latestYear()})`,
  usage: "hours or kilometres (a whole number)",
  serial: "serial number (letters, digits, spaces, dashes, dots and slashes)",
  weightKg: "operating weight (whole kilograms)",
  powerKw: "power (whole kilowatts)",
  attachments: "attachments (at most 10, each up to 60 characters)",
};
const FORM_ORDER = [
  "title",
  "description",
  "category",
  "condition",
  "make",
  "model",
  "makeOther",
  "year",
  "usage",
  "weightKg",
  "powerKw",
  "serial",
  "attachments",
  "price",
  "location",
  "isUrgent",
];

/** Complete field values, to read the schema's cross-field rule (Urgent or Bargain) on its own. */
const COMPLETE_FIELDS = {
  title: "x",
  description: "x",
  category: "other",
  condition: "used",
  price: "1",
  location: "",
};

function issuePaths(values: Record<string, unknown>) {
  const parsed = CreateListingSchema.safeParse(values);
  return parsed.success ? [] : parsed.error.issues.map((issue) => String(issue.path[0] ?? ""));
}

export function missingForUpload(values: Record<string, unknown>, photoCount: number) {
  // The schema checks its cross-field rule only once every field is valid, so that rule is read
  // separately: the form's flags with otherwise complete fields.
  const flags = { isUrgent: values.isUrgent, isBargain: values.isBargain };
  const paths = new Set([...issuePaths(values), ...issuePaths({ ...COMPLETE_FIELDS, ...flags })]);
  return {
    photo: photoCount === 0,
    fields: FORM_ORDER.filter((name) => paths.has(name)).map((name) => FIELD_NAMES[name]!),
  };
}

/** The sentence under the button: why it is disabled, and what is still to fill in; null when nothing is missing. */
export function uploadHint(missing: { photo: boolean; fields: string[] }) {
  const fields = missing.fields.length ? `fill in the ${joinWords(missing.fields)}` : "";
  if (missing.photo) {
    return `Upload Machinery is disabled: add at least one photo${fields ? ` and ${fields}` : ""}.`;
  }
  return fields ? `Before uploading, ${fields}.` : null;
}

function joinWords(words: string[]) {
  return words.length <= 1 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}
