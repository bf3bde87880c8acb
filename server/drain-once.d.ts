import type { NextFunction, Request, Response } from "express";

/** Serves every `res.once("drain")` of a compressed response from one listener (see drain-once.js). */
export function drainOnce(req: Request, res: Response, next: NextFunction): void;
