/** The longest message a buyer may add to a request (kept apart from the schemas, which bring Zod, for the listing page). */
export const REQUEST_MESSAGE_MAX = 5000;
