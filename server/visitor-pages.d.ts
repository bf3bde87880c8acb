import type { NextFunction, Request, Response } from "express";

/** The pages kept for visitors (and their single-fetch data). */
export const VISITOR_PAGE_PATHS: RegExp[];
/** A GET without any cookie or Authorization for one of VISITOR_PAGE_PATHS. */
export function isVisitorPageRequest(req: Pick<Request, "method" | "headers" | "path">): boolean;
/** A 200 without Set-Cookie, without a private or no-store Cache-Control, and not over `maxEntryBytes`. */
export function isKeepable(res: Response, bytes: number, maxEntryBytes: number): boolean;

export type VisitorPages = {
  /** Express middleware, after compression and the security headers, before the app. */
  middleware: (req: Request, res: Response, next: NextFunction) => void;
  /** Forgets every stored page, and keeps pages being rendered now from being stored. */
  invalidate: () => void;
  /** Pages stored now, and their bytes. */
  stats: () => { entries: number; bytes: number };
};

export function createVisitorPages(options: {
  /** How long a stored page is served; 0 stores nothing. */
  ttlSeconds: number;
  /** All stored pages together (oldest forgotten first); 32 MB by default. */
  maxBytes?: number;
  /** A larger page is not stored; 1 MB by default. */
  maxEntryBytes?: number;
  /** The CSP nonce of a response (server.js: res.locals.cspNonce), swapped in the stored bytes. */
  nonceOf: (res: Response) => string;
  /** A page view answered from the store (a listing page counts its view). */
  onHit?: (req: Request) => void;
  /** A request that can write has answered (server.js tells the other instances). */
  onWriteAnswered?: () => void;
  now?: () => number;
}): VisitorPages;
