/** What the database said, through the `cause` chain (Drizzle wraps driver errors). */
function someInChain(error: unknown, test: (e: { code?: unknown; message?: unknown }) => boolean) {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    if (test(e as { code?: unknown; message?: unknown })) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Whether an error means "the database cannot be reached right now" (a
 * restart, a cut connection, a refused or timed-out connect) rather than a
 * bug or bad input.
 */
const CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "57P01", "57P02", "57P03"]);
const MESSAGES = [/Connection terminated/i, /timeout exceeded when trying to connect/i, /Client has encountered a connection error/i, /Connection ended unexpectedly/i];

export function isDatabaseUnavailable(error: unknown): boolean {
  return someInChain(
    error,
    ({ code, message }) =>
      (typeof code === "string" && (CODES.has(code) || code.startsWith("08"))) ||
      (typeof message === "string" && MESSAGES.some((m) => m.test(message))),
  );
}

/**
 * PostgreSQL's "data exception" class (22xxx: a NUL byte or broken UTF-8 in
 * text, a number out of range, a malformed date…) means the input could not
 * be stored: the sender's fault, so a 400, not a 500.
 */
export function isBadInputForDatabase(error: unknown): boolean {
  return someInChain(error, ({ code }) => typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code));
}
