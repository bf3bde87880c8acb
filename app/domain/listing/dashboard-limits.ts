/** Signed mandates under the seller dashboard's "Legal Agreements", latest first, unless the seller asks for all. */
export const DASHBOARD_AGREEMENTS_SHOWN = 10;
