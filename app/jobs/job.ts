/**
 * What a background job is: its queue name, the payload it accepts (checked
 * with Zod before the work runs), its retry policy, when it runs on its own,
 * and the work. Each job lives in its own module in this folder; `index.server.ts`
 * lists them and the runtime registers that list.
 */
import type { PgBoss, Queue } from "pg-boss";
import type { Transporter } from "nodemailer";
import type { z } from "zod";
import type { Db } from "#app/lib/db.server.ts";
import type { Env } from "#app/lib/env.server.ts";
import type { Storage } from "#app/lib/storage.server.ts";

/** The services a job may use. */
export type JobContext = { db: Db; env: Env; storage: Storage; boss: PgBoss; transport?: Transporter };

/** The attempt a worker holds: `retryCount` of `retryLimit` retries used so far. */
export type Attempt = { retryCount: number; retryLimit: number };

export type JobDefinition<Payload> = {
  name: string;
  payload: z.ZodType<Payload>;
  /** pg-boss queue options: retries and back-off. */
  queue: Omit<Queue, "name">;
  /** A cron line (Africa/Johannesburg) the job also runs on by itself. */
  schedule?: string;
  /** Runs once when the process starts, too. */
  runAtStart?: boolean;
  /** A transaction may ask for a run now (wakeJob, app/lib/wake-job.server.ts). */
  wakeable?: boolean;
  /** Its work can change what visitors see (a listing leaves the catalogue): every instance forgets its stored visitor pages after a run. */
  changesVisitorPages?: boolean;
  /** Jobs fetched per poll (default 1); each still succeeds or fails on its own. */
  batchSize?: number;
  work: (payload: Payload, context: JobContext, attempt: Attempt) => Promise<void>;
  /** Failures the work has logged itself, with more to say than the runner: the runner records them without logging them again. */
  logsOwnFailure?: (error: unknown) => boolean;
};

export const defineJob = <Payload>(job: JobDefinition<Payload>) => job;
