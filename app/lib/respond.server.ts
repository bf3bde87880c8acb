/** Turns a domain AppError into the route's 4xx answer (never a 500 for bad input). */
import { data } from "react-router";
import { AppError } from "./app-error.ts";
import { isBadInputForDatabase } from "./db-errors.ts";
import { UNREADABLE_FORM } from "./read-form.server.ts";

export type ErrorToast = { type: "error"; title: string; description: string };

export function errorData(error: AppError) {
  return data({ toast: { type: "error", title: error.title, description: error.message } as ErrorToast }, { status: error.status });
}

/** Input that could not be read or stored (see read-form.server.ts and isBadInputForDatabase). */
export const UNREADABLE = new AppError("BAD_REQUEST", "Invalid Input", UNREADABLE_FORM);

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
