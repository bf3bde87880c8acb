/**
 * The product's name and tagline: the one setting every page title, e-mail,
 * mandate, PDF and log line reads. Change them here and nowhere else.
 */
export const PRODUCT_NAME = "DealEquip";
export const PRODUCT_TAGLINE = "Machinery Marketplace";
export const COMPANY_NAME = `${PRODUCT_NAME} (Pty) Ltd`;

/** "<page> | DealEquip": the document title of every page. */
export const pageTitle = (page: string) => `${page} | ${PRODUCT_NAME}`;
