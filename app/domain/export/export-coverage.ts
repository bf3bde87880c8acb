/**
 * What "Download my data" covers, table by table (docs/privacy.md#what-the-copy-of-your-data-holds).
 * Every table of db/schema.ts is in exactly one of the three lists below; tests/db/data-export.test.ts
 * finds every table holding data about a person from the database itself and fails while one is in
 * none of the first two, or lands in the third — so a new table with personal data must be exported
 * or left out here, with its reason.
 */

/** Each table that is exported, and where its rows are in data.json (`a[].b`: inside each item of `a`). */
export const EXPORTED_TABLES = {
  user: ["account"],
  session: ["sessions"],
  account: ["signInMethods"],
  profiles: ["profile"],
  sellers: ["seller"],
  approved_sellers: ["sellerApproval"],
  seller_documents: ["verificationDocuments"],
  buyers: ["buyer"],
  admin_access: ["adminAccess"],
  listings: ["listings"],
  listing_images: ["listings[].images"],
  listing_price_changes: ["listings[].priceChanges"],
  listing_revisions: ["listings[].revisions"],
  listing_views: ["listings[].views", "listingsViewed"],
  favourites: ["favourites"],
  saved_searches: ["savedSearches"],
  saved_search_matches: ["savedSearches[].matches"],
  price_drop_alerts: ["priceDropAlerts"],
  alert_preferences: ["alertPreferences"],
  consents: ["consents"],
  notifications: ["notifications"],
  transactions: ["purchaseRequests"],
  user_requests: ["requests"],
  request_events: ["purchaseRequests[].events", "requests[].events"],
  mandate_agreements: ["mandateAgreements"],
  feedback: ["feedback"],
  contact_messages: ["contactMessages"],
  email_outbox: ["emails"],
  audit_events: ["auditEvents"],
  data_exports: ["dataExports"],
  pending_invitations: ["invitations"],
} as const satisfies Record<string, readonly string[]>;

/** Tables that hold something about a person but are not in the copy, and why. */
export const TABLES_LEFT_OUT: Record<string, string> = {
  verification:
    "One-time tokens (confirming an address, resetting a password, a Google sign-in under way), stored hashed and valid for an hour to a day: secrets, not information about you.",
  two_factor:
    "The two-factor secret and backup codes: secrets that would let anyone holding the copy sign in. The copy says whether two-factor sign-in is on (account.twoFactorEnabled).",
  rate_limits:
    "Counters of attempts (sign-in, sign-up, e-mails) keyed by address, e-mail or account, kept only for their window (at most an hour).",
  saved_search_match_queue:
    "Listings waiting a few seconds for the saved-search matching job; it holds nothing about a person.",
};

/** Tables that hold nothing about a person (the test checks that none of them refers to one). */
export const TABLES_WITHOUT_PERSONAL_DATA: Record<string, string> = {
  listing_term_prices: "The cheapest and dearest price of any listing per search word, across all listings.",
};

/** The keys of data.json, each with what it holds (written into data.json's `keys` too). */
export const DATA_JSON_KEYS = {
  format: "The format of this file: dealequip-data-export, version 1.",
  exportedAt: "When this copy was made (ISO 8601, UTC).",
  keys: "This list.",
  files: "The files in this ZIP beside data.json, each with what it is.",
  account:
    "Your account: id, name, e-mail address, whether it is confirmed, whether it is suspended (and why), whether two-factor sign-in is on, when it was made and last changed.",
  signInMethods:
    "How you sign in: the provider (credential = e-mail and password, google) and when it was added. Never a password or token.",
  sessions:
    "Your signed-in sessions: when each began, was last used and ends, the IP address and the browser (user agent).",
  profile: "Your profile: role, name, company, website, e-mail, phone, seller type and relationship.",
  seller: "Your seller details: name, phone, type, relationship and where your verification stands.",
  sellerApproval: "Whether and when your seller account was approved.",
  verificationDocuments:
    "The documents you sent for verification (kind, file name, type, size, when), each with its file in files/verification/.",
  buyer: "Your buyer details: phone, company, province, whether you accepted the buyer commission.",
  adminAccess: "Your admin access, if any: since when, whether active, the notes on it.",
  listings:
    "Your listings with every detail, and for each: images (size, order, its file in files/listings/), priceChanges, revisions (your edits and the decisions on them) and views (how many visits a day; never who).",
  listingsViewed: "The listings you looked at while signed in, by day.",
  favourites: "Your watchlist: listing, title and the price when you saved it.",
  savedSearches:
    "Your saved searches with their filters and alert frequency, each with the listings it matched (matches).",
  priceDropAlerts: "Price drops on your watchlist that were (or are to be) told to you.",
  alertPreferences: "Your alert settings: watchlist price-drop frequency, whether all alerts are stopped.",
  consents: "Every consent you gave or withdrew: what, yes or no, where and when.",
  notifications: "Your notifications: title, message, type, link, read or not, when.",
  purchaseRequests:
    "Purchase requests: those you made (side buyer) and those made on your listings (side seller; the buyer is not named), each with its history (events).",
  requests:
    "Offers, viewings and quote requests: those you made (side buyer) and those about your listings (side seller; the buyer is not named), each with its history (events).",
  mandateAgreements:
    "The sales mandates you signed, with their full text, and the signed PDF in files/mandates/ where one was uploaded.",
  feedback: "The feedback you gave: rating, comments, when.",
  contactMessages:
    "The messages you sent the team (contact page or dashboard): subject, message, phone, your address, whether handled.",
  emails:
    "The e-mails we sent (or are sending) to your address: subject, kind, status, when. Not their text (links in them may still work).",
  auditEvents:
    "Our audit records that concern you (your account, listings and requests) or that you caused: the action, what it was about, when, whether you did it, and what changed where it concerns you.",
  dataExports: "The copies of your data you asked for: when, status, size, until when downloadable.",
  invitations:
    "Invitations sent to your address: role, name and message given, when sent, whether used, until when valid.",
} as const;

export type DataJsonKey = keyof typeof DATA_JSON_KEYS;
