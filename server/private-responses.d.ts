import type { NextFunction, Request, Response } from "express";

export function carriesSession(cookieHeader: string | undefined): boolean;
export function privateCacheControl(existing: string | number | string[] | undefined): string;
export function addVary(existing: string | number | string[] | undefined, field: string): string;
/** `Cache-Control: private, no-store` on every response that depends on the session; `Vary: Cookie` on all (see private-responses.js). */
export function privateResponses(req: Request, res: Response, next: NextFunction): void;
