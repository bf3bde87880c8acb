/** In the catalog's address after a visitor signed in to save the search: the form opens. */
export const OPEN_PARAM = "saveSearch";

/** "Save this search" looks the same as a link (visitors, other accounts) and as the buyer's disclosure. */
export const SAVE_SEARCH_TRIGGER =
  "inline-flex h-10 cursor-pointer list-none items-center gap-2 rounded-md border border-brand-600 bg-white px-4 text-sm font-medium text-brand-800 shadow-sm hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 [&::-webkit-details-marker]:hidden";
