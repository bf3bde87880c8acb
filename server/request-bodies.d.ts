import type { Server } from "node:http";
import type { NextFunction, Request, Response } from "express";

/** A body limit: its size and the refusal's wording (title for JSON answers, message for both). */
export type BodyLimit = { readonly bytes: number; readonly title: string; readonly message: string };

export const FORM_OVERHEAD_BYTES: number;
/** The one table of body limits (see request-bodies.js). */
export const BODY_LIMITS: {
  readonly listingPhotos: BodyLimit;
  readonly signedMandate: BodyLimit;
  readonly sellerDocument: BodyLimit;
  readonly form: BodyLimit;
};
export const DRAIN_LIMITS: { readonly bytes: number; readonly ms: number };

export function bodyLimitFor(pathname: string): BodyLimit;
export function declaredLength(headers: Record<string, string | string[] | undefined>): number | null;
export function hasBody(headers: Record<string, string | string[] | undefined>): boolean;
export function declaredTooLarge(pathname: string, headers: Record<string, string | string[] | undefined>): boolean;

/** 413 for a body over its limit; a body left unread by the answer is drained (bounded) and the connection closed. */
export function requestBodies(req: Request, res: Response, next: NextFunction): void;
/** Answers `Expect: 100-continue` with 413 instead of "100 Continue" when the declared length is over the limit. */
export function answerExpectContinue(server: Server): void;
