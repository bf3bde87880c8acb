/** The form intents the action of /saved-searches handles; the permission matrix has a row for each. */
export const intents = [
  "save",
  "update",
  "pause",
  "resume",
  "delete",
  "watchlist-alerts",
  "stop-all",
  "resume-all",
] as const;
export type Intent = (typeof intents)[number];
