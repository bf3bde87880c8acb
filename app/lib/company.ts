/**
 * The company's contact details: the contact page, the privacy policy (the
 * responsible party and its information officer) and the terms read them
 * from here. The company's name itself is `COMPANY_NAME` in brand.ts.
 */
import { COMPANY_NAME } from "./brand.ts";

/** Static contact details and opening hours (docs/product.md#interface). */
export const CONTACT_DETAILS = {
  email: "info@dealequip.co.za",
  phone: "+27 11 555 0123",
  address: [COMPANY_NAME, "25 Commissioner Street", "Marshalltown, Johannesburg, 2001", "South Africa"],
  hours: "Mon-Fri 8:00-18:00, Sat 9:00-14:00, Sun closed",
} as const;

/** Who answers for personal information under POPIA (the privacy policy), and where to reach them. */
export const INFORMATION_OFFICER = {
  role: "Information Officer",
  email: "privacy@dealequip.co.za",
} as const;

/** The regulator a user may complain to under POPIA. */
export const INFORMATION_REGULATOR = {
  name: "Information Regulator (South Africa)",
  website: "https://inforegulator.org.za",
  label: "inforegulator.org.za",
} as const;
