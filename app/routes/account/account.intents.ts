/** The form intents the action of /account handles; the permission matrix has a row for each. */
export const intents = [
  "update-profile",
  "change-password",
  "change-email",
  "sign-out-others",
  "sign-out-session",
  "stop-all-alerts",
  "watchlist-alerts-off",
] as const;
export type Intent = (typeof intents)[number];
