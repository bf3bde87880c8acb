import type { Server } from "node:http";
import type { NextFunction, Request, Response } from "express";

/** A whole number of seconds from the environment (0–120), or the default; anything else throws. */
export function secondsSetting(name: string, value: string | undefined, fallback: number): number;

export type Lifecycle = {
  /** Counts the request in flight; once draining, its answer closes the connection. */
  track: (req: Request, res: Response, next: NextFunction) => void;
  /** GET /healthz and /readyz (see lifecycle.js). */
  probes: (req: Request, res: Response, next: NextFunction) => Promise<void>;
  /** Readiness 503, a delay while a balancer watches, then close the listener and wait for the requests in flight. */
  drain: (server: Server) => Promise<void>;
  isDraining: () => boolean;
  inFlightCount: () => number;
  /** The longest a drain takes. */
  drainSeconds: number;
};

export function createLifecycle(options: {
  databaseAvailable: () => Promise<boolean>;
  delaySeconds: number;
  graceSeconds: number;
}): Lifecycle;
