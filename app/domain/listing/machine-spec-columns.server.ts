/** The machine's details as selected from `listings` (pages, the admin's edit form, the audit's "before"). */
import { listings } from "#db/schema.ts";

export const machineSpecColumns = {
  make: listings.make,
  model: listings.model,
  year: listings.year,
  usage: listings.usage,
  serial: listings.serial,
  weightKg: listings.weightKg,
  powerKw: listings.powerKw,
  attachments: listings.attachments,
  vat: listings.vat,
};
