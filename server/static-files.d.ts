import type { NextFunction, Request, Response } from "express";

export type Compressed = { br: Buffer; gzip: Buffer };

export type StaticFile = {
  /** Where the file is on disk. */
  path: string;
  body: Buffer;
  contentType: string;
  cacheControl: string;
  etag: string;
  lastModified: string;
  compressible: boolean;
  /** The promise of the compressed bytes (made on first demand when the build did not write them). */
  compressed: Promise<Compressed> | undefined;
  /** The compressed bytes once there. */
  ready: Compressed | undefined;
};

export const CONTENT_TYPES: Record<string, string>;
export const COMPRESS_FROM_BYTES: number;
export function isCompressible(contentType: string): boolean;
/** Whether a browser may show the file as a page of its own (HTML, SVG): then it gets the document's security headers. */
export function opensAsDocument(contentType: string): boolean;
/** "br", "gzip" or "identity" for an Accept-Encoding header. */
export function chooseEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity";
export function isFresh(
  headers: Record<string, string | string[] | undefined>,
  file: Pick<StaticFile, "etag" | "lastModified">,
): boolean;
export function loadStaticFiles(root: string): Map<string, StaticFile>;
/** Writes brotli (quality 11) and gzip (level 9) copies beside every compressible file of 1 KB and more under `root`. */
export function precompress(root: string): Promise<{ files: number; bytes: number; br: number; gzip: number }>;
/** The built files (build/client) from memory, `securityHeaders` on those that open as documents, ahead of the rest of the middleware (see static-files.js). */
export function staticFiles(options: {
  root: string;
  securityHeaders: (req: Request, res: Response, next: () => void) => void;
}): (req: Request, res: Response, next: NextFunction) => void;
