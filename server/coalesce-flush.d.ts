import type { NextFunction, Request, Response } from "express";

/** Flushes a compressed response only once it has gone quiet for a moment (see coalesce-flush.js). */
export function coalesceFlush(req: Request, res: Response, next: NextFunction): void;
