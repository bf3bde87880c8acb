import { expect } from "vitest";
import { AppError } from "#app/lib/app-error.ts";

/** Awaits a domain call that must be refused, and returns its AppError (the test fails if it succeeds or throws anything else). */
export async function refusal(p: Promise<unknown>) {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}
