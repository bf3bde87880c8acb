/**
 * Whether an error means "the database cannot be reached right now" (a
 * restart, a cut connection, a refused or timed-out connect) rather than a
 * bug or bad input. Follows `cause` (Drizzle wraps driver errors).
 */
const CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "57P01", "57P02", "57P03"]);
const MESSAGES = [/Connection terminated/i, /timeout exceeded when trying to connect/i, /Client has encountered a connection error/i, /Connection ended unexpectedly/i];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    const { code, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && MESSAGES.some((m) => m.test(message))) return true;
    e = cause;
  }
  return false;
}
