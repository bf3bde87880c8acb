/** Turns a domain AppError into the route's 4xx answer (never a 500 for bad input). */
import { data } from "react-router";
import { AppError } from "./app-error.ts";

export type ErrorToast = { type: "error"; title: string; description: string };

export function errorData(error: AppError) {
  return data({ toast: { type: "error", title: error.title, description: error.message } as ErrorToast }, { status: error.status });
}

/**
 * PostgreSQL's "data exception" class (22xxx: a NUL byte or broken UTF-8 in
 * text, a number out of range, a malformed date…) means the input could not
 * be stored: the sender's fault, so a 400, not a 500.
 */
export function isBadInputForDatabase(error: unknown) {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^22[0-9A-Z]{3}$/.test(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export const UNREADABLE = new AppError(
  "BAD_REQUEST",
  "Invalid Input",
  "Some of what you entered could not be read. Please check it and try again.",
);

/** Runs `fn`; an AppError (or input the database cannot store) becomes `errorData`, anything else is rethrown. */
export async function orError<T>(fn: () => Promise<T>) {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof AppError) return errorData(error);
    if (isBadInputForDatabase(error)) return errorData(UNREADABLE);
    throw error;
  }
}

export function jsonError(error: AppError) {
  return Response.json({ title: error.title, message: error.message }, { status: error.status });
}
