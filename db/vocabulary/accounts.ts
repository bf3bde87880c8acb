/** An account's words: roles, notifications, e-mail outbox, alerts, consents and data exports. Part of db/vocabulary.ts. */

export const ROLES = ["buyer", "seller", "admin"] as const;
export const SIGNUP_ROLES = ["buyer", "seller"] as const;

export const NOTIFICATION_TYPES = [
  "listing_status",
  "purchase_request",
  "payment_status",
  "admin_review",
  "agreement_signed",
  "contact_message",
  "offer_request",
  "viewing_request",
  "quote_request",
  "feedback",
  "saved_search",
  "price_drop",
  "verification",
  "generic",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const OUTBOX_STATUSES = ["queued", "sent", "failed"] as const;

/** How often a saved search or the watchlist's price drops are told: at once, in a daily or weekly digest, or not at all. */
export const ALERT_FREQUENCIES = ["instant", "daily", "weekly", "off"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  instant: "Instant",
  daily: "Daily digest",
  weekly: "Weekly digest",
  off: "Off",
};

/** What a user agreed to (or withdrew): the consents table's purposes. */
export const CONSENT_PURPOSES = ["search_alerts", "watchlist_alerts", "terms"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
export const CONSENT_PURPOSE_LABELS: Record<ConsentPurpose, string> = {
  search_alerts: "Saved-search alerts",
  watchlist_alerts: "Watchlist price-drop alerts",
  terms: "Terms of use and privacy policy",
};

/** "Download my data": prepared by a job, offered for a day. */
export const DATA_EXPORT_STATUSES = ["pending", "ready", "failed"] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];
